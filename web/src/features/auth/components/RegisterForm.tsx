import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { register } from '../../../lib/auth';
import { isEmail, passwordsMatchError } from '../../../lib/validation';
import { PASSWORD_MIN, accountMessages } from '@jsonable/contracts/account-rules';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useAdoptTypedValues } from '../../../lib/typed-before-hydration';

export function RegisterForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false, confirm: false });
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  useAdoptTypedValues([
    ['register-email', setEmail],
    ['register-password', setPassword],
    ['register-confirm', setConfirm],
  ]);

  const emailBad = !isEmail(email);
  const mismatch = passwordsMatchError(password, confirm);
  const passwordShort = password.length < PASSWORD_MIN;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched({ email: true, password: true, confirm: true });
    if (emailBad || mismatch || passwordShort) return;
    setPending(true);
    try {
      const result = await register({ email: email.trim(), password, confirmPassword: confirm });
      if (result.user) {
        toast.success('Registration successful', 'Welcome to Jsonable. Create your first project to get an API key.');
        navigate('/dashboard');
      } else {
        const message = result.message ?? 'Check your email to finish creating your account.';
        toast.success('Registration successful', message);
        setSentTo({ email: email.trim(), message });
      }
    } catch (err) {
      toast.error('Registration failed', messageOf(err, 'Please try again.'));
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
          {sentTo.message} We sent it to{' '}
          <Box as="strong" color="gray.900">
            {sentTo.email}
          </Box>
          ; the link is valid for 24 hours. When you open it, type your password again to confirm the account.
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={touched.email && emailBad} required>
          <Field.Label htmlFor="register-email">Email</Field.Label>
          <Input
            id="register-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          />
          {touched.email && emailBad && <Field.ErrorText>Please enter a valid email address</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={touched.password && passwordShort} required>
          <Field.Label htmlFor="register-password">Password</Field.Label>
          <Input
            id="register-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          />
          {touched.password && passwordShort ? (
            <Field.ErrorText>{accountMessages.passwordTooShort}</Field.ErrorText>
          ) : (
            <Field.HelperText>Use at least {PASSWORD_MIN} characters.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={touched.confirm && mismatch !== null} required>
          <Field.Label htmlFor="register-confirm">Confirm Password</Field.Label>
          <Input
            id="register-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          />
          {touched.confirm && mismatch && <Field.ErrorText>{mismatch}</Field.ErrorText>}
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={pending}
          loading={pending}
          loadingText="Creating account..."
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
