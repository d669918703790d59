import type { ReactNode } from 'react';
import { Link as RRLink } from 'react-router-dom';
import { Badge, Box, Button, Container, Flex, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { CodeBlock } from '../../components/CodeBlock';
import { useSiteOrigin } from '../../lib/origin';
import { CopyField, type CopyValue } from './CopyField';
import { LivingImageSection } from './LivingImageSection';

export interface GuideStep {
  title: string;
  body: ReactNode;
  values?: CopyValue[];
  code?: { label: string; code: string };
}

/** The first step of the guides that call the project endpoint with the project's key (n8n, Zapier). */
export const CREATE_PROJECT_STEP: GuideStep = {
  title: 'Create a project',
  body: <Text>Create a project in your Jsonable dashboard and copy its API key and endpoint path.</Text>,
};

/**
 * An integration guide page: the numbered steps (given the site's origin, for the URLs they show),
 * the living-image recipe in the tool's words, optional troubleshooting, and the links onward.
 */
export function IntegrationGuide({
  platform,
  intro,
  steps,
  living,
  troubleshooting,
}: {
  platform: string;
  intro: ReactNode;
  steps: (origin: string) => GuideStep[];
  living: { request: ReactNode; mapping: ReactNode };
  troubleshooting?: TroubleshootingItem[];
}) {
  const origin = useSiteOrigin();
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Stack gap="3">
          <Badge alignSelf="start" colorPalette="brand" variant="subtle">
            Integration guide
          </Badge>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Jsonable + {platform}
          </Heading>
          <Box color="gray.600" fontSize="lg">
            {intro}
          </Box>
        </Stack>
        <Stack as="ol" gap="6" listStyleType="none" p="0" m="0">
          {steps(origin).map((s, i) => (
            <Flex as="li" key={s.title} gap="4" align="start">
              <Flex
                flexShrink={0}
                w="8"
                h="8"
                rounded="full"
                bg="brand.700"
                color="white"
                align="center"
                justify="center"
                fontWeight="bold"
                aria-hidden="true"
              >
                {i + 1}
              </Flex>
              <Stack gap="3" flex="1" minW="0" pt="1">
                <Heading as="h2" size="md">
                  Step {i + 1}: {s.title}
                </Heading>
                <Box color="gray.700" lineHeight="tall">
                  {s.body}
                </Box>
                {s.values?.map((v) => (
                  <CopyField key={v.label} {...v} />
                ))}
                {s.code && <CodeBlock code={s.code.code} label={s.code.label} />}
              </Stack>
            </Flex>
          ))}
        </Stack>
        <LivingImageSection origin={origin} {...living} />
        {troubleshooting && <Troubleshooting items={troubleshooting} />}
        <HStack gap="3" wrap="wrap" pt="4" borderTopWidth="1px" borderColor="gray.200">
          <Button asChild colorPalette="brand">
            <RRLink to="/dashboard">Open your dashboard</RRLink>
          </Button>
          <Button asChild variant="outline">
            <RRLink to="/api-reference">API Reference</RRLink>
          </Button>
          <Button asChild variant="ghost">
            <RRLink to="/documentation#integrations">All integrations</RRLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}

interface TroubleshootingItem {
  problem: string;
  fix: string;
}

function Troubleshooting({ items }: { items: TroubleshootingItem[] }) {
  return (
    <Stack as="section" gap="3" aria-labelledby="troubleshooting">
      <Heading as="h2" id="troubleshooting" size="xl">
        Troubleshooting
      </Heading>
      <List.Root gap="3" ps="5">
        {items.map((t) => (
          <List.Item key={t.problem} color="gray.700">
            <Text as="span" fontWeight="semibold" color="gray.900">
              {t.problem}
            </Text>{' '}
            — {t.fix}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
