import { useState } from 'react';
import { Link as RRLink, useNavigate } from 'react-router-dom';
import { Button, Link, Stack } from '@chakra-ui/react';
import { login } from '../../../lib/auth';
import { messageOf } from '../../../lib/api-client';
import { useAdoptTypedValues } from '../../../lib/typed-before-hydration';
import { EmailField, PasswordField, useFormSubmit } from '../../../components/AccountForms';

export function PasswordLoginForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useAdoptTypedValues([
    ['login-email', setEmail],
    ['login-password', setPassword],
  ]);
  const ready = email.trim() !== '' && password !== '';
  const { pending, onSubmit } = useFormSubmit({
    check: () => ready,
    run: async () => {
      await login({ email: email.trim(), password });
      navigate('/dashboard');
    },
    failTitle: 'Login failed',
    failMessage: (err) => messageOf(err, 'Check your e-mail and password and try again.'),
  });

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4">
        <EmailField id="login-email" autoComplete="username" value={email} onChange={setEmail} />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
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
