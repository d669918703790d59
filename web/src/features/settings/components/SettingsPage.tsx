import { Box, Button, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../app/ProtectedRoute';
import { useUser } from '../../../lib/auth';
import { useAccount } from '../../../lib/api/account';
import { BillingHistory } from '../../../components/BillingHistory';
import { KeyIcon } from '../../../components/icons';
import { ApiKeysTab } from './ApiKeysTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';

const TABS = ['profile', 'security', 'api-keys'];

function SignedInSettings() {
  const { user } = useUser();
  const { account } = useAccount();
  // ?tab=security opens that tab (the sign-up confirmation sends a password-less account there).
  const [params] = useSearchParams();
  const initial = TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'profile';
  if (!user) return null;
  return (
    <Container maxW="4xl" py={{ base: 5, md: 8 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Settings
          </Heading>
          <Text color="fg.muted">Your profile, password, sessions and API key.</Text>
        </Stack>
        <Tabs.Root defaultValue={initial} variant="line" colorPalette="brand">
          <Tabs.List overflowX="auto">
            <Tabs.Trigger value="profile">Profile</Tabs.Trigger>
            <Tabs.Trigger value="security">Security</Tabs.Trigger>
            <Tabs.Trigger value="api-keys">
              <KeyIcon /> API Keys
            </Tabs.Trigger>
          </Tabs.List>
          <Box pt="5">
            <Tabs.Content value="profile" pt="0">
              <ProfileTab user={user} />
            </Tabs.Content>
            <Tabs.Content value="security" pt="0">
              <SecurityTab hasPassword={account?.has_password ?? true} />
            </Tabs.Content>
            <Tabs.Content value="api-keys" pt="0">
              <ApiKeysTab />
            </Tabs.Content>
          </Box>
        </Tabs.Root>
        <Box borderTopWidth="1px" pt="6">
          <BillingHistory />
        </Box>
      </Stack>
    </Container>
  );
}

/** SPEC §2: without a signed-in user the page says Not Authorized and offers Sign In. */
export function SettingsPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (!user) {
    return (
      <Container maxW="xl" py="16" px="4">
        <Stack gap="4" align="center" textAlign="center">
          <Heading as="h1" size="2xl">
            Not Authorized
          </Heading>
          <Text color="fg.muted">Sign in to see and change your settings.</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/auth">Sign In</RouterLink>
          </Button>
        </Stack>
      </Container>
    );
  }
  return <SignedInSettings />;
}
