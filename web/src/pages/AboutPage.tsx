import { Link as RRLink } from 'react-router-dom';
import { Box, Button, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';

export const COMPANY_SITE = 'https://jsonable.dev';

export default function AboutPage() {
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap="8" css={{ '& p': { lineHeight: '1.8', color: 'var(--chakra-colors-gray-700)' } }}>
        <Stack gap="3">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            About Jsonable
          </Heading>
          <Text fontSize="lg">We make data easy to share as a picture.</Text>
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Our story
          </Heading>
          <Text>
            Jsonable started in a small automation lab. We built workflows for clients in Make, n8n and Zapier, and
            every week someone asked the same thing: “Can the report in Slack look like a real table?” Chat apps and
            e-mail clients mangle text tables, screenshots of spreadsheets go stale, and charting libraries are overkill
            for forty rows of numbers.
          </Text>
          <Text>
            So we wrote a small service: send it rows as JSON, get back an image of a clean table at a URL that never
            changes. It grew into Jsonable — a table engine that draws PNG, JPEG, WebP, AVIF, SVG and PDF, a dashboard
            with projects and API keys, and step-by-step guides for the automation tools our users already love.
          </Text>
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="xl">
            What we care about
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            {[
              {
                t: 'Readable tables',
                d: 'Good typography, sensible alignment and colours that survive a dark-mode chat window.',
              },
              {
                t: 'Links that last',
                d: 'An image URL you paste today still works next year — we host the file for you.',
              },
              {
                t: 'Plain pricing',
                d: 'A free plan to try things, clear monthly allowances, and no surprise charges.',
              },
            ].map((v) => (
              <Box key={v.t} borderWidth="1px" borderColor="gray.200" rounded="lg" p="4">
                <Heading as="h3" size="sm" mb="1">
                  {v.t}
                </Heading>
                <Text fontSize="sm">{v.d}</Text>
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
        <Text>
          Learn more about the team on our company site,{' '}
          <Link
            href={COMPANY_SITE}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.700"
            textDecoration="underline"
          >
            jsonable.dev
          </Link>
          , or write to us at{' '}
          <Link href="mailto:support@jsonable.dev" color="brand.700" textDecoration="underline">
            support@jsonable.dev
          </Link>
          .
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand">
            <RRLink to="/">Back to Home</RRLink>
          </Button>
          <Button asChild variant="outline">
            <RRLink to="/examples">See examples</RRLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
