import type { ComponentProps, ReactNode } from 'react';
import { Field, Input } from '@chakra-ui/react';

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'required' | 'children'>;

/**
 * One labelled text input: the label, the input, and under it the error when there is one, else the
 * helper. `children` come last (a hint that stays with the error). The forms of sign-in, sign-up,
 * password reset, settings and the table-features editors all use it.
 */
export type TextFieldProps = InputProps & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The message when the value is wrong; false, null or '' when it is fine. */
  error?: ReactNode;
  helper?: ReactNode;
  required?: boolean;
  /** Shows the required mark after the label. */
  markRequired?: boolean;
  children?: ReactNode;
};

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  helper,
  required,
  markRequired,
  children,
  ...input
}: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label htmlFor={id}>
        {label}
        {markRequired && <Field.RequiredIndicator />}
      </Field.Label>
      <Input id={id} {...input} value={value} onChange={(e) => onChange(e.target.value)} />
      {error ? (
        <Field.ErrorText data-testid={`${id}-error`}>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
      {children}
    </Field.Root>
  );
}

/** The required "Email" field of the sign-in and sign-up forms. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" required type="email" autoComplete="email" {...props} />;
}

/** A required password field; `autoComplete` says whether it takes the current or a new password. */
export function PasswordField(
  props: Omit<TextFieldProps, 'type' | 'autoComplete'> & { autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField required type="password" {...props} />;
}
