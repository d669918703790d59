import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { deleteProject, type Project } from '../../../../lib/api/projects';
import { AppDialog } from '../../../../components/AppDialog';

export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!project) return;
    setBusy(true);
    try {
      await deleteProject(project.id);
      toast.success('Project deleted', `${project.name} and its API key are gone; its images are kept.`);
      onClose();
    } catch (err) {
      toast.error('Failed to delete project', messageOf(err, 'The project could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={project !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Delete Project"
      alert
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={busy} loadingText="Deleting...">
            Delete Project
          </Button>
        </>
      }
    >
      <Text>
        Delete <strong>{project?.name}</strong>? Its endpoint and API key stop working at once. Images already made stay
        available at their URLs and remain in your image list.
      </Text>
    </AppDialog>
  );
}
