import { List, Stack, Text } from '@chakra-ui/react';
import { apiRateLimitPerMinute, previewRateLimitPerMinute } from '@jsonable/contracts/render-api';
import { plans, type PlanTier } from '@jsonable/contracts/plans';
import { DocsShell, DocSection } from '../components/docs/DocsShell';
import { SimpleTable } from '../components/docs/SimpleTable';
import { Code, CodeBlock } from '../components/CodeBlock';
import { RouterLink } from '../components/RouterLink';
import { EndpointBlock } from '../features/api-reference/EndpointBlock';
import { errorExample } from '../features/api-reference/endpoints';
import { useEndpointDocs } from '../features/api-reference/use-openapi';
import { siteOrigin } from '../lib/origin';

const ANCHORS = [
  { id: 'authentication', label: 'Authentication' },
  { id: 'generate-table-image', label: 'Generate Table Image' },
  { id: 'generate-preview', label: 'Generate Preview' },
  { id: 'get-image', label: 'Get Image' },
  { id: 'error-handling', label: 'Error Handling' },
  { id: 'rate-limits', label: 'Rate Limits' },
];

export default function ApiReferencePage() {
  const origin = siteOrigin();
  const { endpoints } = useEndpointDocs();
  const tiers: PlanTier[] = ['free', 'premium', 'business', 'enterprise'];
  return (
    <DocsShell
      title="API Reference"
      navLabel="Endpoints"
      intro={
        <Stack gap="3">
          <Text>The Jsonable HTTP API turns JSON into table images. All requests and answers are JSON, except the image files themselves.</Text>
          <Text fontSize="md" fontWeight="semibold" color="gray.900">Getting Started</Text>
          <List.Root as="ol" ps="5" gap="1" fontSize="md" color="gray.700">
            <List.Item>Create a project in your <RouterLink to="/dashboard" color="brand.700" textDecoration="underline">dashboard</RouterLink>.</List.Item>
            <List.Item>Copy the project’s API key — it is shown once.</List.Item>
            <List.Item>POST your table JSON to the project endpoint or to <Code>/api/jsonable/table-to-image</Code>.</List.Item>
            <List.Item>Receive the image URL in the answer and use it anywhere.</List.Item>
          </List.Root>
        </Stack>
      }
      anchors={ANCHORS}
    >
      <DocSection id="authentication" title="Authentication">
        <Text>Generate and preview calls need an API key. Send it in one of three ways (the first is recommended):</Text>
        <SimpleTable
          caption="Ways to send the API key"
          columns={['Method', 'Example']}
          rows={[
            ['Authorization header', <Code>Authorization: Bearer YOUR_API_KEY</Code>],
            ['X-API-Key header', <Code>X-API-Key: YOUR_API_KEY</Code>],
            ['Query parameter', <Code>?api_key=YOUR_API_KEY</Code>],
          ]}
        />
        <Text>
          Keys are shown in full only once, when created or regenerated; afterwards the dashboard shows only their prefix. Regenerating a key invalidates the old one immediately.
          Project endpoints accept an optional <Code>X-API-KEY</Code> header for stronger security. Fetching an image by its file name is public.
        </Text>
      </DocSection>

      {endpoints.map((e) => <EndpointBlock key={e.id} endpoint={e} origin={origin} />)}

      <DocSection id="error-handling" title="Error Handling">
        <Text>Every error answers with its HTTP status and the same JSON shape, so one code path can handle them all:</Text>
        <CodeBlock code={errorExample} label="Error body" />
        <SimpleTable
          caption="Status codes"
          columns={['Status', 'Meaning', 'What to do']}
          rows={[
            ['200', 'Success', 'Read the URL from the answer.'],
            ['400', 'Invalid request parameters', 'Check that the JSON is well-formed and matches the structure.'],
            ['401', 'Unauthorized', 'Check your API key.'],
            ['402', 'Payment required', 'The plan limit for this usage period is reached — upgrade to continue.'],
            ['404', 'Not found', 'The image was not found or was deleted.'],
            ['413', 'Payload too large', 'Send fewer rows per request.'],
            ['429', 'Too many requests', 'Wait the number of seconds in Retry-After, then retry.'],
            ['500', 'Server error', 'Try again later.'],
          ]}
        />
      </DocSection>

      <DocSection id="rate-limits" title="Rate Limits">
        <Text>
          Each plan has a number of tables per 30-day usage period and a per-key burst limit. Previews do not count against the allowance
          and are limited to {previewRateLimitPerMinute} per minute.
        </Text>
        <SimpleTable
          caption="Rate limits per plan"
          columns={['Plan', 'Tables per 30 days', 'Requests per minute']}
          rows={tiers.map((t) => [plans[t].name, plans[t].tablesPerPeriod === null ? 'Unlimited' : plans[t].tablesPerPeriod!.toLocaleString('en-US'), apiRateLimitPerMinute[t].toLocaleString('en-US')])}
        />
      </DocSection>
    </DocsShell>
  );
}
