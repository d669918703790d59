import { useState } from 'react';
import { Alert, Button, Code, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../../components/CopyButton';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { MissingKeyError, generateUserApiKey, useUserApiKey } from '../api/account-settings';

/** The account's own API key for the general endpoints: generated and shown once, then only its prefix. */
export function ApiKeysTab() {
  const { keyInfo, isLoading } = useUserApiKey();
  const [fresh, setFresh] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function generate() {
    setBusy(true);
    try {
      const key = await generateUserApiKey();
      setFresh(key);
      setConfirming(false);
      toast.success('API Key Generated', 'Copy it now: it will not be shown again.');
    } catch (err) {
      toast.error(
        'Failed to Generate API Key',
        err instanceof MissingKeyError ? 'Invalid response from server' : messageOf(err, 'Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  }

  const hasKey = keyInfo?.hasKey ?? false;
  return (
    <Stack gap="5" maxW="2xl">
      <Text fontSize="sm" color="fg.muted">
        Use this key with the general endpoints (<Code fontSize="xs">POST /api/jsonable/table-to-image</Code> and its
        preview) in the <Code fontSize="xs">Authorization: Bearer</Code> header. Each project also has a key of its own
        on the dashboard.
      </Text>
      {isLoading ? (
        <Skeleton height="10" />
      ) : fresh ? (
        <Stack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            Your new API key
          </Text>
          <HStack gap="2">
            <Code flex="1" p="2.5" fontSize="sm" wordBreak="break-all" data-testid="user-api-key">
              {fresh}
            </Code>
            <CopyButton value={fresh} ariaLabel="Copy API key" size="sm" />
          </HStack>
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Description>This is the only time the full key is shown. Store it somewhere safe.</Alert.Description>
          </Alert.Root>
        </Stack>
      ) : hasKey ? (
        <Stack gap="1">
          <Text fontWeight="semibold" fontSize="sm">
            Current key
          </Text>
          <Code p="2.5" fontSize="sm" alignSelf="start" data-testid="user-api-key-prefix">
            {keyInfo?.apiKey}
          </Code>
        </Stack>
      ) : (
        <Text fontSize="sm">You have no API key yet.</Text>
      )}
      {confirming ? (
        <Stack gap="2">
          <Text fontSize="sm">
            A new key replaces the current one at once; anything still using the old key will get 401.
          </Text>
          <HStack gap="2" flexWrap="wrap">
            <Button colorPalette="red" size="sm" onClick={generate} loading={busy} loadingText="Generating...">
              Yes, replace my key
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={busy}>
              Keep current key
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Button
          colorPalette="brand"
          alignSelf="start"
          onClick={() => (hasKey || fresh ? setConfirming(true) : generate())}
          loading={busy}
          loadingText="Generating..."
        >
          {hasKey || fresh ? 'Generate New Key' : 'Generate API Key'}
        </Button>
      )}
    </Stack>
  );
}
