import { List, Stack, Text } from '@chakra-ui/react';
import { FORMAT_LABELS, RASTER_FORMATS } from '@jsonable/contracts/formats';
import {
  apiRateLimitPerMinute,
  endpointRateLimitPerMinute,
  previewRateLimitPerMinute,
  tableLimits,
} from '@jsonable/contracts/render-limits';
import { plans, type PlanTier } from '@jsonable/contracts/plans';
import { DocsShell, DocSection } from '../components/docs/DocsShell';
import { SimpleTable } from '../components/docs/SimpleTable';
import { Code, CodeBlock } from '../components/CodeBlock';
import { RouterLink } from '../components/RouterLink';
import { EndpointBlock } from '../features/api-reference/EndpointBlock';
import { errorExample } from '../features/api-reference/endpoints';
import { useEndpointDocs } from '../features/api-reference/use-openapi';
import { useSiteOrigin } from '../lib/origin';

const ANCHORS = [
  { id: 'authentication', label: 'Authentication' },
  { id: 'generate-table-image', label: 'Generate Table Image' },
  { id: 'generate-preview', label: 'Generate Preview' },
  { id: 'get-image', label: 'Get Image' },
  { id: 'error-handling', label: 'Error Handling' },
  { id: 'rate-limits', label: 'Rate Limits' },
];

export default function ApiReferencePage() {
  const origin = useSiteOrigin();
  const { endpoints } = useEndpointDocs();
  const tiers: PlanTier[] = ['free', 'premium', 'business', 'enterprise'];
  return (
    <DocsShell
      title="API Reference"
      navLabel="Endpoints"
      intro={
        <Stack gap="3">
          <Text>
            The Jsonable HTTP API turns JSON into table images. All requests and answers are JSON, except the image
            files themselves.
          </Text>
          <Text fontSize="md" fontWeight="semibold" color="gray.900">
            Getting Started
          </Text>
          <List.Root as="ol" ps="5" gap="1" fontSize="md" color="gray.700">
            <List.Item>
              Create a project in your{' '}
              <RouterLink to="/dashboard" color="brand.700" textDecoration="underline">
                dashboard
              </RouterLink>
              .
            </List.Item>
            <List.Item>Copy the project’s API key — it is shown once.</List.Item>
            <List.Item>
              POST your table JSON to the project endpoint or to <Code>/api/jsonable/table-to-image</Code>.
            </List.Item>
            <List.Item>Receive the image URL in the answer and use it anywhere.</List.Item>
          </List.Root>
        </Stack>
      }
      anchors={ANCHORS}
    >
      <DocSection id="authentication" title="Authentication">
        <Text>
          Generate and preview calls need an API key. Send it in one of three ways (the first is recommended):
        </Text>
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
          Keys are shown in full only once, when created or regenerated; afterwards the dashboard shows only their
          prefix. Regenerating a key invalidates the old one immediately. Fetching an image by its file name is public.
        </Text>
        <Text>
          A project&apos;s own endpoint (<Code>POST /api/jsonable/p/&#123;endpoint&#125;</Code>) works without a key:
          its unguessable URL is the secret, and anyone who has it can create images that count against your plan. To
          require the key as well, switch on <strong>Require this key</strong>
          (Dashboard › project menu › View API Key); calls without the project&apos;s <Code>X-API-KEY</Code> header then
          get <Code>401</Code>. Images made through a project (its endpoint, its key, or <Code>?projectId=</Code> with
          your account key) use the project&apos;s default styles; a call with your account key and no project uses the
          system defaults.
        </Text>
        <Text>
          Calls with an API key may come from a web page on any origin (CORS, without cookies). Keep keys on a server
          when the page is public.
        </Text>
      </DocSection>

      {endpoints.map((e) => (
        <EndpointBlock key={e.id} endpoint={e} origin={origin} />
      ))}

      <DocSection id="error-handling" title="Error Handling">
        <Text>
          Every error answers with its HTTP status and the same JSON shape, so one code path can handle them all:
        </Text>
        <CodeBlock code={errorExample} label="Error body" />
        <SimpleTable
          caption="Status codes"
          columns={['Status', 'Meaning', 'What to do']}
          rows={[
            ['200', 'Success', 'Read the URL from the answer.'],
            ['400', 'Invalid request parameters', 'Check that the JSON is well-formed and matches the structure.'],
            ['401', 'Unauthorized', 'Check your API key.'],
            ['402', 'Payment required', 'The plan limit for this usage period is reached — upgrade to continue.'],
            ['404', 'Not found', 'The image was not found or was deleted (or the project endpoint does not exist).'],
            [
              '409',
              'Conflict',
              'The Idempotency-Key was already used for a different request: use a new key for a new table.',
            ],
            [
              '413',
              'Payload too large',
              'The table is over a limit below: send fewer rows or columns, or use PDF for a very tall table.',
            ],
            ['415', 'Unsupported media type', 'Send the JSON as the request body (Content-Type: application/json).'],
            ['429', 'Too many requests', 'Wait the number of seconds in Retry-After, then retry.'],
            ['500', 'Server error', 'Try again later.'],
            ['503', 'Busy', 'Rendering is at capacity for a moment: retry after a few seconds.'],
          ]}
        />
      </DocSection>

      <DocSection id="rate-limits" title="Rate Limits">
        <Text>
          Each plan has a number of tables per 30-day usage period and a per-key burst limit. Previews do not count
          against the allowance and are limited to {previewRateLimitPerMinute} per minute.
        </Text>
        <SimpleTable
          caption="Rate limits per plan"
          columns={['Plan', 'Tables per 30 days', 'Requests per minute']}
          rows={tiers.map((t) => [
            plans[t].name,
            plans[t].tablesPerPeriod === null ? 'Unlimited' : plans[t].tablesPerPeriod!.toLocaleString('en-US'),
            apiRateLimitPerMinute[t].toLocaleString('en-US'),
          ])}
        />
        <Text>
          A project endpoint allows {endpointRateLimitPerMinute.toLocaleString('en-US')} requests per minute per
          endpoint, whoever calls it; its tables count against the owner&apos;s plan like any other.
        </Text>
        <SimpleTable
          caption="Table limits (413 beyond them)"
          columns={['What', 'At most']}
          rows={[
            ['Rows', tableLimits.maxRows.toLocaleString('en-US')],
            ['Columns', String(tableLimits.maxColumns)],
            ['Characters in one cell', tableLimits.maxCellChars.toLocaleString('en-US')],
            [
              'Table JSON',
              `${tableLimits.maxPayloadBytes / (1024 * 1024)} MB, at most ${tableLimits.maxDepth} levels of nested arrays and objects`,
            ],
            ...RASTER_FORMATS.map((f) => [
              `${FORMAT_LABELS[f]} size`,
              `${tableLimits.rasterPixels[f].side.toLocaleString('en-US')} pixels per side, ${tableLimits.rasterPixels[f].total / 1e6} million pixels in all — a larger table fits in a PDF`,
            ]),
            ['PDF pages', String(tableLimits.maxPdfPages)],
            [
              'Cells in a PDF',
              `${tableLimits.maxPdfCells.toLocaleString('en-US')} (e.g. 500 rows × 20 columns or 2,000 × 5) — for more, use PNG/SVG, pagination or several PDFs`,
            ],
          ]}
        />
      </DocSection>
    </DocsShell>
  );
}
