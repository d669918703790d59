import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { renameProject, type Project } from '../../../../lib/api/projects';
import { validateRename, type ProjectFormErrors } from '../../../../lib/project-form';
import { AppDialog } from '../../../../components/AppDialog';

export function RenameProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (project) {
      setName(project.name);
      setDescription(project.description ?? '');
      setErrors({});
    }
  }, [project]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!project) return;
    const found = validateRename({ name, description });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await renameProject(project.id, { name: name.trim(), description: description.trim() });
      toast.success('Project renamed', `The project is now called ${name.trim()}.`);
      onClose();
    } catch (err) {
      toast.error('Failed to rename project', messageOf(err, 'The project could not be renamed. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      open={project !== null}
      onClose={() => {
        if (!saving) onClose();
      }}
      title="Rename Project"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="rename-project-form"
            colorPalette="brand"
            loading={saving}
            loadingText="Saving..."
          >
            Save
          </Button>
        </>
      }
    >
      <form id="rename-project-form" onSubmit={submit} noValidate>
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
      </form>
    </AppDialog>
  );
}
