import { Text } from '@chakra-ui/react';
import { deleteProject, type Project } from '../../../../lib/api/projects';
import { ActionDialog, useDialogAction } from '../../../../components/ActionDialog';

export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { busy, run } = useDialogAction(onClose);

  function confirm() {
    if (!project) return;
    void run(async () => {
      await deleteProject(project.id);
      return ['Project deleted', `${project.name} and its API key are gone; its images are kept.`];
    }, ['Failed to delete project', 'The project could not be deleted. Please try again.']);
  }

  return (
    <ActionDialog
      open={project !== null}
      onClose={onClose}
      title="Delete Project"
      alert
      busy={busy}
      action={{ label: 'Delete Project', busyLabel: 'Deleting...', colorPalette: 'red', onClick: confirm }}
    >
      <Text>
        Delete <strong>{project?.name}</strong>? Its endpoint and API key stop working at once. Images already made stay
        available at their URLs and remain in your image list.
      </Text>
    </ActionDialog>
  );
}
