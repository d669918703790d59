/**
 * What the pages and forms of e-mailed links share: checking a link's token when its page opens,
 * going on once it is used, the centred status messages, and Check Your Email after a form sent one.
 */
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Heading, Stack, Text, type BoxProps } from '@chakra-ui/react';

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
