import { Alert, Box, Code, Heading, HStack, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CopyButton } from '../../../components/CopyButton';
import type { Project } from '../../../lib/api/projects';
import { endpointUrl, isProjectSpecific } from '../../../lib/endpoint';
import { CodeSample } from './CodeSample';

const GENERIC_ENDPOINT = '/api/jsonable/table-to-image';

const requestBody = {
  title: 'Weekly Signups',
  data: [
    { Day: 'Monday', Signups: 42, Plan: 'Professional' },
    { Day: 'Tuesday', Signups: 37, Plan: 'Free' },
  ],
};
/** The general endpoint's sample shows styles; a project's endpoint uses the project's own. */
const genericRequestBody = { ...requestBody, styles: { headerBg: '#4a1e8c', imageFormat: 'png' } };

function projectResponse(origin: string) {
  const url = `${origin}/api/images/weekly-signups-1763780000000.png`;
  const image = {
    id: '7f3c…',
    url,
    filename: 'weekly-signups-1763780000000.png',
    createdAt: '2026-11-22T03:00:00.000Z',
    title: 'Weekly Signups',
  };
  return { success: true, image, ...image, image_url: url, userId: '…', projectId: '…' };
}

function genericResponse(origin: string) {
  return {
    success: true,
    imageUrl: `${origin}/api/images/weekly-signups-1763780000000.png`,
    metadata: { format: 'png', width: 800, height: 164, size: 18342 },
  };
}

const platforms: { name: string; path: string; steps: string[] }[] = [
  {
    name: 'Make',
    path: '/make-integration',
    steps: [
      'Add an HTTP › Make a request module.',
      'Method POST, URL: the endpoint above; header Content-Type: application/json.',
      'Body type Raw, content type JSON; map your rows into the data array.',
      'Set Parse response to Yes and use url from the output.',
    ],
  },
  {
    name: 'n8n',
    path: '/n8n-integration',
    steps: [
      'Add an HTTP Request node with method POST and the endpoint above.',
      'Send Body: JSON; build the body with an expression from the previous node.',
      'Read {{$json.url}} in the next node.',
    ],
  },
  {
    name: 'Zapier',
    path: '/zapier-integration',
    steps: [
      'Add a Webhooks by Zapier › Custom Request action.',
      'Method POST, URL: the endpoint above, Data: your JSON, header Content-Type: application/json.',
      'Use the returned url in later steps (e-mail, Slack, Sheets).',
    ],
  },
  {
    name: 'Gumloop',
    path: '/gumloop-integration',
    steps: [
      'Add an API Call node with method POST and the endpoint above.',
      'Add the header Authorization: Bearer <your key>.',
      'Pass your JSON as the body and read url from the response.',
    ],
  },
];

export function ApiTab({ project }: { project: Project | null }) {
  const origin = window.location.origin;
  const url = project ? endpointUrl(project.endpointPath, origin) : origin + GENERIC_ENDPOINT;
  const specific = project !== null && isProjectSpecific(project.endpointPath);
  // A project that requires its key refuses the sample without it (401): show the header then.
  const keyRequired = specific && project?.settings.requireKey === true;
  const keyHeader = !specific
    ? ' \\\n  -H "Authorization: Bearer YOUR_API_KEY"'
    : keyRequired
      ? ' \\\n  -H "X-API-KEY: YOUR_PROJECT_KEY"'
      : '';
  const body = specific ? requestBody : genericRequestBody;
  const curl = `curl -X POST "${url}" \\\n  -H "Content-Type: application/json"${keyHeader} \\\n  -d '${JSON.stringify(body, null, 2)}'`;
  const response = JSON.stringify(specific ? projectResponse(origin) : genericResponse(origin), null, 2);

  return (
    <Stack gap="6" maxW="4xl">
      <Box>
        <Heading as="h2" size="md" mb="2">
          API Endpoint
        </Heading>
        <HStack gap="2">
          <Code flex="1" p="2.5" fontSize="sm" wordBreak="break-all" data-testid="api-endpoint-url">
            {url}
          </Code>
          <CopyButton value={url} ariaLabel="Copy endpoint URL" size="sm" />
        </HStack>
        {!project && (
          <Text fontSize="sm" color="fg.muted" mt="2">
            The general endpoint needs your API key (Settings › API Keys). Select or create a project for an endpoint of
            its own.
          </Text>
        )}
      </Box>

      {specific && project && (
        <Stack gap="3" data-testid="project-endpoint-banner">
          <Alert.Root status="success" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Project-specific endpoint</Alert.Title>
              <Alert.Description>
                Images posted here are saved to <strong>{project.name}</strong> and use its default styles.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Box borderWidth="1px" borderRadius="md" p="3" data-testid="api-key-hint">
            <Text fontSize="sm" fontWeight="semibold">
              API key header ({keyRequired ? 'required' : 'optional'})
            </Text>
            <Code mt="1" display="block" p="2" fontSize="xs">
              X-API-KEY: {project.apiKeyPrefix}…
            </Code>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {keyRequired
                ? 'This project requires its key: calls without the X-API-KEY header are refused (401).'
                : 'Calls without a key are accepted: the endpoint URL is the secret. To require the key as well, switch on Require this key (Dashboard › View API Key).'}{' '}
              The full key is shown once, when the project is created or its key regenerated (Dashboard › View API Key).
            </Text>
          </Box>
          <Alert.Root status="warning" variant="subtle" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              {keyRequired
                ? 'Security note: keep the key and the endpoint URL secret; regenerate the key if it leaks.'
                : 'Security note: the endpoint URL contains an unguessable part. Treat it like a password — anyone who has it can create images in this project unless they must also send the key (Dashboard › View API Key).'}
            </Alert.Description>
          </Alert.Root>
        </Stack>
      )}

      <Stack gap="4">
        <CodeSample label="Request format" code={curl} copyLabel="Copy request sample" />
        <CodeSample label="Response format" code={response} copyLabel="Copy response sample" />
      </Stack>

      <Box>
        <Heading as="h2" size="md" mb="3">
          Use it from an automation platform
        </Heading>
        {!specific && (
          <Text fontSize="sm" mb="3" data-testid="generic-key-note">
            The general endpoint needs your API key: in each platform add the header{' '}
            <Code>Authorization: Bearer YOUR_API_KEY</Code>.
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {platforms.map((p) => (
            <Box key={p.name} borderWidth="1px" borderRadius="md" p="4">
              <Heading as="h3" size="sm" mb="2">
                {p.name}
              </Heading>
              <List.Root as="ol" ps="5" fontSize="sm" gap="1">
                {p.steps.map((s) => (
                  <List.Item key={s}>{s}</List.Item>
                ))}
              </List.Root>
              <Link asChild fontSize="sm" color="brand.700" mt="2" display="inline-block">
                <RouterLink to={p.path}>Full {p.name} guide</RouterLink>
              </Link>
            </Box>
          ))}
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
