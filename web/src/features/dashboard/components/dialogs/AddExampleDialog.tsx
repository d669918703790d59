import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { addExampleImage } from '../../../../lib/api/images';
import type { Project } from '../../../../lib/api/projects';
import { AppDialog } from '../../../../components/AppDialog';

/** Renders a small sample table into the project, using its default styles (counts toward usage). */
export function AddExampleDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const [title, setTitle] = useState('Regional Sales');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (project) setTitle('Regional Sales');
  }, [project]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!project) return;
    setBusy(true);
    try {
      await addExampleImage(project.id, title.trim() || 'Regional Sales');
      toast.success('Example added', `An example table was added to ${project.name}.`);
      onClose();
    } catch (err) {
      toast.error('Failed to add example', messageOf(err, 'The example image could not be created. Please try again.'));
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
      title="Add Example Image"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="add-example-form" colorPalette="brand" loading={busy} loadingText="Adding...">
            Add Example
          </Button>
        </>
      }
    >
      <form id="add-example-form" onSubmit={submit} noValidate>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Renders a four-row sales table with this project&apos;s default styles — a quick way to see them. It counts
            as one table of your monthly allowance.
          </Text>
          <Field.Root>
            <Field.Label>Title</Field.Label>
            <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
          </Field.Root>
        </Stack>
      </form>
    </AppDialog>
  );
}
