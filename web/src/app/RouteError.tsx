import { isRouteErrorResponse, useRouteError, Link as RRLink } from 'react-router-dom';
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';

/** Shown when a page fails to load or throws while rendering. */
export function RouteError() {
  const err = useRouteError();
  const detail = isRouteErrorResponse(err)
    ? `${err.status} ${err.statusText}`
    : err instanceof Error
      ? err.message
      : 'Unknown error occurred';
  return (
    <Center minH="70vh" px="4">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="gray.600">{detail}</Text>
        <Button asChild colorPalette="brand">
          <RRLink to="/">Back to Home</RRLink>
        </Button>
      </Stack>
    </Center>
  );
}
