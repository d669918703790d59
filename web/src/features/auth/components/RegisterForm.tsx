import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Stack } from '@chakra-ui/react';
import { register } from '../../../lib/auth';
import { isEmail, passwordsMatchError } from '../../../lib/validation';
import { PASSWORD_MIN, accountMessages } from '@jsonable/contracts/account-rules';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useAdoptTypedValues } from '../../../lib/typed-before-hydration';
import { CheckYourEmail, EmailField, PasswordField, Strong, useFormSubmit } from '../../../components/AccountForms';

export function RegisterForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false, confirm: false });
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  useAdoptTypedValues([
    ['register-email', setEmail],
    ['register-password', setPassword],
    ['register-confirm', setConfirm],
  ]);

  const emailBad = !isEmail(email);
  const mismatch = passwordsMatchError(password, confirm);
  const passwordShort = password.length < PASSWORD_MIN;
  const { pending, onSubmit } = useFormSubmit({
    check: () => {
      setTouched({ email: true, password: true, confirm: true });
      return !(emailBad || mismatch || passwordShort);
    },
    run: async () => {
      const result = await register({ email: email.trim(), password, confirmPassword: confirm });
      if (result.user) {
        toast.success('Registration successful', 'Welcome to Jsonable. Create your first project to get an API key.');
        navigate('/dashboard');
      } else {
        const message = result.message ?? 'Check your email to finish creating your account.';
        toast.success('Registration successful', message);
        setSentTo({ email: email.trim(), message });
      }
    },
    failTitle: 'Registration failed',
    failMessage: (err) => messageOf(err, 'Please try again.'),
  });
  /** A field's value, and its message once it was left or the form submitted. */
  const bind = (name: keyof typeof touched, value: string, set: (v: string) => void, wrong: string | false | null) => ({
    value,
    onChange: set,
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: touched[name] && wrong,
  });

  if (sentTo) {
    return (
      <CheckYourEmail headingAs="h3" py="4">
        {sentTo.message} We sent it to <Strong>{sentTo.email}</Strong>; the link is valid for 24 hours. When you open
        it, type your password again to confirm the account.
      </CheckYourEmail>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <EmailField
          id="register-email"
          {...bind('email', email, setEmail, emailBad && 'Please enter a valid email address')}
        />
        <PasswordField
          id="register-password"
          label="Password"
          autoComplete="new-password"
          {...bind('password', password, setPassword, passwordShort && accountMessages.passwordTooShort)}
          helper={<>Use at least {PASSWORD_MIN} characters.</>}
        />
        <PasswordField
          id="register-confirm"
          label="Confirm Password"
          autoComplete="new-password"
          {...bind('confirm', confirm, setConfirm, mismatch)}
        />
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
