import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { messageOf } from '../../../lib/api-client';
import { accountPlan, useAccount } from '../../../lib/api/account';
import { useProjects, type Project } from '../../../lib/api/projects';
import { useDashboardDialogs } from '../stores/dashboard-dialogs';
import { AddExampleDialog } from './dialogs/AddExampleDialog';
import { ApiKeyDialog } from '../../../components/dialogs/ApiKeyDialog';
import { CreateProjectDialog } from '../../../components/dialogs/CreateProjectDialog';
import { DeleteImageDialog } from './dialogs/DeleteImageDialog';
import { DeleteProjectDialog } from './dialogs/DeleteProjectDialog';
import { ImageViewerDialog } from './dialogs/ImageViewerDialog';
import { RenameProjectDialog } from './dialogs/RenameProjectDialog';
import { ImageBrowser } from './ImageBrowser';
import { ProjectItem } from './ProjectItem';
import { StatisticsCard } from './StatisticsCard';
import { SubscriptionCard, isUpgradeTier } from '../../../components/SubscriptionCard';
import { ImageIcon, PlusIcon, TableIcon } from '../../../components/icons';

export function DashboardPage() {
  const { account, isLoading: accountLoading } = useAccount();
  const { projects, loaded: projectsLoaded, error: projectsError } = useProjects();
  const [looseTotal, setLooseTotal] = useState<number | null>(null);
  const { dialog, open, close } = useDashboardDialogs();
  const [freshKey, setFreshKey] = useState<string | null>(null);
  const navigate = useNavigate();

  const plan = accountPlan(account);
  const atProjectLimit = plan.projects !== null && projects.length >= plan.projects;
  const upgradeTier = isUpgradeTier(account?.current_plan_tier);

  function onNewProject() {
    // SPEC §4: at the limit, Starter/Free go to the upgrade page; other plans see the button disabled.
    if (atProjectLimit && upgradeTier) navigate('/subscribe');
    else open({ kind: 'create-project' });
  }

  function onCreated(project: Project) {
    if (project.apiKey) {
      setFreshKey(project.apiKey);
      open({ kind: 'api-key', project });
    }
  }

  const newProjectDisabled = atProjectLimit && !upgradeTier;

  return (
    <Container maxW="6xl" py={{ base: 5, md: 8 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        <HStack justify="space-between" align="center" flexWrap="wrap" gap="3">
          <Stack gap="0">
            <Heading as="h1" size="2xl">
              Dashboard
            </Heading>
            {account && (
              <Text color="fg.muted" fontSize="sm">
                Signed in as {account.email}
              </Text>
            )}
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <Button variant="outline" onClick={onNewProject} disabled={newProjectDisabled} data-testid="new-project">
              <PlusIcon /> New Project
            </Button>
            <Button asChild colorPalette="brand">
              <RouterLink to="/app">
                <TableIcon /> Create New Image
              </RouterLink>
            </Button>
          </HStack>
        </HStack>
        {atProjectLimit && (
          <Alert.Root status="info" size="sm" data-testid="project-limit">
            <Alert.Indicator />
            <Alert.Description>
              Your {plan.name} plan includes {plan.projects} {plan.projects === 1 ? 'project' : 'projects'}.{' '}
              {upgradeTier ? (
                <RouterLink to="/subscribe" style={{ textDecoration: 'underline' }}>
                  Upgrade to create more.
                </RouterLink>
              ) : (
                'Delete a project or contact us to create more.'
              )}
            </Alert.Description>
          </Alert.Root>
        )}

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SubscriptionCard account={account} loading={accountLoading} />
          <StatisticsCard account={account} loading={accountLoading} />
        </SimpleGrid>

        <Stack gap="3">
          <Heading as="h2" size="lg">
            Projects
          </Heading>
          {projectsError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{messageOf(projectsError, 'Projects could not be loaded.')}</Alert.Description>
            </Alert.Root>
          ) : !projectsLoaded ? (
            <Stack gap="3">
              <Skeleton height="16" />
              <Skeleton height="16" />
            </Stack>
          ) : projects.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="lg" data-testid="empty-state">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <ImageIcon size={32} />
                </EmptyState.Indicator>
                <Stack textAlign="center" gap="1">
                  <EmptyState.Title>No projects yet</EmptyState.Title>
                  <EmptyState.Description>
                    Create your first table image: paste JSON, pick a style, and get a permanent public URL.
                  </EmptyState.Description>
                </Stack>
                <HStack gap="2" flexWrap="wrap" justify="center">
                  <Button asChild colorPalette="brand">
                    <RouterLink to="/app">Create your first image</RouterLink>
                  </Button>
                  <Button variant="outline" onClick={onNewProject}>
                    New Project
                  </Button>
                </HStack>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            projects.map((p, i) => <ProjectItem key={p.id} project={p} defaultOpen={i === 0} />)
          )}
          {/* Images whose project was deleted (or never had one): shown once the list says there are some. */}
          <Box
            borderWidth="1px"
            borderRadius="lg"
            p={{ base: 3, md: 4 }}
            display={looseTotal ? 'block' : 'none'}
            data-testid="loose-images"
          >
            <Heading as="h3" size="sm" mb="3">
              Images without a project
            </Heading>
            <ImageBrowser
              base="/api/jsonable/user/images?projectId=none"
              label="images without a project"
              onTotal={setLooseTotal}
            />
          </Box>
        </Stack>
      </Stack>

      <CreateProjectDialog open={dialog.kind === 'create-project'} onClose={close} onCreated={onCreated} />
      <ApiKeyDialog
        project={dialog.kind === 'api-key' ? dialog.project : null}
        freshKey={freshKey}
        onClose={() => {
          setFreshKey(null);
          close();
        }}
      />
      <RenameProjectDialog project={dialog.kind === 'rename' ? dialog.project : null} onClose={close} />
      <DeleteProjectDialog project={dialog.kind === 'delete-project' ? dialog.project : null} onClose={close} />
      <AddExampleDialog project={dialog.kind === 'add-example' ? dialog.project : null} onClose={close} />
      <DeleteImageDialog image={dialog.kind === 'delete-image' ? dialog.image : null} onClose={close} />
      <ImageViewerDialog image={dialog.kind === 'view-image' ? dialog.image : null} onClose={close} />
    </Container>
  );
}
