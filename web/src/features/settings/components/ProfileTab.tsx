import { useEffect, useState } from 'react';
import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import type { SessionUser } from '../../../lib/auth';
import { TextField, useFormSubmit } from '../../../components/AccountForms';
import { updateProfile } from '../api/account-settings';

export function ProfileTab({ user }: { user: SessionUser }) {
  const [first, setFirst] = useState(user.first_name ?? '');
  const [last, setLast] = useState(user.last_name ?? '');
  useEffect(() => {
    setFirst(user.first_name ?? '');
    setLast(user.last_name ?? '');
  }, [user.first_name, user.last_name]);

  const { pending: saving, onSubmit } = useFormSubmit({
    run: async () => {
      await updateProfile({ email: user.email, first_name: first.trim(), last_name: last.trim() });
      toast.success('Profile Updated', 'Your name has been saved.');
    },
    failTitle: 'Update Failed',
    failMessage: (err) => messageOf(err, 'Your profile could not be updated. Please try again.'),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="xl">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {(
            [
              ['first-name', 'First name', 'given-name', first, setFirst],
              ['last-name', 'Last name', 'family-name', last, setLast],
            ] as const
          ).map(([id, label, autoComplete, value, set]) => (
            <TextField
              key={id}
              id={id}
              label={label}
              maxLength={100}
              autoComplete={autoComplete}
              value={value}
              onChange={set}
            />
          ))}
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
