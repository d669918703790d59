import { useEffect, useState } from 'react';
import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { renameProject, type Project } from '../../../../lib/api/projects';
import { validateRename, type ProjectFormErrors } from '../../../../lib/project-form';
import { ActionDialog, useDialogAction } from '../../../../components/ActionDialog';

export function RenameProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const { busy, run } = useDialogAction(onClose);

  useEffect(() => {
    if (project) {
      setName(project.name);
      setDescription(project.description ?? '');
      setErrors({});
    }
  }, [project]);

  function submit() {
    if (!project) return;
    const found = validateRename({ name, description });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      await renameProject(project.id, { name: name.trim(), description: description.trim() });
      return ['Project renamed', `The project is now called ${name.trim()}.`];
    }, ['Failed to rename project', 'The project could not be renamed. Please try again.']);
  }

  return (
    <ActionDialog
      open={project !== null}
      onClose={onClose}
      title="Rename Project"
      busy={busy}
      action={{ label: 'Save', busyLabel: 'Saving...' }}
      onSubmit={submit}
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>
            Project name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.description}>
          <Field.Label>Description</Field.Label>
          <Textarea value={description} rows={2} onChange={(e) => setDescription(e.target.value)} />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}
