import { Box, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Logo } from '../Logo';
import { RouterLink } from '../RouterLink';

export const CONTACT_EMAIL = 'support@jsonable.dev';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/#try-it', label: 'Try It Now' },
      { to: '/#pricing', label: 'Pricing' },
      { to: '/examples', label: 'Examples' },
      { to: '/dashboard', label: 'Dashboard' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/documentation', label: 'Documentation' },
      { to: '/api-reference', label: 'API Reference' },
      { to: '/json-guide', label: 'JSON Guide' },
      { to: '/make-integration', label: 'Make' },
      { to: '/n8n-integration', label: 'n8n' },
      { to: '/zapier-integration', label: 'Zapier' },
      { to: '/gumloop-integration', label: 'Gumloop' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

export function Footer() {
  return (
    <Box as="footer" bg="gray.50" borderTopWidth="1px" borderColor="gray.200" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="12">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="8">
          <Stack gap="3" gridColumn={{ base: 'span 2', md: 'auto' }}>
            <Logo />
            <Text color="gray.600" fontSize="sm" maxW="xs">
              JSON in, a clean table image out — PNG, JPEG, WebP, AVIF, SVG or PDF at a permanent public URL.
            </Text>
            <Text fontSize="sm" color="gray.700">
              Contact:{' '}
              <Link href={`mailto:${CONTACT_EMAIL}`} color="brand.700" textDecoration="underline">
                {CONTACT_EMAIL}
              </Link>
            </Text>
          </Stack>
          {COLUMNS.map((col) => (
            <Stack key={col.title} gap="2" as="nav" aria-label={col.title}>
              <Heading as="h2" size="sm" color="gray.900">
                {col.title}
              </Heading>
              {col.links.map((l) => (
                <RouterLink key={l.to} to={l.to} fontSize="sm" color="gray.700" _hover={{ color: 'brand.700' }}>
                  {l.label}
                </RouterLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Flex mt="10" pt="6" borderTopWidth="1px" borderColor="gray.200" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="xs" color="gray.600">
            © {new Date().getFullYear()} Jsonable. All rights reserved.
          </Text>
          <Text fontSize="xs" color="gray.600">
            Images are rendered by our own table engine.
          </Text>
        </Flex>
      </Container>
    </Box>
  );
}
