import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@jsonable/contracts/accounts';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { changePassword } from '../api/account-settings';

export function SecurityTab({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const mismatch = confirm.length > 0 && next !== confirm;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (next !== confirm) {
      toast.error('Password Mismatch', 'New password and confirmation do not match.');
      return;
    }
    setSaving(true);
    try {
      await changePassword({ ...(hasPassword ? { currentPassword: current } : {}), newPassword: next, confirmPassword: confirm });
      toast.success('Password Changed', 'Use your new password next time you sign in. Your other sessions were signed out.');
      setCurrent(''); setNext(''); setConfirm('');
    } catch (err) {
      toast.error('Password Change Failed', messageOf(err, 'Your password could not be changed. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" maxW="md">
        {!hasPassword && (
          <Text fontSize="sm" color="fg.muted">You sign in by magic link. Set a password to sign in with it as well.</Text>
        )}
        {hasPassword && (
          <Field.Root required>
            <Field.Label htmlFor="current-password">Current password<Field.RequiredIndicator /></Field.Label>
            <Input id="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          </Field.Root>
        )}
        <Field.Root required>
          <Field.Label htmlFor="new-password">New password<Field.RequiredIndicator /></Field.Label>
          <Input id="new-password" type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX}
            value={next} onChange={(e) => setNext(e.target.value)} />
          <Field.HelperText>At least {PASSWORD_MIN} characters.</Field.HelperText>
        </Field.Root>
        <Field.Root required invalid={mismatch}>
          <Field.Label htmlFor="confirm-password">Confirm new password<Field.RequiredIndicator /></Field.Label>
          <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Field.ErrorText>New password and confirmation do not match.</Field.ErrorText>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">Changing the password signs you out on every other device and browser; this one stays signed in.</Text>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={saving} loadingText="Saving..."
          disabled={!next || !confirm || (hasPassword && !current)}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
