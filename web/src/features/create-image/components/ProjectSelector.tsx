import { Button, Field, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Project } from '../../../lib/api/projects';
import { PlusIcon } from '../../../components/icons';

export interface ProjectSelectorProps {
  projects: Project[];
  loaded: boolean;
  value: string | null;
  onChange: (projectId: string) => void;
  onNewProject: () => void;
  newProjectDisabled?: boolean;
  id?: string;
}

/** Lists each project by name and endpoint path (SPEC §2). */
export function ProjectSelector({
  projects,
  loaded,
  value,
  onChange,
  onNewProject,
  newProjectDisabled,
  id = 'project-select',
}: ProjectSelectorProps) {
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>Project</Field.Label>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="100%" align="stretch">
        {!loaded ? (
          <Skeleton height="10" flex="1" />
        ) : projects.length === 0 ? (
          <Text flex="1" fontSize="sm" color="fg.muted" alignSelf="center">
            No projects yet — images are saved to your account. Create a project to get an endpoint and API key.
          </Text>
        ) : (
          <NativeSelect.Root flex="1" minW="0">
            <NativeSelect.Field
              id={id}
              value={value ?? ''}
              onChange={(e) => onChange(e.currentTarget.value)}
              data-testid="project-select"
            >
              {projects.map((p) => (
                <option key={p.id} value={p.id}>{`${p.name} — ${p.endpointPath}`}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        <Button
          variant="outline"
          onClick={onNewProject}
          disabled={newProjectDisabled}
          flexShrink={0}
          alignSelf={{ base: 'start', sm: 'auto' }}
        >
          <PlusIcon /> New Project
        </Button>
      </Stack>
    </Field.Root>
  );
}
