/**
 * "Keep one URL up to date" (issue #25): the same living-image recipe on each integration guide,
 * in the words of that tool — the PUT with the project key, the stable URL to embed, If-Match,
 * and the alt text, CSV and HTML twins.
 */
import type { ReactNode } from 'react';
import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { twinsOf } from '@jsonable/contracts/formats';
import { Code, CodeBlock } from '../../components/CodeBlock';
import { CopyField } from './CopyField';
import { automationBody, livePutResponse, livePutUrl, liveStableUrl } from './values';

export function LivingImageSection({
  origin,
  request,
  mapping,
}: {
  origin: string;
  /** How to send a PUT in this tool (module, node or action, and where the method is set). */
  request: ReactNode;
  /** How this tool reads a field of the answer (e.g. Make's Data → url). */
  mapping: ReactNode;
}) {
  const stable = liveStableUrl(origin);
  // The living image's twins: the same address with .csv or .html instead of .png.
  const twins = twinsOf(stable, true, true)!;
  return (
    <Stack as="section" gap="4" aria-labelledby="living-image">
      <Heading as="h2" id="living-image" size="xl">
        Keep one image URL up to date (living image)
      </Heading>
      <Text color="gray.700">
        A living image is a named image of a project whose address never changes: every run renders a new version, and
        the same URL shows it. Embed it once in Notion, an e-mail template or a wiki and it always shows the latest
        numbers. Each version counts as one table of your plan.
      </Text>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Send the table with PUT
        </Heading>
        <Text color="gray.700">
          {request} Use the URL below (the last part, <Code>daily-sales</Code>, is the image’s name: lowercase letters,
          digits and hyphens), the same key header as above with your <strong>project’s</strong> key (a living image
          belongs to a project), and the same JSON body as for a normal image. The first call creates the living image
          (201), later calls add versions (200).
        </Text>
        <CopyField label="PUT URL" value={livePutUrl(origin)} />
        <CodeBlock label="Request body" code={automationBody} />
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Embed the stable URL
        </Heading>
        <Text color="gray.700">
          {mapping} The answer’s <Code>url</Code> is the stable address (your project’s endpoint path after{' '}
          <Code>/api/jsonable/p/</Code> takes the place of <Code>YOUR_PROJECT_ENDPOINT</Code>). <Code>versionUrl</Code>{' '}
          keeps showing this exact version forever, for audit trails. The stable URL may be cached for 60 seconds and is
          revalidated with its ETag, so viewers see a new version within a minute.
        </Text>
        <CopyField label="Stable URL" value={stable} />
        <CodeBlock label="Answer" code={livePutResponse(origin)} />
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Optional: If-Match, so two runs never overwrite each other
        </Heading>
        <Text color="gray.700">
          Add an <Code>If-Match</Code> header with the version you expect to replace (the <Code>version</Code> of your
          last answer). If another run got there first, the call answers <strong>409</strong> and nothing is rendered or
          counted; read the living image (<Code>GET /api/jsonable/live/daily-sales</Code>) and try again. <Code>*</Code>{' '}
          means “only if it already exists”.
        </Text>
        <CopyField label="Header" value={'If-Match: "3"'} />
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Alt text and the data as CSV or HTML
        </Heading>
        <List.Root gap="2" ps="5" color="gray.700">
          <List.Item>
            <strong>Alt text:</strong> the first item of <Code>liveImage.versions</Code> is the version just rendered;
            its <Code>altText</Code> describes the table for screen readers. Use it as the <Code>alt</Code> of the
            image, or rewrite it in the dashboard (or with <Code>PATCH /api/jsonable/live/daily-sales/versions/3</Code>{' '}
            and <Code>{'{ "altText": "…" }'}</Code>).
          </List.Item>
          <List.Item>
            <strong>CSV:</strong> the same address with <Code>.csv</Code> instead of <Code>.png</Code> gives the data
            drawn (add <Code>?bom=1</Code> for Excel).
          </List.Item>
          <List.Item>
            <strong>HTML:</strong> <Code>.html</Code> gives an accessible HTML table of the same data.
          </List.Item>
        </List.Root>
        <CopyField label="CSV" value={twins.csv} />
        <CopyField label="HTML table" value={twins.html} />
      </Stack>
    </Stack>
  );
}
