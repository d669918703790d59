import type { ReactNode } from 'react';
import { Link as RRLink } from 'react-router-dom';
import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Logo } from '../../components/Logo';
import { formatDate } from '../../lib/dates';

export const LEGAL_UPDATED = formatDate('2026-11-01T12:00:00Z');

/** Terms and privacy: their own header with Log In and Sign Up, and a Back to Home link (SPEC §2). */
export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" borderBottomWidth="1px" borderColor="gray.200" bg="white">
        <Container maxW="5xl" px={{ base: '4', md: '6' }}>
          <Flex h="16" align="center" justify="space-between" gap="3">
            <RRLink to="/" aria-label="Jsonable home">
              <Logo />
            </RRLink>
            <HStack gap="2">
              <Button asChild size="sm" variant="ghost">
                <RRLink to="/auth">Log In</RRLink>
              </Button>
              <Button asChild size="sm" colorPalette="brand">
                <RRLink to="/auth?tab=register">Sign Up</RRLink>
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="main" tabIndex={-1} outline="none" flex="1">
        <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
          <Stack
            gap="6"
            css={{
              '& p, & li': { lineHeight: '1.8', color: 'var(--chakra-colors-gray-700)' },
              '& h2': { marginTop: '12px' },
              '& ul': { paddingInlineStart: '20px', listStyle: 'disc' },
            }}
          >
            <RRLink to="/" style={{ color: '#4a1e8c', textDecoration: 'underline', fontWeight: 500 }}>
              ← Back to Home
            </RRLink>
            <Stack gap="1">
              <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
                {title}
              </Heading>
              <Text fontSize="sm">Last updated: {LEGAL_UPDATED}</Text>
            </Stack>
            {children}
          </Stack>
        </Container>
      </Box>
      <Box as="footer" borderTopWidth="1px" borderColor="gray.200" py="6" textAlign="center">
        <Text fontSize="sm" color="gray.600">
          © {new Date().getFullYear()} Jsonable · <RRLink to="/terms">Terms</RRLink> ·{' '}
          <RRLink to="/privacy">Privacy</RRLink>
        </Text>
      </Box>
    </Flex>
  );
}
