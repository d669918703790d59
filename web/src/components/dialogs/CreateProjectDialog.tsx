import { useState, type FormEvent } from 'react';
import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toaster';
import { createProject, type Project } from '../../lib/api/projects';
import {
  suggestEndpointPath,
  validateProjectForm,
  type ProjectFormErrors,
  type ProjectFormValues,
} from '../../lib/project-form';
import { ActionDialog } from '../ActionDialog';

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
  const [submitting, setSubmitting] = useState(false);

  function close() {
    if (submitting) return;
    setValues(empty);
    setErrors({});
    setPathEdited(false);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateProjectForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const project = await createProject({
        name: values.name.trim(),
        description: values.description.trim(),
        endpointPath: values.endpointPath.trim(),
      });
      toast.success(successTitle, `${project.name} is ready. Copy its API key now: the full key is shown only once.`);
      setValues(empty);
      setPathEdited(false);
      setSubmitting(false);
      // Close first: the caller may open another dialog (the new key) from onCreated.
      onClose();
      onCreated?.(project);
    } catch (err) {
      setSubmitting(false);
      toast.error('Failed to create project', messageOf(err, 'The project could not be created. Please try again.'));
    }
  }

  return (
    <ActionDialog
      open={open}
      onClose={close}
      title="Create New Project"
      busy={submitting}
      action={{ label: 'Create Project', busyLabel: 'Creating...', form: 'create-project-form' }}
    >
      <form id="create-project-form" onSubmit={submit} noValidate>
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
      </form>
    </ActionDialog>
  );
}
