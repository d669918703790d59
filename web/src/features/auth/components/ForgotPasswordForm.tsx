import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { requestPasswordReset } from '../../../lib/auth';
import { emailError } from '../../../lib/validation';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';

/**
 * "Forgot password?": e-mail entry, then Check Your Email. The server answers the same for every
 * address (no account enumeration), so the page does too.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const error = emailError(email);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    setPending(true);
    try {
      const message = await requestPasswordReset(email.trim());
      setSent({ to: email.trim(), message });
    } catch (err) {
      toast.error('Error', messageOf(err, 'Failed to send the reset link. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <Stack gap="3" textAlign="center" py="2" role="status">
        <Heading as="h2" size="lg">
          Check Your Email
        </Heading>
        <Text color="gray.600">
          If an account uses{' '}
          <Box as="strong" color="gray.900" overflowWrap="anywhere">
            {sent.to}
          </Box>
          , we sent it a link to choose a new password. The link works once and expires in 1 hour.
        </Text>
        <Button variant="ghost" size="sm" alignSelf="center" onClick={onBack}>
          Back to Sign In
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Reset your password
          </Heading>
          <Text fontSize="sm" color="gray.600">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Text>
        </Stack>
        <Field.Root invalid={touched && error !== null} required>
          <Field.Label htmlFor="forgot-email">Email</Field.Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          {touched && error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" disabled={pending} loading={pending} loadingText="Sending...">
          Send Reset Link
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
