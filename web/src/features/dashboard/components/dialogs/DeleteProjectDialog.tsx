import { deleteProject, type Project } from '../../../../lib/api/projects';
import { DeleteDialog } from '../../../../components/ActionDialog';

export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  return (
    <DeleteDialog
      subject={project}
      onClose={onClose}
      title="Delete Project"
      remove={async (p) => {
        await deleteProject(p.id);
        return ['Project deleted', `${p.name} and its API key are gone; its images are kept.`];
      }}
      failure={['Failed to delete project', 'The project could not be deleted. Please try again.']}
    >
      Delete <strong>{project?.name}</strong>? Its endpoint and API key stop working at once. Images already made stay
      available at their URLs and remain in your image list.
    </DeleteDialog>
  );
}
