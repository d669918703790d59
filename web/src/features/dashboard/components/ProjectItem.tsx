import { useState } from 'react';
import { Badge, Box, Button, Collapsible, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Project } from '../../../lib/api/projects';
import { endpointPathOf } from '../../../lib/endpoint';
import { useDashboardDialogs } from '../stores/dashboard-dialogs';
import { ImageBrowser } from './ImageBrowser';
import { LiveImagesSection } from './LiveImagesSection';
import { ChevronIcon, DotsIcon, PlusIcon } from '../../../components/icons';

export function ProjectItem({ project, defaultOpen }: { project: Project; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const openDialog = useDashboardDialogs((s) => s.open);
  const count = project.imageCount;
  const contentId = `project-images-${project.id}`;
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount>
      <Box borderWidth="1px" borderRadius="lg" bg="bg" data-testid="project-item">
        <HStack p={{ base: 3, md: 4 }} gap="3" align="center" flexWrap="wrap">
          <Collapsible.Trigger asChild>
            <Box
              as="button"
              display="flex"
              alignItems="center"
              gap="2"
              flex="1"
              minW="0"
              textAlign="left"
              flexBasis={{ base: '100%', md: '0' }}
              aria-controls={contentId}
              borderRadius="md"
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
            >
              <Box
                transition="transform 0.15s"
                transform={open ? 'rotate(90deg)' : undefined}
                color="fg.muted"
                flexShrink={0}
              >
                <ChevronIcon />
              </Box>
              <Stack gap="0" minW="0">
                <HStack gap="2" minW="0">
                  <Text as="h3" fontWeight="semibold" truncate data-testid="project-name">
                    {project.name}
                  </Text>
                  <Badge colorPalette="brand" variant="subtle" flexShrink={0} data-testid="image-count">
                    {count.toLocaleString()} {count === 1 ? 'image' : 'images'}
                  </Badge>
                </HStack>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate>
                  {endpointPathOf(project.endpointPath)}
                </Text>
              </Stack>
            </Box>
          </Collapsible.Trigger>
          <HStack gap="2" flexShrink={0} ms={{ base: 'auto', md: '0' }}>
            <Button asChild size="sm" colorPalette="brand" variant="solid">
              <RouterLink to={`/app?projectId=${encodeURIComponent(project.id)}`}>
                <PlusIcon /> Create New Image
              </RouterLink>
            </Button>
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <IconButton size="sm" variant="outline" aria-label={`Actions for ${project.name}`}>
                  <DotsIcon />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="api-key" onSelect={() => openDialog({ kind: 'api-key', project })}>
                      View API Key
                    </Menu.Item>
                    <Menu.Item value="rename" onSelect={() => openDialog({ kind: 'rename', project })}>
                      Rename Project
                    </Menu.Item>
                    <Menu.Item value="styles" asChild>
                      <RouterLink to={`/projects/${encodeURIComponent(project.id)}/styles`}>
                        Customize Styles
                      </RouterLink>
                    </Menu.Item>
                    <Menu.Item value="example" onSelect={() => openDialog({ kind: 'add-example', project })}>
                      Add Example Image
                    </Menu.Item>
                    <Menu.Separator />
                    <Menu.Item
                      value="delete"
                      color="fg.error"
                      _hover={{ bg: 'bg.error', color: 'fg.error' }}
                      onSelect={() => openDialog({ kind: 'delete-project', project })}
                    >
                      Delete Project
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        </HStack>
        <Collapsible.Content id={contentId}>
          <Box px={{ base: 3, md: 4 }} pb="4" borderTopWidth="1px" pt="4">
            {project.description && (
              <Text fontSize="sm" color="fg.muted" mb="3">
                {project.description}
              </Text>
            )}
            <LiveImagesSection project={project} />
            {count === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No images yet. Post JSON to the endpoint, use Create New Image, or Add Example Image from the menu.
              </Text>
            ) : (
              <ImageBrowser
                base={`/api/jsonable/projects/${encodeURIComponent(project.id)}/images`}
                label={`images of ${project.name}`}
              />
            )}
          </Box>
        </Collapsible.Content>
      </Box>
    </Collapsible.Root>
  );
}
