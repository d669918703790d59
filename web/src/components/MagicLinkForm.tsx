import { useState } from 'react';
import { Button, Field, Stack } from '@chakra-ui/react';
import { requestMagicLink } from '../lib/auth';
import { useEmailEntry } from '../lib/use-email-entry';
import { toast } from '../lib/toaster';
import { useAdoptTypedValues } from '../lib/typed-before-hydration';
import { CheckYourEmail, EmailField, Strong, useFormSubmit } from './AccountForms';

/** E-mail entry, then the Check Your Email confirmation (SPEC §4). Used on /auth and the landing dialog. */
export function MagicLinkForm({ idPrefix = 'magic' }: { idPrefix?: string }) {
  const { email, setEmail, error, check, reset, field } = useEmailEntry();
  const [sentTo, setSentTo] = useState<string | null>(null);
  useAdoptTypedValues([[`${idPrefix}-email`, setEmail]]);
  const { pending, onSubmit } = useFormSubmit({
    check,
    run: async () => {
      await requestMagicLink(email.trim());
      toast.success('Magic link sent', `We sent a sign-in link to ${email.trim()}.`);
      setSentTo(email.trim());
    },
    failTitle: 'Error',
    failMessage: () => 'Failed to send magic link. Please try again.',
  });

  if (sentTo) {
    return (
      <CheckYourEmail
        headingAs="h3"
        py="4"
        action={
          <Button
            variant="ghost"
            size="sm"
            alignSelf="center"
            onClick={() => {
              setSentTo(null);
              reset();
            }}
          >
            Use a different e-mail
          </Button>
        }
      >
        We sent a sign-in link to <Strong>{sentTo}</Strong>. Open it on this device to sign in. The link is valid for 24
        hours and works once.
      </CheckYourEmail>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <EmailField id={`${idPrefix}-email`} placeholder="you@company.com" {...field}>
          <Field.HelperText>We will e-mail you a one-time link — no password needed.</Field.HelperText>
        </EmailField>
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
