import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { Alert, Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MAX, PASSWORD_MIN, type AccountSession } from '@jsonable/contracts/accounts';
import { messageOf } from '../../../lib/api-client';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { toast } from '../../../lib/toaster';
import { USER_KEY } from '../../../lib/auth';
import { PasswordField, useFormSubmit } from '../../../components/AccountForms';
import { changePassword } from '../api/account-settings';
import { SESSIONS_KEY, describeUserAgent, signOutOtherSessions, signOutSession, useSessions } from '../api/sessions';

/**
 * Settings → Security: the password form and the list of signed-in sessions.
 *
 * The current password is not asked for when the account has none yet, nor for 15 minutes after
 * signing in with an e-mailed link (opening it proved control of the address); the screen says so.
 */
export function SecurityTab({ hasPassword }: { hasPassword: boolean }) {
  const { sessions, passwordWithoutCurrentUntil, error, isLoading } = useSessions();
  return (
    <Stack gap="10">
      <PasswordSection hasPassword={hasPassword} recentLinkUntil={passwordWithoutCurrentUntil} />
      <SessionsSection sessions={sessions} error={error} isLoading={isLoading} />
    </Stack>
  );
}

function PasswordSection({ hasPassword, recentLinkUntil }: { hasPassword: boolean; recentLinkUntil: string | null }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const mismatch = confirm.length > 0 && next !== confirm;
  const needsCurrent = hasPassword && !recentLinkUntil;
  const { pending: saving, onSubmit } = useFormSubmit({
    check: () => {
      if (next === confirm) return true;
      toast.error('Password Mismatch', 'New password and confirmation do not match.');
      return false;
    },
    run: async () => {
      await changePassword({
        ...(needsCurrent ? { currentPassword: current } : {}),
        newPassword: next,
        confirmPassword: confirm,
      });
      toast.success(
        'Password Changed',
        'Use your new password next time you sign in. Your other sessions were signed out.',
      );
      setCurrent('');
      setNext('');
      setConfirm('');
      await mutate(SESSIONS_KEY);
    },
    failTitle: 'Password Change Failed',
    failMessage: (err) => messageOf(err, 'Your password could not be changed. Please try again.'),
  });

  return (
    <Box as="section" aria-labelledby="password-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4" maxW="md">
          <Heading as="h2" size="lg" id="password-heading">
            {hasPassword ? 'Change password' : 'Set a password'}
          </Heading>
          {!hasPassword && (
            <Text fontSize="sm" color="fg.muted">
              You sign in by magic link. Set a password to sign in with it as well.
            </Text>
          )}
          {hasPassword && recentLinkUntil && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>
                You signed in with a link from your e-mail, so until {formatTime(recentLinkUntil)} you can set a new
                password without typing the current one.
              </Alert.Description>
            </Alert.Root>
          )}
          {needsCurrent && (
            <PasswordField
              id="current-password"
              label="Current password"
              markRequired
              autoComplete="current-password"
              value={current}
              onChange={setCurrent}
              helper="Forgot it? Sign out and use “Forgot password?” on the sign-in page, or sign in with a magic link."
            />
          )}
          <PasswordField
            id="new-password"
            label="New password"
            markRequired
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            value={next}
            onChange={setNext}
            helper={<>At least {PASSWORD_MIN} characters.</>}
          />
          <PasswordField
            id="confirm-password"
            label="Confirm new password"
            markRequired
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={mismatch && 'New password and confirmation do not match.'}
          />
          <Text fontSize="sm" color="fg.muted">
            Changing the password signs you out on every other device and browser and stops earlier e-mailed links from
            working; this one stays signed in.
          </Text>
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={saving}
            loadingText="Saving..."
            disabled={!next || !confirm || (needsCurrent && !current)}
          >
            {hasPassword ? 'Change Password' : 'Set Password'}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

const METHODS: Record<AccountSession['method'], string> = {
  password: 'password',
  magic_link: 'e-mailed link',
  register: 'sign-up link',
  password_reset: 'password reset',
};

function SessionsSection({
  sessions,
  error,
  isLoading,
}: {
  sessions: AccountSession[];
  error: unknown;
  isLoading: boolean;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;

  async function end(session: AccountSession) {
    setBusy(session.id);
    try {
      const { current } = await signOutSession(session.id);
      if (current) {
        await navigate('/', { flushSync: true });
        await mutate(USER_KEY, null, { revalidate: false });
        return;
      }
      toast.success('Session signed out', 'That browser has to sign in again.');
    } catch (err) {
      toast.error('Sign-out failed', messageOf(err, 'The session could not be signed out. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  async function endOthers() {
    setBusy('others');
    try {
      const count = await signOutOtherSessions();
      toast.success(
        'Signed out everywhere else',
        count === 1 ? '1 other session was signed out.' : `${count} other sessions were signed out.`,
      );
    } catch (err) {
      toast.error('Sign-out failed', messageOf(err, 'The other sessions could not be signed out. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box as="section" aria-labelledby="sessions-heading">
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="sessions-heading">
            Active sessions
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Browsers and devices signed in to your account. Sign out any you do not recognise, then change your
            password.
          </Text>
        </Stack>
        {isLoading && (
          <Text fontSize="sm" color="fg.muted" role="status">
            Loading sessions...
          </Text>
        )}
        {Boolean(error) && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{messageOf(error, 'Sessions could not be loaded.')}</Alert.Description>
          </Alert.Root>
        )}
        {!isLoading && !error && (
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Active sessions">
            {[...sessions]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((s) => {
                const name = describeUserAgent(s.userAgent) ?? 'Unknown browser';
                return (
                  <Box as="li" key={s.id} borderWidth="1px" rounded="md" p="4" bg={s.current ? 'brand.50' : 'bg'}>
                    <Stack
                      direction={{ base: 'column', sm: 'row' }}
                      gap="3"
                      justify="space-between"
                      align={{ base: 'stretch', sm: 'start' }}
                    >
                      <Stack gap="1" minW="0">
                        <Stack direction="row" gap="2" align="center" wrap="wrap">
                          <Text fontWeight="semibold">{name}</Text>
                          {s.current && <Badge colorPalette="green">This browser</Badge>}
                        </Stack>
                        <Text fontSize="sm" color="fg.muted">
                          Signed in {formatDateTime(s.createdAt)} by {METHODS[s.method]} · last seen{' '}
                          {formatDateTime(s.lastSeenAt)}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          {s.ip ? `Network ${s.ip}` : 'Network unknown'}
                        </Text>
                        {s.userAgent && (
                          <Text
                            fontSize="xs"
                            color="fg.muted"
                            lineClamp={2}
                            overflowWrap="anywhere"
                            title={s.userAgent}
                          >
                            {s.userAgent}
                          </Text>
                        )}
                      </Stack>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        flexShrink={0}
                        loading={busy === s.id}
                        loadingText="Signing out..."
                        disabled={busy !== null}
                        onClick={() => void end(s)}
                        aria-label={
                          s.current
                            ? 'Sign out of this browser'
                            : `Sign out ${name}, last seen ${formatDateTime(s.lastSeenAt)}`
                        }
                      >
                        Sign out
                      </Button>
                    </Stack>
                  </Box>
                );
              })}
          </Stack>
        )}
        <Button
          alignSelf="start"
          variant="outline"
          colorPalette="red"
          onClick={() => void endOthers()}
          disabled={others === 0 || busy !== null}
          loading={busy === 'others'}
          loadingText="Signing out..."
        >
          Sign out everywhere else
        </Button>
      </Stack>
    </Box>
  );
}
