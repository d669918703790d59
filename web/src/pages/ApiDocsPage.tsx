import type { ReactNode } from 'react';
import { Link as RRLink } from 'react-router-dom';
import { FORMAT_LIST } from '@jsonable/contracts/formats';
import { Alert, Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CodeBlock, Code } from '../components/CodeBlock';
import { SimpleTable } from '../components/docs/SimpleTable';
import { MethodBadge } from '../features/api-reference/EndpointBlock';
import type { HttpMethod } from '../features/api-reference/endpoints';
import { useSiteOrigin } from '../lib/origin';

const legacyBody = JSON.stringify(
  {
    data: [
      { Product: 'Widget', Units: 120, Price: 4.5 },
      { Product: 'Gadget', Units: 75, Price: 12.0 },
    ],
    options: { format: 'png', headers: true, width: 'auto', quality: 90 },
  },
  null,
  2,
);

/** One endpoint of the short form: its heading, method and path, then what the page says of it. */
function LegacyEndpoint({
  id,
  title,
  method,
  path,
  gap = '3',
  children,
}: {
  id: string;
  title: string;
  method: HttpMethod;
  path: string;
  gap?: '3' | '4';
  children: ReactNode;
}) {
  return (
    <Stack as="section" gap={gap} aria-labelledby={id}>
      <Heading as="h2" id={id} size="xl">
        {title}
      </Heading>
      <HStack gap="2" wrap="wrap">
        <MethodBadge method={method} />
        <Code>{path}</Code>
      </HStack>
      {children}
    </Stack>
  );
}

/** The legacy API docs page (/docs and /api-docs): the short form of the API, kept for old links. */
export default function ApiDocsPage() {
  const origin = useSiteOrigin();
  const curl = `curl -X POST ${origin}/api/table-to-image \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '${legacyBody}'`;
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Stack gap="3">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            API Docs
          </Heading>
          <Text color="gray.600" fontSize="lg">
            A compact guide to the Jsonable table-to-image API: one endpoint to render, one to preview, one to fetch the
            file.
          </Text>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>
              The full reference with every parameter and response code lives on the API Reference page.{' '}
              <RRLink to="/api-reference" style={{ textDecoration: 'underline', fontWeight: 600 }}>
                Open the API Reference
              </RRLink>
            </Alert.Description>
          </Alert.Root>
        </Stack>

        <LegacyEndpoint id="legacy-render" gap="4" title="Render a table" method="POST" path="/api/table-to-image">
          <Text color="gray.700">
            Send your rows in <Code>data</Code> (or <Code>headers</Code> with <Code>rows</Code>) and choose the output
            in <Code>options</Code>. The answer holds the permanent image URL.
          </Text>
          <SimpleTable
            caption="Legacy options"
            columns={['Option', 'Values', 'Default']}
            rows={[
              [<Code>format</Code>, FORMAT_LIST, 'png'],
              [<Code>headers</Code>, 'true or false — show the header row', 'true'],
              [<Code>width</Code>, '"auto" or 100–4000 pixels', 'auto'],
              [<Code>quality</Code>, '1–100, for JPEG, WebP and AVIF', '90'],
              [
                <Code>pdf</Code>,
                'PDF page setup: pageSize (A4, Letter, Legal), orientation (auto, portrait, landscape), align (center, left, right), fit (none, width)',
                'A4, auto, center, none',
              ],
              [
                <Code>svgText</Code>,
                '"fonts" — real text with its glyphs embedded as subset fonts; "paths" — glyph outlines, no text or fonts (SVG only)',
                'fonts',
              ],
            ]}
          />
          <CodeBlock code={curl} label="Request (cURL)" />
          <CodeBlock
            code={JSON.stringify(
              {
                success: true,
                imageUrl: `${origin}/api/images/table-1732233600000.png`,
                metadata: { format: 'png', width: 420, height: 132, size: 9876 },
              },
              null,
              2,
            )}
            label="Response"
          />
        </LegacyEndpoint>

        <LegacyEndpoint
          id="legacy-preview"
          title="Preview without saving"
          method="POST"
          path="/api/table-to-image/preview"
        >
          <Text color="gray.700">
            Same body; answers with a temporary <Code>previewUrl</Code> and its <Code>expiresAt</Code>. Previews do not
            count against your allowance.
          </Text>
        </LegacyEndpoint>

        <LegacyEndpoint id="legacy-images" title="Fetch an image" method="GET" path="/api/images/{filename}">
          <Text color="gray.700">
            Public, no key needed. Answers with the file and its content type, or 404 when the image was not found or
            deleted.
          </Text>
        </LegacyEndpoint>

        <Box>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RRLink to="/api-reference">API Reference</RRLink>
            </Button>
            <Button asChild variant="outline">
              <RRLink to="/documentation">Documentation</RRLink>
            </Button>
          </HStack>
        </Box>
      </Stack>
    </Container>
  );
}
