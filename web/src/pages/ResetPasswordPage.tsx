/**
 * /auth/reset-password?token=…: what a password reset e-mail opens. Opening the page only checks
 * the link; the new password is set when the form is submitted. Setting it signs out every other
 * session, retires every other e-mailed link, and signs this browser in.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MAX, PASSWORD_MIN, accountMessages } from '@jsonable/contracts/account-rules';
import { checkResetLink, resetPassword } from '../lib/auth';
import { ApiError, messageOf } from '../lib/api-client';
import { toast } from '../lib/toaster';
import { InvalidLink, PasswordField, StatusMessage, Strong } from '../components/AccountForms';
import { useLinkCheck, useRedirectWhen } from '../components/AccountForms';

type Phase = 'checking' | 'ready' | 'saving' | 'done' | 'error';
const INVALID = accountMessages.resetLinkInvalid;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'error');
  const [message, setMessage] = useState<string>(token ? '' : accountMessages.noToken);
  const [email, setEmail] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);

  useLinkCheck(
    token,
    checkResetLink,
    (answer) => {
      setEmail(answer.email);
      setPhase('ready');
    },
    () => {
      setPhase('error');
      setMessage(INVALID);
    },
  );
  useRedirectWhen(phase === 'done', '/dashboard', 2000);

  const tooShort = next.length < PASSWORD_MIN;
  const mismatch = confirm !== next;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!token || tooShort || mismatch) return;
    setPhase('saving');
    try {
      await resetPassword({ token, newPassword: next, confirmPassword: confirm });
      toast.success('Password Changed', 'Your new password is set. Every other session was signed out.');
      setPhase('done');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.serverMessage !== INVALID) {
        toast.error('Password Change Failed', messageOf(err, 'Your password could not be changed.'));
        setPhase('ready');
        return;
      }
      setPhase('error');
      setMessage(messageOf(err, INVALID));
    }
  }

  return (
    <Center flex="1" bg="gray.50" px="4" py={{ base: '8', md: '16' }}>
      <Card.Root maxW="md" w="full">
        <Card.Body>
          {phase === 'checking' && (
            <StatusMessage
              icon={<Spinner size="xl" color="brand.solid" borderWidth="3px" />}
              title="Checking your link..."
            />
          )}
          {(phase === 'ready' || phase === 'saving') && (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <Stack gap="1" textAlign="center">
                  <Heading as="h1" size="xl">
                    Choose a new password
                  </Heading>
                  <Text color="gray.600">
                    For <Strong overflowWrap="anywhere">{email}</Strong>
                  </Text>
                </Stack>
                {/* Lets password managers file the new password under the right account. */}
                <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
                <PasswordField
                  id="reset-new-password"
                  label="New password"
                  autoComplete="new-password"
                  maxLength={PASSWORD_MAX}
                  value={next}
                  onChange={setNext}
                  error={touched && tooShort && accountMessages.passwordTooShort}
                  helper={<>At least {PASSWORD_MIN} characters.</>}
                />
                <PasswordField
                  id="reset-confirm-password"
                  label="Confirm new password"
                  autoComplete="new-password"
                  maxLength={PASSWORD_MAX}
                  value={confirm}
                  onChange={setConfirm}
                  error={touched && mismatch && accountMessages.passwordsDontMatch}
                />
                <Text fontSize="sm" color="gray.600">
                  Setting it signs you out everywhere else and stops earlier e-mailed links from working.
                </Text>
                <Button type="submit" colorPalette="brand" loading={phase === 'saving'} loadingText="Saving...">
                  Set Password
                </Button>
              </Stack>
            </form>
          )}
          {phase === 'done' && (
            <StatusMessage title="Your password is set" text="You're signed in. Taking you to your dashboard..." />
          )}
          {phase === 'error' && <InvalidLink message={message} to="/auth?tab=forgot" label="Ask for a new link" />}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
