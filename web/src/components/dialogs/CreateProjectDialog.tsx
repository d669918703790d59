import { useState } from 'react';
import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { createProject, type Project } from '../../lib/api/projects';
import {
  suggestEndpointPath,
  validateProjectForm,
  type ProjectFormErrors,
  type ProjectFormValues,
} from '../../lib/project-form';
import { ActionDialog, useDialogAction } from '../ActionDialog';

export interface CreateProjectDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (project: Project) => void;
  /** The dashboard toasts 'Project Created', the create-image screen 'Project created' (SPEC §8). */
  successTitle?: string;
}

const empty: ProjectFormValues = { name: '', description: '', endpointPath: '' };

export function CreateProjectDialog({
  open,
  onClose,
  onCreated,
  successTitle = 'Project Created',
}: CreateProjectDialogProps) {
  const [values, setValues] = useState<ProjectFormValues>(empty);
  const [pathEdited, setPathEdited] = useState(false);
  const [errors, setErrors] = useState<ProjectFormErrors>({});

  function reset() {
    setValues(empty);
    setErrors({});
    setPathEdited(false);
  }
  // Closed first on success: the caller may open another dialog (the new key) from onCreated.
  const { busy, run } = useDialogAction(() => {
    reset();
    onClose();
  });

  async function submit() {
    const found = validateProjectForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let created: Project | undefined;
    const ok = await run(async () => {
      created = await createProject({
        name: values.name.trim(),
        description: values.description.trim(),
        endpointPath: values.endpointPath.trim(),
      });
      return [successTitle, `${created.name} is ready. Copy its API key now: the full key is shown only once.`];
    }, ['Failed to create project', 'The project could not be created. Please try again.']);
    if (ok && created) onCreated?.(created);
  }

  return (
    <ActionDialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title="Create New Project"
      busy={busy}
      action={{ label: 'Create Project', busyLabel: 'Creating...' }}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          A project has its own API key and endpoint, and keeps the images made for it together.
        </Text>
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>
            Project name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={values.name}
            maxLength={60}
            placeholder="Weekly sales report"
            onChange={(e) => {
              const name = e.target.value;
              setValues((v) => ({
                ...v,
                name,
                endpointPath: pathEdited ? v.endpointPath : suggestEndpointPath(name),
              }));
            }}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.description}>
          <Field.Label>Description</Field.Label>
          <Textarea
            value={values.description}
            rows={2}
            placeholder="What the tables of this project are for (optional)"
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.endpointPath} required>
          <Field.Label>
            Endpoint path
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={values.endpointPath}
            placeholder="weekly-sales"
            fontFamily="mono"
            onChange={(e) => {
              setPathEdited(true);
              setValues((v) => ({ ...v, endpointPath: e.target.value }));
            }}
          />
          <Field.HelperText>
            An unguessable part is added to it, so only people you give the URL can post to it.
          </Field.HelperText>
          <Field.ErrorText>{errors.endpointPath}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}
