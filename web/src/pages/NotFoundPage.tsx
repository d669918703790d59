import { Link as RRLink } from 'react-router-dom';
import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';

export default function NotFoundPage() {
  return (
    <Center flex="1" minH="60vh" px="4" py="16">
      <Stack gap="4" align="center" textAlign="center" maxW="lg">
        <Text fontSize="6xl" fontWeight="bold" color="brand.700" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          404 Page Not Found
        </Heading>
        <Text color="gray.600">
          The page you asked for does not exist or has moved. The documentation and examples are good places to start.
        </Text>
        <HStack gap="3" wrap="wrap" justify="center">
          <Button asChild colorPalette="brand">
            <RRLink to="/">Back to Home</RRLink>
          </Button>
          <Button asChild variant="outline">
            <RRLink to="/documentation">Documentation</RRLink>
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
