import { useEffect, useState } from 'react';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { addExampleImage } from '../../../../lib/api/images';
import type { Project } from '../../../../lib/api/projects';
import { ActionDialog, useDialogAction } from '../../../../components/ActionDialog';

/** Renders a small sample table into the project, using its default styles (counts toward usage). */
export function AddExampleDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const [title, setTitle] = useState('Regional Sales');
  const { busy, run } = useDialogAction(onClose);
  useEffect(() => {
    if (project) setTitle('Regional Sales');
  }, [project]);

  function submit() {
    if (!project) return;
    void run(async () => {
      await addExampleImage(project.id, title.trim() || 'Regional Sales');
      return ['Example added', `An example table was added to ${project.name}.`];
    }, ['Failed to add example', 'The example image could not be created. Please try again.']);
  }

  return (
    <ActionDialog
      open={project !== null}
      onClose={onClose}
      title="Add Example Image"
      busy={busy}
      action={{ label: 'Add Example', busyLabel: 'Adding...' }}
      onSubmit={submit}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Renders a four-row sales table with this project&apos;s default styles — a quick way to see them. It counts as
          one table of your monthly allowance.
        </Text>
        <Field.Root>
          <Field.Label>Title</Field.Label>
          <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}
