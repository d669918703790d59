import { useState } from 'react';
import { Alert, Box, Button, Code, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { CopyButton } from '../CopyButton';
import { toast } from '../../lib/toaster';
import { messageOf } from '../../lib/api-client';
import { regenerateProjectKey, setRequireKey, type Project } from '../../lib/api/projects';
import { endpointUrl } from '../../lib/endpoint';
import { AppDialog } from '../AppDialog';

export interface ApiKeyDialogProps {
  project: Project | null;
  /** The full key, when the project was just created (shown this once). */
  freshKey?: string | null;
  onClose: () => void;
}

/** A project's endpoint and key. The full key is shown only right after creation or regeneration. */
export function ApiKeyDialog({ project, freshKey = null, onClose }: ApiKeyDialogProps) {
  const [regenerated, setRegenerated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fullKey = regenerated ?? freshKey;
  const [requireKey, setRequireKeyState] = useState<boolean | null>(null);
  const [savingRequire, setSavingRequire] = useState(false);
  const required = requireKey ?? project?.settings.requireKey ?? false;

  async function toggleRequire(next: boolean) {
    if (!project) return;
    setSavingRequire(true);
    try {
      await setRequireKey(project.id, next);
      setRequireKeyState(next);
      toast.success(
        'Project updated',
        next
          ? "The endpoint now refuses calls without this project's key in the X-API-KEY header."
          : 'The endpoint accepts calls without the key again; the X-API-KEY header stays optional.',
      );
    } catch (err) {
      toast.error('Error', messageOf(err, 'The endpoint setting could not be changed. Please try again.'));
    } finally {
      setSavingRequire(false);
    }
  }

  function close() {
    if (busy) return;
    setRegenerated(null);
    setConfirming(false);
    setRequireKeyState(null);
    onClose();
  }

  async function regenerate() {
    if (!project) return;
    setBusy(true);
    try {
      const key = await regenerateProjectKey(project.id);
      setRegenerated(key);
      setConfirming(false);
      toast.success(
        'API Key Regenerated',
        'Copy the new key now: it will not be shown again. The old key no longer works.',
      );
    } catch {
      toast.error('Error Regenerating Key', 'Failed to regenerate API key. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={project !== null}
      onClose={close}
      title={project ? `API Key — ${project.name}` : 'API Key'}
      size="lg"
      footer={
        <Button variant="outline" onClick={close} disabled={busy}>
          Close
        </Button>
      }
    >
      {project && (
        <Stack gap="5">
          <Box>
            <Text fontWeight="semibold" fontSize="sm" mb="1">
              Endpoint
            </Text>
            <HStack gap="2" align="center">
              <Code flex="1" p="2" fontSize="xs" wordBreak="break-all" data-testid="endpoint-url">
                {endpointUrl(project.endpointPath)}
              </Code>
              <CopyButton value={endpointUrl(project.endpointPath)} ariaLabel="Copy endpoint URL" />
            </HStack>
          </Box>
          <Box>
            <Text fontWeight="semibold" fontSize="sm" mb="1">
              API key
            </Text>
            {fullKey ? (
              <Stack gap="2">
                <HStack gap="2">
                  <Code flex="1" p="2" fontSize="xs" wordBreak="break-all" data-testid="full-api-key">
                    {fullKey}
                  </Code>
                  <CopyButton value={fullKey} ariaLabel="Copy API key" />
                </HStack>
                <Alert.Root status="warning" size="sm">
                  <Alert.Indicator />
                  <Alert.Description>
                    This is the only time the full key is shown. Store it somewhere safe.
                  </Alert.Description>
                </Alert.Root>
              </Stack>
            ) : (
              <Stack gap="1">
                <Code p="2" fontSize="xs" data-testid="api-key-prefix">
                  {project.apiKeyPrefix ? `${project.apiKeyPrefix}…` : 'Hidden'}
                </Code>
                <Text fontSize="xs" color="fg.muted">
                  Only the beginning of the key is kept visible. Lost it? Regenerate a new one.
                </Text>
              </Stack>
            )}
          </Box>
          <Switch.Root
            checked={required}
            disabled={savingRequire}
            onCheckedChange={(e) => void toggleRequire(e.checked)}
            colorPalette="brand"
            data-testid="require-key"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label fontSize="sm">Require this key on the endpoint (X-API-KEY header)</Switch.Label>
          </Switch.Root>
          <Box borderTopWidth="1px" pt="4">
            {confirming ? (
              <Stack gap="2">
                <Text fontSize="sm">
                  Regenerating stops the current key at once. Integrations using it will get 401 until updated.
                </Text>
                <HStack gap="2" flexWrap="wrap">
                  <Button
                    size="sm"
                    colorPalette="red"
                    onClick={regenerate}
                    loading={busy}
                    loadingText="Regenerating..."
                  >
                    Yes, regenerate
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                    Keep current key
                  </Button>
                </HStack>
              </Stack>
            ) : (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                Regenerate Key
              </Button>
            )}
          </Box>
        </Stack>
      )}
    </AppDialog>
  );
}
