import { useState } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { requestPasswordReset } from '../../../lib/auth';
import { useEmailEntry } from '../../../lib/use-email-entry';
import { messageOf } from '../../../lib/api-client';
import { CheckYourEmail, EmailField, Strong, useFormSubmit } from '../../../components/AccountForms';

/**
 * "Forgot password?": e-mail entry, then Check Your Email. The server answers the same for every
 * address (no account enumeration), so the page does too.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { email, check, field } = useEmailEntry();
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const { pending, onSubmit } = useFormSubmit({
    check,
    run: async () => {
      const message = await requestPasswordReset(email.trim());
      setSent({ to: email.trim(), message });
    },
    failTitle: 'Error',
    failMessage: (err) => messageOf(err, 'Failed to send the reset link. Please try again.'),
  });

  if (sent) {
    return (
      <CheckYourEmail
        headingAs="h2"
        py="2"
        action={
          <Button variant="ghost" size="sm" alignSelf="center" onClick={onBack}>
            Back to Sign In
          </Button>
        }
      >
        If an account uses <Strong overflowWrap="anywhere">{sent.to}</Strong>, we sent it a link to choose a new
        password. The link works once and expires in 1 hour.
      </CheckYourEmail>
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
        <EmailField id="forgot-email" placeholder="you@company.com" {...field} />
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
