import { useEffect, useState } from 'react';
import { Box, Container, Flex, Heading, HStack, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/Logo';
import { accountPlan, useAccount } from '../../../lib/api/account';
import { useProjects, type Project } from '../../../lib/api/projects';
import { ApiKeyDialog } from '../../../components/dialogs/ApiKeyDialog';
import { CreateProjectDialog } from '../../../components/dialogs/CreateProjectDialog';
import { EyeIcon, PlugIcon, SlidersIcon } from '../../../components/icons';
import { isUpgradeTier } from '../../../components/SubscriptionCard';
import { fetchServerSettings } from '../api/settings';
import { useTableSettings } from '../stores/table-settings-store';
import { ApiStatusPanel } from './ApiStatusPanel';
import { ApiTab } from './ApiTab';
import { PreviewTab } from './PreviewTab';
import { ProjectSelector } from './ProjectSelector';
import { SettingsTab } from './SettingsTab';
import { BackToDashboard } from '../../../components/BackToDashboard';

type TabValue = 'api' | 'preview' | 'settings';

function TabIcon({ children }: { children: React.ReactNode }) {
  return (
    <Box as="span" display={{ base: 'none', sm: 'inline-flex' }} aria-hidden="true">
      {children}
    </Box>
  );
}

export function CreateImagePage() {
  const [params, setParams] = useSearchParams();
  const { projects, loaded } = useProjects();
  const { account } = useAccount();
  const [tab, setTab] = useState<TabValue>('preview');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [created, setCreated] = useState<Project | null>(null);
  const navigate = useNavigate();
  const requested = params.get('projectId');

  // ?projectId preselects; otherwise (or when it is not one of the user's) the first project is chosen.
  const selected: Project | null = projects.find((p) => p.id === requested) ?? projects[0] ?? null;

  // Settings saved on another device come from the server when this browser has none stored.
  const { fromStorage, replace } = useTableSettings();
  useEffect(() => {
    if (fromStorage) return;
    let live = true;
    void fetchServerSettings().then((s) => {
      if (live && s) replace(s, true);
    });
    return () => {
      live = false;
    };
  }, [fromStorage, replace]);

  function select(projectId: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('projectId', projectId);
        return next;
      },
      { replace: true },
    );
  }

  const plan = accountPlan(account);
  const atLimit = plan.projects !== null && projects.length >= plan.projects;
  function onNewProject() {
    if (atLimit && isUpgradeTier(account?.current_plan_tier)) navigate('/subscribe');
    else setDialogOpen(true);
  }

  return (
    <Flex direction="column" minH="100vh" bg="gray.50">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="7xl" py="3" px={{ base: 4, md: 6 }}>
          <Flex align="center" justify="space-between" gap="3" flexWrap="wrap">
            <HStack gap="4" minW="0">
              <BackToDashboard />
              <Box display={{ base: 'none', sm: 'block' }}>
                <Logo />
              </Box>
            </HStack>
            <ApiStatusPanel />
          </Flex>
        </Container>
      </Box>

      <Container as="main" id="main" maxW="7xl" py={{ base: 5, md: 8 }} px={{ base: 4, md: 6 }} flex="1">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Create New Image
            </Heading>
            <Text color="fg.muted">Turn JSON into a table image with a permanent public URL.</Text>
          </Stack>
          <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 3, md: 4 }} maxW="3xl">
            <ProjectSelector
              projects={projects}
              loaded={loaded}
              value={selected?.id ?? null}
              onChange={select}
              onNewProject={onNewProject}
              newProjectDisabled={atLimit && !isUpgradeTier(account?.current_plan_tier)}
            />
          </Box>
          <Tabs.Root
            value={tab}
            onValueChange={(e) => setTab(e.value as TabValue)}
            variant="line"
            colorPalette="brand"
            size={{ base: 'sm', sm: 'md' }}
          >
            <Tabs.List
              bg="white"
              borderTopRadius="lg"
              overflowX="auto"
              overflowY="hidden"
              css={{ '& > button': { whiteSpace: 'nowrap', flexShrink: 0 } }}
            >
              {/* On a phone the three labels fit without their icons (else the bar scrolled, cutting one off). */}
              <Tabs.Trigger value="api">
                <TabIcon>
                  <PlugIcon />
                </TabIcon>{' '}
                API Endpoint
              </Tabs.Trigger>
              <Tabs.Trigger value="preview">
                <TabIcon>
                  <EyeIcon />
                </TabIcon>{' '}
                Preview
              </Tabs.Trigger>
              <Tabs.Trigger value="settings">
                <TabIcon>
                  <SlidersIcon />
                </TabIcon>{' '}
                Style Settings
              </Tabs.Trigger>
            </Tabs.List>
            <Box bg="white" borderWidth="1px" borderTopWidth="0" borderBottomRadius="lg" p={{ base: 3, md: 6 }}>
              <Tabs.Content value="api" pt="0">
                <ApiTab project={selected} />
              </Tabs.Content>
              <Tabs.Content value="preview" pt="0">
                <PreviewTab projectId={selected?.id ?? null} />
              </Tabs.Content>
              <Tabs.Content value="settings" pt="0">
                <SettingsTab projectId={selected?.id ?? null} active={tab === 'settings'} />
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        </Stack>
      </Container>

      <Box as="footer" bg="white" borderTopWidth="1px">
        <Container maxW="7xl" py="4" px={{ base: 4, md: 6 }}>
          <HStack gap="5" fontSize="sm" flexWrap="wrap" justify="center">
            <Link asChild color="gray.700">
              <RouterLink to="/documentation">Documentation</RouterLink>
            </Link>
            <Link asChild color="gray.700">
              <RouterLink to="/documentation#api-reference">API Reference</RouterLink>
            </Link>
            <Link asChild color="gray.700">
              <RouterLink to="/">Home</RouterLink>
            </Link>
          </HStack>
        </Container>
      </Box>

      <CreateProjectDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        successTitle="Project created"
        onCreated={(p) => {
          select(p.id);
          if (p.apiKey) setCreated(p);
        }}
      />
      <ApiKeyDialog project={created} freshKey={created?.apiKey ?? null} onClose={() => setCreated(null)} />
    </Flex>
  );
}
