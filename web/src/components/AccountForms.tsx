/**
 * What the account forms and pages share: the labelled text field (and its e-mail and password
 * forms), a form's submit with its pending state and error toast, the status messages of pages that
 * e-mailed links open, Check Your Email, and checking a link's token. One module, so the pages that
 * use them load one small chunk.
 */
import { useEffect, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Link as RRLink, useNavigate } from 'react-router-dom';
import { Box, Button, Field, Heading, Input, Stack, Text, type BoxProps } from '@chakra-ui/react';
import { toast } from '../lib/toaster';

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

/**
 * A form's submit: `check` first (false stops it, e.g. after marking the fields touched), then `run`
 * while `pending` is true; if `run` throws, an error toast with `failTitle` and `failMessage(err)`.
 */
export function useFormSubmit({
  check,
  run,
  failTitle,
  failMessage,
}: {
  check?: () => boolean;
  run: () => Promise<unknown>;
  failTitle: string;
  failMessage: (err: unknown) => string;
}) {
  const [pending, setPending] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (check && !check()) return;
    setPending(true);
    try {
      await run();
    } catch (err) {
      toast.error(failTitle, failMessage(err));
    } finally {
      setPending(false);
    }
  }
  return { pending, onSubmit };
}

/**
 * The whole content of a card while it checks, when it is done or when it failed: an optional icon,
 * the heading, a line of text and an action, centred and announced.
 */
export function StatusMessage({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack gap="4" align="center" textAlign="center" role="status" aria-live="polite">
      {icon}
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {text !== undefined && <Text color="gray.600">{text}</Text>}
      {action}
    </Stack>
  );
}

/** The card's content when an e-mailed link does not work: why, and a link onward. */
export function InvalidLink({ message, to, label }: { message: string; to: string; label: string }) {
  return (
    <StatusMessage
      title="Invalid Link"
      text={message}
      action={
        <Button asChild colorPalette="brand">
          <RRLink to={to}>{label}</RRLink>
        </Button>
      }
    />
  );
}

/** "Check Your Email" after a form sent a link: what was sent where, and an optional way on. */
export function CheckYourEmail({
  headingAs,
  py,
  children,
  action,
}: {
  headingAs: 'h2' | 'h3';
  py: '2' | '4';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack gap="3" textAlign="center" py={py} role="status">
      <Heading as={headingAs} size="lg">
        Check Your Email
      </Heading>
      <Text color="gray.600">{children}</Text>
      {action}
    </Stack>
  );
}

/** A value named inside a sentence, such as the e-mail address a link went to. */
export function Strong(props: BoxProps) {
  return <Box as="strong" color="gray.900" {...props} />;
}

/**
 * Checks the token of an e-mailed link (sign-in, sign-up, password reset) when its page opens. An
 * answer that arrives after the page moved on is dropped.
 */
export function useLinkCheck<T>(
  token: string | null,
  check: (token: string) => Promise<T>,
  onValid: (answer: T) => void,
  onInvalid: () => void,
): void {
  useEffect(() => {
    if (!token) return;
    let live = true;
    check(token).then(
      (answer) => {
        if (live) onValid(answer);
      },
      () => {
        if (live) onInvalid();
      },
    );
    return () => {
      live = false;
    };
    // Once per token: the callbacks only set the page's state.
  }, [token]);
}

/** Goes on to `to`, in place of this page in the history, `ms` after `when` turns true. */
export function useRedirectWhen(when: boolean, to: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [when, to, ms, navigate]);
}
