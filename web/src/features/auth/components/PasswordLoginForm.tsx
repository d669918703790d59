import { useState, type FormEvent } from 'react';
import { Link as RRLink, useNavigate } from 'react-router-dom';
import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { login } from '../../../lib/auth';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useAdoptTypedValues } from '../../../lib/typed-before-hydration';

export function PasswordLoginForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  useAdoptTypedValues([
    ['login-email', setEmail],
    ['login-password', setPassword],
  ]);
  const ready = email.trim() !== '' && password !== '';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setPending(true);
    try {
      await login({ email: email.trim(), password });
      navigate('/dashboard');
    } catch (err) {
      toast.error('Login failed', messageOf(err, 'Check your e-mail and password and try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4">
        <Field.Root required>
          <Field.Label htmlFor="login-email">Email</Field.Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label htmlFor="login-password">Password</Field.Label>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        <Link asChild fontSize="sm" color="brand.700" textDecoration="underline" alignSelf="end" mt="-2">
          <RRLink to="/auth?tab=forgot">Forgot password?</RRLink>
        </Link>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!ready || pending}
          loading={pending}
          loadingText="Signing in..."
        >
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
