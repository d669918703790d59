import { Link as RRLink } from 'react-router-dom';
import { Box, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  apiRateLimitPerMinute,
  demoRateLimitPerHour,
  previewRateLimitPerMinute,
  JSON_RETENTION_DAYS,
} from '@jsonable/contracts/render-limits';
import { defaultStyles, THEMES } from '@jsonable/contracts/table-defaults';
import { plans, type PlanTier } from '@jsonable/contracts/plans';
import { MAX_SPLIT_IMAGES, PRESET_NAMES, PRESETS } from '@jsonable/contracts/presets';
import { DocsShell, DocSection, DocSub } from '../components/docs/DocsShell';
import { SimpleTable } from '../components/docs/SimpleTable';
import { Code, CodeBlock } from '../components/CodeBlock';
import { RouterLink } from '../components/RouterLink';
import { useSiteOrigin } from '../lib/origin';
import { featureDocs } from '@jsonable/contracts/table-features-docs';
import {
  arrayRowsSample,
  curlGenerate,
  curlProjectEndpoint,
  generateResponseSample,
  headersRowsSample,
  objectRowsSample,
  pdfSample,
  processingSample,
  stylesSample,
  typedCellsSample,
} from '../lib/snippets';

const ANCHORS = [
  { id: 'getting-started', label: 'Getting Started' },
  { id: 'basic-usage', label: 'Basic Usage' },
  { id: 'table-formats', label: 'Table Formats' },
  { id: 'export-options', label: 'Export Options' },
  { id: 'customization', label: 'Customization' },
  { id: 'notes-spanners-formats', label: 'Notes, Spanners & Formats' },
  { id: 'api-reference', label: 'API Reference' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'rate-limits', label: 'Rate Limits' },
  { id: 'json-guide', label: 'JSON Guide' },
];

/** `backticked` parts of a summary as inline code. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));
}

const n = (v: number | null) => (v === null ? 'Unlimited' : v.toLocaleString('en-US'));

export default function DocumentationPage() {
  const origin = useSiteOrigin();
  const tiers: PlanTier[] = ['free', 'premium', 'business', 'enterprise'];
  return (
    <DocsShell
      title="Documentation"
      intro={
        <Text>
          Everything you need to turn JSON into table images with Jsonable — from your first request to styling, exports
          and automation.
        </Text>
      }
      anchors={ANCHORS}
    >
      <DocSection id="getting-started" title="Getting Started">
        <Text>
          Jsonable renders tables from JSON. You send rows; it draws a clean, styled table, stores the image and answers
          with a permanent public URL. You can try it without an account in the{' '}
          <RouterLink to="/#try-it" color="brand.700" textDecoration="underline">
            demo converter
          </RouterLink>
          .
        </Text>
        <List.Root as="ol" ps="5" gap="2" color="gray.700">
          <List.Item>
            <RouterLink to="/auth?tab=register" color="brand.700" textDecoration="underline">
              Create an account
            </RouterLink>{' '}
            with a password or a magic link sent to your e-mail.
          </List.Item>
          <List.Item>
            Create a project in the dashboard. Each project gets its own API key (shown once — store it safely) and its
            own endpoint path.
          </List.Item>
          <List.Item>POST your JSON to the API with the key, or to the project endpoint.</List.Item>
          <List.Item>
            Use the returned URL in e-mails, chat messages, documents or web pages. The image stays online at that URL.
          </List.Item>
        </List.Root>
      </DocSection>

      <DocSection id="basic-usage" title="Basic Usage">
        <Text>
          The quickest call sends an array of row objects; their keys become the column headers, in the order they first
          appear.
        </Text>
        <CodeBlock code={curlGenerate(origin)} label="Request (cURL)" />
        <CodeBlock code={generateResponseSample(origin)} label="Response" />
        <Text>
          Signed in to the dashboard, you can do the same without writing code: open{' '}
          <RouterLink to="/app" color="brand.700" textDecoration="underline">
            Create New Image
          </RouterLink>
          , paste your JSON, preview it and generate a public URL.
        </Text>
      </DocSection>

      <DocSection id="table-formats" title="Table Formats">
        <Text>
          Jsonable accepts three shapes of input. Every request needs a non-empty <Code>data</Code> array or a non-empty{' '}
          <Code>headers</Code> array.
        </Text>
        <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4">
          <Stack gap="2" minW="0">
            <Text fontWeight="semibold" color="gray.900">
              Row objects
            </Text>
            <CodeBlock code={objectRowsSample} language="json" maxH="20rem" />
          </Stack>
          <Stack gap="2" minW="0">
            <Text fontWeight="semibold" color="gray.900">
              Headers and rows
            </Text>
            <CodeBlock code={headersRowsSample} language="json" maxH="20rem" />
          </Stack>
          <Stack gap="2" minW="0">
            <Text fontWeight="semibold" color="gray.900">
              Array of arrays (first row = headers)
            </Text>
            <CodeBlock code={arrayRowsSample} language="json" maxH="20rem" />
          </Stack>
        </SimpleGrid>
        <Text>
          A <Code>title</Code> is optional and is drawn above the table. Optional <Code>styles</Code>,{' '}
          <Code>options</Code> and <Code>customFilename</Code> fine-tune the result.
        </Text>
      </DocSection>

      <DocSection id="export-options" title="Export Options">
        <SimpleTable
          caption="Output formats"
          columns={['Format', 'Best for', 'Notes']}
          rows={[
            [<Code>png</Code>, 'Chat, e-mail, social posts', 'The default; lossless and sharp.'],
            [
              <Code>jpeg</Code>,
              'Smaller files where a few artefacts are fine',
              <>
                Quality 1–100 through <Code>options.quality</Code> (default 90).
              </>,
            ],
            [
              <Code>webp</Code>,
              'Web pages and apps: smaller than PNG and JPEG',
              <>
                Lossy WebP, quality 1–100 through <Code>options.quality</Code> (default 90). Every current browser shows
                it; some e-mail clients do not.
              </>,
            ],
            [
              <Code>avif</Code>,
              'The smallest files, for newer browsers and apps',
              <>
                AV1 image, quality 1–100 through <Code>options.quality</Code> (default 90; 100 is lossless). Slower to
                make than the others; older viewers cannot open it.
              </>,
            ],
            [
              <Code>svg</Code>,
              'Web pages and documents that scale',
              <>
                Vector output that stands on its own: real, selectable text with exactly the glyphs it uses embedded as
                subset fonts, so it looks the same in every browser and design tool.{' '}
                <Code>options.svgText: "paths"</Code> draws the glyphs as outlines instead (no text, no fonts) for tools
                that ignore embedded fonts. Carries the alt text as its title and description.
              </>,
            ],
            [
              <Code>pdf</Code>,
              'Print, archives, attachments',
              <>
                A document: real text that can be searched, copied and extracted in reading order, the header row on
                every page, "Page i of n" under each page and the title above every page after the first, the title,
                summary, creator, date and language in its properties, and tags that let screen readers walk the table
                (header cells, rows, cells) in reading order. Page setup through <Code>options.pdf</Code> (below).
              </>,
            ],
          ]}
        />
        <Text>
          Choose the format with <Code>options.format</Code> or <Code>styles.imageFormat</Code>. Other export options:{' '}
          <Code>options.width</Code> (<Code>"auto"</Code> or 100–4000 pixels),
          <Code>options.headers</Code> (set <Code>false</Code> to hide the header row), <Code>options.fileName</Code> or{' '}
          <Code>customFilename</Code> for a readable file name, and <Code>styles.imageQuality</Code> (1–10). Export
          defaults: PNG, headers shown, automatic width, quality 90 for JPEG, WebP and AVIF.
        </Text>
        <SimpleTable
          caption="PDF page setup (options.pdf)"
          columns={['Field', 'Values', 'Default']}
          rows={[
            [<Code>pageSize</Code>, 'A4, Letter or Legal', 'A4'],
            [
              <Code>orientation</Code>,
              <>
                <Code>auto</Code> turns the page when the table is wider than tall (or too wide for an upright page);{' '}
                <Code>portrait</Code>; <Code>landscape</Code>
              </>,
              'auto',
            ],
            [
              <Code>align</Code>,
              'center, left or right: where the table, its title and notes sit between the margins',
              'center',
            ],
            [
              <Code>fit</Code>,
              <>
                <Code>width</Code> scales the table to the width between the margins, up or down; with <Code>none</Code>{' '}
                a table wider than the page widens the page
              </>,
              'none',
            ],
          ]}
        />
        <CodeBlock code={pdfSample} language="json" label="A US Letter PDF, turned, the table scaled to the page" />
        <SimpleTable
          caption="Channel presets (options.preset): what each sets, and why"
          columns={['Preset', 'Width × scale', 'Format', 'Margin', 'Page height (split: "auto")', 'Why', 'Sources']}
          rows={PRESET_NAMES.map((name) => {
            const p = PRESETS[name];
            return [
              <Code>{name}</Code>,
              `${p.width} px × ${p.scale}`,
              p.pdf ? `PDF, ${p.pdf.pageSize}, fit width` : p.format.toUpperCase(),
              `${p.margin} px`,
              p.pageHeight ? `${p.pageHeight} px` : 'the paper page',
              p.why,
              <List.Root gap="1" ps="4">
                {p.sources.map((src) => (
                  <List.Item key={src.url}>
                    <Link href={src.url} target="_blank" rel="noopener noreferrer" color="brand.700">
                      {src.label}
                    </Link>
                  </List.Item>
                ))}
              </List.Root>,
            ];
          })}
        />
        <Text>
          <Code>{'options.preset: "slack"'}</Code> (any case) sets the width, device scale, format and margin that suit
          the channel; anything the request sets itself (<Code>options.width</Code>, <Code>deviceScaleFactor</Code>,{' '}
          <Code>margin</Code>, <Code>format</Code>, <Code>styles.imageFormat</Code>, <Code>pdf</Code>) wins. A preset
          beats a project's default format. An unknown preset answers 400 naming the allowed values.
        </Text>
        <Text>
          <Code>{'options.split: { "maxRows": 10 }'}</Code> turns a long table into several images of at most 10 rows
          each (<Code>"auto"</Code>: as many as fit the preset's page height; it needs a preset). Every image repeats
          the title and header and ends with "Page i of n"; the response lists them all in <Code>images</Code> (the
          top-level <Code>url</Code> is the first), and each counts as one table. A split needing more tables than you
          have left is refused whole (402) and nothing is counted; more than {MAX_SPLIT_IMAGES} images is refused (413).
          Retrying with the same <Code>Idempotency-Key</Code> answers the same <Code>images</Code>, counting nothing
          again. A PDF stays one document and counts as one table: with <Code>maxRows</Code> each group of rows starts a
          new page, which repeats the header and has "Page i of n" in its footer; <Code>"auto"</Code> changes nothing,
          as a PDF already breaks where the paper ends.
        </Text>
        <Text>
          What an SVG contains: the table as vector shapes; its text as <Code>&lt;text&gt;</Code> in the bundled fonts,
          each font embedded as a subset of just the characters drawn (a 20-row, 4-column table is about 39 KB with its
          fonts, 16 KB without them); emoji as small pictures; links; your alt text as <Code>&lt;title&gt;</Code> and{' '}
          <Code>&lt;desc&gt;</Code>. No scripts and nothing loaded from elsewhere. With{' '}
          <Code>options.svgText: "paths"</Code> every glyph is an outline placed exactly where the PNG has it (about 81
          KB for the same table).
        </Text>
      </DocSection>

      <DocSection id="customization" title="Customization">
        <Text>
          Styles come from three layers, highest first: the request, the project's saved default styles, then the system
          defaults below. Colours are hex values with 3 or 6 digits, such as <Code>#4a1e8c</Code>.
        </Text>
        <CodeBlock code={stylesSample} language="json" label="Styled request" />
        <SimpleTable
          caption="Style fields and defaults"
          columns={['Field', 'Default', 'Meaning']}
          rows={[
            [<Code>headerBg</Code>, defaultStyles.headerBg, 'Header row background'],
            [<Code>headerText</Code>, defaultStyles.headerText, 'Header row text colour'],
            [<Code>rowEvenBg</Code>, defaultStyles.rowEvenBg, 'Background of even rows'],
            [<Code>rowOddBg</Code>, defaultStyles.rowOddBg, 'Background of odd rows'],
            [<Code>borderColor</Code>, defaultStyles.borderColor, 'Cell border colour'],
            [
              <Code>fontFamily</Code>,
              defaultStyles.fontFamily,
              'Inter, Roboto, Roboto Mono, Merriweather, Arial, Helvetica, Georgia, Times New Roman or Courier New',
            ],
            [<Code>fontSize</Code>, `${defaultStyles.fontSize}px`, 'Body text size'],
            [<Code>borderStyle</Code>, defaultStyles.borderStyle, 'solid, dashed, dotted or none'],
            [<Code>cellPadding</Code>, `${defaultStyles.cellPadding}px`, 'Space inside each cell'],
            [
              <Code>defaultWidth</Code>,
              `${defaultStyles.defaultWidth}px`,
              'Widest the table grows on its own (autoFitColumns); with autoFitColumns off, its width',
            ],
            [<Code>theme</Code>, 'not set', THEMES.join(', ')],
          ]}
        />
        <DocSub title="Columns, rows and cells">
          <Text>
            <Code>columnStyles</Code> (keyed by column name or index) set width, alignment, colours and weight per
            column (<Code>{'align: "decimal"'}</Code> lines numbers up at their decimal separator; numbers always use
            tabular figures); <Code>rowStyles</Code> do the same per row;
            <Code>cellStyles</Code> is a grid of per-cell styles. A single cell can carry its own <Code>style</Code>,{' '}
            <Code>colspan</Code> and <Code>rowspan</Code>.
          </Text>
        </DocSub>
        <DocSub title="Options">
          <Text>
            <Code>showRowNumbers</Code>, <Code>showColumnHeaders</Code>, <Code>autoFitColumns</Code>,{' '}
            <Code>showGridLines</Code> and <Code>showAlternatingRows</Code> switch parts of the table on or off (the
            last four are on by default). <Code>dataProcessing</Code> sorts, filters, groups and aggregates rows before
            drawing; <Code>pagination</Code> draws one page of a long table.
          </Text>
          <CodeBlock code={processingSample} language="json" label="Sorting, totals and pagination" />
        </DocSub>
      </DocSection>

      <DocSection id="notes-spanners-formats" title="Notes, Spanners & Conditional Formats">
        <Text>
          A table can carry a subtitle, footnotes and source notes, grouped column headers, its own column order and
          labels, formatting that depends on the value (rules, colour scales, data bars, icon sets) and sparkline cells.
          PNG, JPEG, SVG and PDF draw them alike (SVG and PDF as vectors). A bad operator, colour or column,
          non-adjacent spanner columns or text under a numeric format answers 400 with a message naming the field.{' '}
          <Code>conditionalFormats</Code> and <Code>spanners</Code> can also be saved with a project's styles.
        </Text>
        {featureDocs.map((doc) => (
          <DocSub key={doc.field} title={doc.title}>
            <Text>{withCode(doc.summary)}</Text>
            <CodeBlock code={JSON.stringify(doc.payload, null, 2)} language="json" label={doc.title} />
          </DocSub>
        ))}
      </DocSection>

      <DocSection id="api-reference" title="API Reference">
        <Text>
          The full reference, with every endpoint, parameter and response code, is on the{' '}
          <RouterLink to="/api-reference" color="brand.700" textDecoration="underline">
            API Reference
          </RouterLink>{' '}
          page. In short: authenticate with <Code>Authorization: Bearer YOUR_API_KEY</Code> (or an{' '}
          <Code>X-API-Key</Code> header, or an <Code>api_key</Code> query parameter), POST to{' '}
          <Code>/api/jsonable/table-to-image</Code> for a stored image or to{' '}
          <Code>/api/jsonable/table-to-image/preview</Code> for a temporary one, and fetch images from
          <Code>/api/images/&#123;filename&#125;</Code> without authentication.
        </Text>
        <Text>
          Project endpoints accept the same JSON and answer with the image and its URL at the top level, which is what
          automation tools read most easily:
        </Text>
        <CodeBlock code={curlProjectEndpoint(origin)} label="Project endpoint (cURL)" />
      </DocSection>

      <DocSection id="integrations" title="Integrations">
        <Text>Jsonable works with any tool that can send an HTTP request. Step-by-step guides:</Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {[
            { to: '/make-integration', name: 'Make', text: 'HTTP module, JSON body, Parse Response' },
            { to: '/n8n-integration', name: 'n8n', text: 'HTTP Request node with header auth' },
            { to: '/zapier-integration', name: 'Zapier', text: 'Webhooks by Zapier, Custom Request' },
            { to: '/gumloop-integration', name: 'Gumloop', text: 'API call node with a Bearer header' },
          ].map((i) => (
            <Box
              key={i.to}
              asChild
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p="4"
              _hover={{ borderColor: 'brand.300', bg: 'brand.50' }}
            >
              <RRLink to={i.to}>
                <Text fontWeight="semibold" color="gray.900">
                  {i.name}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {i.text}
                </Text>
              </RRLink>
            </Box>
          ))}
        </SimpleGrid>
      </DocSection>

      <DocSection id="rate-limits" title="Rate Limits">
        <Text>
          Your plan sets how many tables you can generate in each 30-day usage period, counted from the day you signed
          up. Unused tables do not roll over. Short bursts are also limited per API key (and per project endpoint), so
          one runaway workflow cannot slow everyone else down.
        </Text>
        <SimpleTable
          caption="Limits per plan"
          columns={['Plan', 'Tables per 30 days', 'Projects', 'API requests per minute']}
          rows={tiers.map((t) => [
            plans[t].name,
            n(plans[t].tablesPerPeriod),
            n(plans[t].projects),
            n(apiRateLimitPerMinute[t]),
          ])}
        />
        <Text>
          Previews are not counted against your allowance and are limited to {previewRateLimitPerMinute} per minute; the
          landing-page demo allows {demoRateLimitPerHour} images per hour per visitor. Beyond the allowance the API
          answers <Code>402</Code>; beyond the burst limit <Code>429</Code> with a <Code>Retry-After</Code> header. The
          JSON you send is kept beside its image for {JSON_RETENTION_DAYS} days, then deleted; the image itself stays.
        </Text>
      </DocSection>

      <DocSection id="json-guide" title="JSON Guide">
        <Text>
          Every cell can be a plain value or an object that says how to show it. Plain values work as you would expect:
        </Text>
        <List.Root ps="5" gap="1" color="gray.700">
          <List.Item>Strings and numbers are shown as they are.</List.Item>
          <List.Item>
            <Code>true</Code> and <Code>false</Code> become ✓ and ✗; <Code>null</Code> becomes “-”.
          </List.Item>
          <List.Item>
            Arrays and nested objects are shown inline (or as a list or small table through{' '}
            <Code>styles.complexDataDisplay</Code>).
          </List.Item>
        </List.Root>
        <Text>
          Typed cells use <Code>type</Code> (text, number, currency, percentage, date, datetime, boolean, link, image,
          sparkline), a <Code>value</Code> and an optional <Code>format</Code>. Rich cells use <Code>value</Code> with
          an optional <Code>display</Code> text, <Code>style</Code>, <Code>link</Code> and <Code>tooltip</Code>.
        </Text>
        <CodeBlock code={typedCellsSample} language="json" label="Typed and rich cells" />
        <DocSub title="Common mistakes">
          <List.Root ps="5" gap="1" color="gray.700">
            <List.Item>
              Trailing commas and single quotes are not valid JSON. Use double quotes for keys and strings.
            </List.Item>
            <List.Item>
              Send <Code>data</Code> or <Code>headers</Code> — an empty request answers 400 “Must provide either data
              array or headers”.
            </List.Item>
            <List.Item>
              In automation tools, map numbers without quotes if you want them formatted as numbers.
            </List.Item>
          </List.Root>
        </DocSub>
      </DocSection>
    </DocsShell>
  );
}
