import type { ReactNode } from 'react';
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
