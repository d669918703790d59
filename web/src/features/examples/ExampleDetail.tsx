import { useState } from 'react';
import { mutate } from 'swr';
import { Alert, Button, Heading, HStack, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ImageFormat } from '@jsonable/contracts/table';
import { CodeBlock } from '../../components/CodeBlock';
import { ImageFrame } from '../../components/ImageFrame';
import { messageOf } from '../../lib/api-client';
import { downloadFilename } from '../../lib/filename';
import { useSiteOrigin } from '../../lib/origin';
import { toast } from '../../lib/toaster';
import { exampleSnippets, examples, type TableExample } from './examples';
import { exampleImageKey, renderExample, useExamplePreview } from './use-example-image';

const DOWNLOADS: { format: ImageFormat; label: string; ext: string }[] = [
  { format: 'svg', label: 'SVG', ext: 'svg' },
  { format: 'png', label: 'PNG', ext: 'png' },
  { format: 'pdf', label: 'PDF', ext: 'pdf' },
  { format: 'jpeg', label: 'JPEG', ext: 'jpg' },
  { format: 'webp', label: 'WebP', ext: 'webp' },
  { format: 'avif', label: 'AVIF', ext: 'avif' },
];

/** The preview's file name without its extension: downloads are named after it (SPEC §2). */
const previewBase = (url: string | undefined) =>
  url ? decodeURIComponent(url.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '') : '';

function triggerDownload(url: string, filename: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Saves the file under `filename`. A link straight to the image would be saved under the name in
 * the server's Content-Disposition (each format is its own render, with its own time and random
 * part), which browsers prefer to the link's download name; a blob URL has no such header.
 */
async function saveAs(url: string, filename: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText || 'Failed to download the image'}`);
  const objectUrl = URL.createObjectURL(await res.blob());
  triggerDownload(objectUrl, filename);
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/**
 * The selected example (its payload, preview, downloads and code), loaded when one is chosen: the
 * page's picker and prerendered words do not wait for eleven payloads and the code tabs.
 */
export default function ExampleDetail({ id }: { id: TableExample['id'] }) {
  const example = examples.find((e) => e.id === id);
  if (!example) throw new Error(`No example ${id}`);
  return <SelectedExample example={example} />;
}

function SelectedExample({ example }: { example: TableExample }) {
  const origin = useSiteOrigin();
  const preview = useExamplePreview(example.id, example.payload);
  const [busy, setBusy] = useState<ImageFormat | null>(null);
  const json = JSON.stringify(example.payload, null, 2);
  const snippets = exampleSnippets(origin, example.payload);
  const title = typeof example.payload.title === 'string' ? example.payload.title : example.name;

  async function download(format: ImageFormat, ext: string) {
    setBusy(format);
    try {
      const url =
        format === 'png' && preview.data
          ? preview.data
          : await mutate(
              exampleImageKey(example.id, format),
              (cached?: string) => cached ?? renderExample(example.payload, format),
              { revalidate: false },
            );
      if (!url) throw new Error('No image URL in response');
      await saveAs(url, downloadFilename(previewBase(preview.data) || example.name, title, ext));
      toast.success('Download Started', `${example.name} as ${format.toUpperCase()}`);
    } catch (err) {
      toast.error('Error', messageOf(err, 'Failed to generate image'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h2" size="2xl">
          {example.name}
        </Heading>
        <Text color="gray.600">{example.description}</Text>
      </Stack>

      <Stack gap="3">
        <Heading as="h3" size="md">
          Preview
        </Heading>
        <ImageFrame minH="40">
          {preview.isLoading && <Skeleton h="48" w="full" rounded="md" />}
          {preview.error && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Description>
                Failed to generate image: {messageOf(preview.error, 'please try again.')}
              </Alert.Description>
            </Alert.Root>
          )}
          {preview.data && (
            <img
              data-testid="example-preview"
              src={preview.data}
              alt={`${example.name} example rendered as a table`}
              style={{ maxWidth: '100%', height: 'auto', display: 'block', boxShadow: '0 1px 3px rgba(0,0,0,0.12)' }}
            />
          )}
        </ImageFrame>
        <HStack gap="2" wrap="wrap" role="group" aria-label="Downloads">
          {DOWNLOADS.map((d) => (
            <Button
              key={d.format}
              size="sm"
              variant="outline"
              onClick={() => download(d.format, d.ext)}
              loading={busy === d.format}
              disabled={busy !== null && busy !== d.format}
            >
              Download {d.label}
            </Button>
          ))}
        </HStack>
      </Stack>

      <Stack gap="3">
        <Heading as="h3" size="md">
          JSON input
        </Heading>
        <CodeBlock code={json} label="JSON" maxH="24rem" />
      </Stack>

      <Stack gap="3">
        <Heading as="h3" size="md">
          Request code
        </Heading>
        <Tabs.Root defaultValue="curl" variant="enclosed" size="sm">
          <Tabs.List>
            <Tabs.Trigger value="curl">cURL</Tabs.Trigger>
            <Tabs.Trigger value="javascript">JavaScript</Tabs.Trigger>
            <Tabs.Trigger value="python">Python</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="curl">
            <CodeBlock code={snippets.curl} label="cURL" maxH="24rem" />
          </Tabs.Content>
          <Tabs.Content value="javascript">
            <CodeBlock code={snippets.javascript} label="JavaScript" maxH="24rem" />
          </Tabs.Content>
          <Tabs.Content value="python">
            <CodeBlock code={snippets.python} label="Python" maxH="24rem" />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Stack>
  );
}
