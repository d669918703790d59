import type { ReactNode } from 'react';
import { Box, Container, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';

export interface DocAnchor {
  id: string;
  label: string;
}

/** A documentation page: title, a sidebar of in-page anchors (a wrapped list on small screens), content. */
export function DocsShell({
  title,
  intro,
  anchors,
  children,
  navLabel = 'On this page',
}: {
  title: string;
  intro?: ReactNode;
  anchors: DocAnchor[];
  children: ReactNode;
  navLabel?: string;
}) {
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Grid
        templateColumns={{ base: '1fr', lg: '220px minmax(0, 1fr)' }}
        gap={{ base: '6', lg: '12' }}
        alignItems="start"
      >
        <Box as="nav" aria-label={navLabel} position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <Text
            fontSize="xs"
            fontWeight="semibold"
            color="gray.600"
            textTransform="uppercase"
            letterSpacing="wider"
            mb="3"
          >
            {navLabel}
          </Text>
          <Stack
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            gap={{ base: '1', lg: '1.5' }}
            direction={{ base: 'row', lg: 'column' }}
            wrap="wrap"
          >
            {anchors.map((a) => (
              <Box as="li" key={a.id}>
                <Link
                  href={`#${a.id}`}
                  fontSize="sm"
                  color="gray.700"
                  _hover={{ color: 'brand.700' }}
                  px={{ base: '2.5', lg: '0' }}
                  py={{ base: '1', lg: '0' }}
                  borderWidth={{ base: '1px', lg: '0' }}
                  borderColor="gray.200"
                  rounded="full"
                >
                  {a.label}
                </Link>
              </Box>
            ))}
          </Stack>
        </Box>
        <Stack gap="12" minW="0">
          <Stack gap="3">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em">
              {title}
            </Heading>
            {intro && (
              <Box color="gray.600" fontSize="lg">
                {intro}
              </Box>
            )}
          </Stack>
          {children}
        </Stack>
      </Grid>
    </Container>
  );
}

/** One anchored section of a docs page. */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack
      as="section"
      id={id}
      aria-labelledby={`${id}-title`}
      gap="4"
      css={{ '& p': { lineHeight: '1.7', color: 'var(--chakra-colors-gray-700)' } }}
    >
      <Heading as="h2" id={`${id}-title`} size="2xl" pb="2" borderBottomWidth="1px" borderColor="gray.200">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function DocSub({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
