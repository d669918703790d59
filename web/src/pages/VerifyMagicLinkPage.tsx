/**
 * /auth/verify?token=…: what an e-mailed sign-in or sign-up link opens.
 *
 * Opening the page only *checks* the link (GET); it says which account the link opens and uses
 * the link up only when the person clicks (POST). So a link someone else sent cannot silently sign
 * this browser into their account (login CSRF), and a mail scanner that runs the page uses nothing.
 * When another account is signed in here, the page says so and offers to switch or to stay.
 *
 * A sign-up link asks for the password chosen at sign-up: only someone who knows it gives it to
 * the account. "Continue without a password" creates the account without one and goes on to
 * Settings → Security to choose one.
 */
import { useState, type FormEvent } from 'react';
import { Link as RRLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { VerifyMagicLinkResponse } from '@jsonable/contracts/accounts';
import { confirmMagicLink, useUser, verifyMagicLink } from '../lib/auth';
import { ApiError, messageOf } from '../lib/api-client';
import { toast } from '../lib/toaster';
import { InvalidLink, PasswordField, StatusMessage, Strong } from '../components/AccountForms';
import { useLinkCheck, useRedirectWhen } from '../components/AccountForms';

type Phase = 'checking' | 'ready' | 'confirming' | 'success' | 'error';
export const MAGIC_LINK_REDIRECT_MS = 2000;
const INVALID = 'This magic link is invalid or has expired.';

function CheckIcon() {
  return (
    <Box color="green.600" aria-hidden="true">
      <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="10" />
        <path d="M7 12.5l3 3 7-7" />
      </svg>
    </Box>
  );
}

/** Long addresses wrap inside buttons instead of overflowing a phone's width. */
const wrapping = { whiteSpace: 'normal', h: 'auto', minH: '10', py: '2', overflowWrap: 'anywhere' } as const;

export default function VerifyMagicLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, isLoading: userLoading } = useUser();
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'error');
  const [message, setMessage] = useState(token ? '' : 'No token provided');
  const [link, setLink] = useState<VerifyMagicLinkResponse | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [withoutPassword, setWithoutPassword] = useState(false);

  useLinkCheck(
    token,
    verifyMagicLink,
    (answer) => {
      setLink(answer);
      setPhase('ready');
    },
    () => {
      setPhase('error');
      setMessage(INVALID);
      toast.error('Invalid Link', INVALID);
    },
  );
  useRedirectWhen(
    phase === 'success',
    withoutPassword ? '/settings?tab=security' : '/dashboard',
    MAGIC_LINK_REDIRECT_MS,
  );

  async function confirm(usePassword: boolean) {
    if (!token || !link) return;
    if (usePassword && !password) {
      setPasswordError('Enter the password you chose at sign-up.');
      return;
    }
    setPasswordError(null);
    setPhase('confirming');
    try {
      await confirmMagicLink(token, usePassword ? password : undefined);
      setWithoutPassword(link.purpose === 'register' && !usePassword);
      setPhase('success');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // The sign-up's password was wrong: the link is still good, try again.
        setPasswordError(messageOf(err, 'That is not the password chosen at sign-up.'));
        setPhase('ready');
        return;
      }
      setPhase('error');
      setMessage(err instanceof ApiError && err.status === 429 ? messageOf(err, INVALID) : INVALID);
      toast.error('Invalid Link', INVALID);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void confirm(link?.purpose === 'register');
  }

  const other = user && link && user.email.toLowerCase() !== link.email.toLowerCase() ? user.email : null;
  const same = user && link && !other;
  const busy = phase === 'confirming';

  return (
    <Center flex="1" bg="gray.50" px="4" py={{ base: '8', md: '16' }}>
      <Card.Root maxW="md" w="full">
        <Card.Body>
          {(phase === 'checking' || (phase === 'ready' && userLoading)) && (
            <StatusMessage
              icon={<Spinner size="xl" color="brand.solid" borderWidth="3px" />}
              title="Checking your link..."
              text="Nothing happens until you confirm."
            />
          )}

          {(phase === 'ready' || phase === 'confirming') && link && !userLoading && (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="5">
                <Stack gap="2" textAlign="center">
                  <Heading as="h1" size="xl">
                    {link.purpose === 'register' ? 'Confirm your account' : 'Sign in to Jsonable'}
                  </Heading>
                  <Text color="gray.600">
                    This link {link.purpose === 'register' ? 'creates and signs in to' : 'signs you in to'} the account
                    of <Strong overflowWrap="anywhere">{link.email}</Strong>.
                  </Text>
                </Stack>

                {other && (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>You are signed in as {other} in this browser</Alert.Title>
                      <Alert.Description>
                        Continuing signs you out of that account and into {link.email}. Only continue if you asked for
                        this link.
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {same && (
                  <Text fontSize="sm" color="gray.600" textAlign="center">
                    You are already signed in as {link.email} in this browser.
                  </Text>
                )}

                {link.purpose === 'register' && (
                  <PasswordField
                    id="verify-password"
                    label="Password you chose at sign-up"
                    autoComplete="current-password"
                    value={password}
                    onChange={(value) => {
                      setPassword(value);
                      setPasswordError(null);
                    }}
                    error={passwordError}
                    helper="Type it again to confirm that this account is yours."
                  />
                )}

                <Button type="submit" colorPalette="brand" loading={busy} loadingText="Signing in..." {...wrapping}>
                  {other ? `Sign out and continue as ${link.email}` : `Continue as ${link.email}`}
                </Button>

                {link.purpose === 'register' && (
                  <Stack gap="1" textAlign="center">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => void confirm(false)}
                      {...wrapping}
                    >
                      Continue without a password
                    </Button>
                    <Text fontSize="xs" color="gray.600">
                      Did not choose a password, or forgot it? The account is created without one; you choose one next,
                      in Settings → Security.
                    </Text>
                  </Stack>
                )}

                {user && (
                  <Button asChild variant="ghost" size="sm" {...wrapping}>
                    <RRLink to="/dashboard">{other ? `Stay signed in as ${other}` : 'Go to your dashboard'}</RRLink>
                  </Button>
                )}
                {!user && (
                  <Text fontSize="xs" color="gray.600" textAlign="center">
                    Did not ask for this link? Close this page; nothing happens.
                  </Text>
                )}
              </Stack>
            </form>
          )}

          {phase === 'success' && (
            <StatusMessage
              icon={<CheckIcon />}
              title="You're signed in"
              text={
                withoutPassword
                  ? 'Taking you to Settings → Security to choose a password...'
                  : 'Taking you to your dashboard...'
              }
            />
          )}

          {phase === 'error' && <InvalidLink message={message} to="/auth" label="Back to Sign In" />}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
