import { deleteImage, type TableImage } from '../../../../lib/api/images';
import { DeleteDialog } from '../../../../components/ActionDialog';

export function DeleteImageDialog({ image, onClose }: { image: TableImage | null; onClose: () => void }) {
  return (
    <DeleteDialog
      subject={image}
      onClose={onClose}
      title="Delete Image"
      remove={async (i) => {
        await deleteImage(i.id);
        return ['Image deleted', 'Its public URL no longer serves the image.'];
      }}
      failure={['Failed to delete image', 'The image could not be deleted. Please try again.']}
    >
      Delete <strong>{image?.title || image?.filename}</strong>? The file is removed and its public URL will answer 404
      wherever it is embedded. This cannot be undone.
    </DeleteDialog>
  );
}
