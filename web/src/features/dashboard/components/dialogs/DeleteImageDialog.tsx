import { Text } from '@chakra-ui/react';
import { deleteImage, type TableImage } from '../../../../lib/api/images';
import { ActionDialog, useDialogAction } from '../../../../components/ActionDialog';

export function DeleteImageDialog({ image, onClose }: { image: TableImage | null; onClose: () => void }) {
  const { busy, run } = useDialogAction(onClose);

  function confirm() {
    if (!image) return;
    void run(async () => {
      await deleteImage(image.id);
      return ['Image deleted', 'Its public URL no longer serves the image.'];
    }, ['Failed to delete image', 'The image could not be deleted. Please try again.']);
  }

  return (
    <ActionDialog
      open={image !== null}
      onClose={onClose}
      title="Delete Image"
      alert
      busy={busy}
      action={{ label: 'Delete Image', busyLabel: 'Deleting...', colorPalette: 'red', onClick: confirm }}
    >
      <Text>
        Delete <strong>{image?.title || image?.filename}</strong>? The file is removed and its public URL will answer
        404 wherever it is embedded. This cannot be undone.
      </Text>
    </ActionDialog>
  );
}
