import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { requestMagicLink } from '../lib/auth';
import { emailError } from '../lib/validation';
import { toast } from '../lib/toaster';
import { useAdoptTypedValues } from '../lib/typed-before-hydration';

/** E-mail entry, then the Check Your Email confirmation (SPEC §4). Used on /auth and the landing dialog. */
export function MagicLinkForm({ idPrefix = 'magic' }: { idPrefix?: string }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const error = emailError(email);
  useAdoptTypedValues([[`${idPrefix}-email`, setEmail]]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    setPending(true);
    try {
      await requestMagicLink(email.trim());
      toast.success('Magic link sent', `We sent a sign-in link to ${email.trim()}.`);
      setSentTo(email.trim());
    } catch {
      toast.error('Error', 'Failed to send magic link. Please try again.');
    } finally {
      setPending(false);
    }
  }

  if (sentTo) {
    return (
      <Stack gap="3" textAlign="center" py="4" role="status">
        <Heading as="h3" size="lg">
          Check Your Email
        </Heading>
        <Text color="gray.600">
          We sent a sign-in link to{' '}
          <Box as="strong" color="gray.900">
            {sentTo}
          </Box>
          . Open it on this device to sign in. The link is valid for 24 hours and works once.
        </Text>
        <Button
          variant="ghost"
          size="sm"
          alignSelf="center"
          onClick={() => {
            setSentTo(null);
            setEmail('');
            setTouched(false);
          }}
        >
          Use a different e-mail
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={touched && error !== null} required>
          <Field.Label htmlFor={`${idPrefix}-email`}>Email</Field.Label>
          <Input
            id={`${idPrefix}-email`}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          {touched && error && <Field.ErrorText>{error}</Field.ErrorText>}
          <Field.HelperText>We will e-mail you a one-time link — no password needed.</Field.HelperText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={error !== null || pending}
          loading={pending}
          loadingText="Sending..."
        >
          Send Magic Link
        </Button>
      </Stack>
    </form>
  );
}
