import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import type { SessionUser } from '../../../lib/auth';
import { updateProfile } from '../api/account-settings';

export function ProfileTab({ user }: { user: SessionUser }) {
  const [first, setFirst] = useState(user.first_name ?? '');
  const [last, setLast] = useState(user.last_name ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setFirst(user.first_name ?? '');
    setLast(user.last_name ?? '');
  }, [user.first_name, user.last_name]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      await updateProfile({ email: user.email, first_name: first.trim(), last_name: last.trim() });
      toast.success('Profile Updated', 'Your name has been saved.');
    } catch (err) {
      toast.error('Update Failed', messageOf(err, 'Your profile could not be updated. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" maxW="xl">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root>
            <Field.Label htmlFor="first-name">First name</Field.Label>
            <Input
              id="first-name"
              value={first}
              maxLength={100}
              autoComplete="given-name"
              onChange={(e) => setFirst(e.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor="last-name">Last name</Field.Label>
            <Input
              id="last-name"
              value={last}
              maxLength={100}
              autoComplete="family-name"
              onChange={(e) => setLast(e.target.value)}
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root readOnly>
          <Field.Label htmlFor="email">Email</Field.Label>
          <Input id="email" value={user.email} readOnly bg="gray.50" />
          <Field.HelperText>Your e-mail address is your sign-in and cannot be changed here.</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={saving} loadingText="Saving...">
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}
