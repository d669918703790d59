import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { deleteImage, type TableImage } from '../../../../lib/api/images';
import { AppDialog } from '../../../../components/AppDialog';

export function DeleteImageDialog({ image, onClose }: { image: TableImage | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!image) return;
    setBusy(true);
    try {
      await deleteImage(image.id);
      toast.success('Image deleted', 'Its public URL no longer serves the image.');
      onClose();
    } catch (err) {
      toast.error('Failed to delete image', messageOf(err, 'The image could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={image !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Delete Image"
      alert
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={busy} loadingText="Deleting...">
            Delete Image
          </Button>
        </>
      }
    >
      <Text>
        Delete <strong>{image?.title || image?.filename}</strong>? The file is removed and its public URL will answer
        404 wherever it is embedded. This cannot be undone.
      </Text>
    </AppDialog>
  );
}
