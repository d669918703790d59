import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, messageOf } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toaster';
import { DownloadIcon } from '../../../components/icons';
import { InvalidSaveResponse, previewTable, saveTable } from '../api/render';
import { downloadFilename } from '../lib/download-filename';
import { InvalidTableJson, buildRequestBody } from '../lib/request-body';
import { sampleJson } from '../lib/sample-data';
import { useTableSettings } from '../stores/table-settings-store';
import { useTableDraft } from '../stores/table-draft-store';
import { apiFieldError, featureErrors, featureFields } from '../../../lib/table-features';

interface Preview {
  url: string;
  blob: Blob;
  title: string | null;
  customFilename: string;
}
type Phase =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'shown' } | { kind: 'error'; message: string; upgrade: boolean };

export function PreviewTab({ projectId }: { projectId: string | null }) {
  const { json, setJson, formats, spanners, notes, setServerErrors } = useTableDraft();
  const [customFilename, setCustomFilename] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [publicUrl, setPublicUrl] = useState<string | null>(null);
  const [urlCopied, setUrlCopied] = useState(false);
  const settings = useTableSettings((s) => s.settings);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Object URLs hold the blob in memory until revoked.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  useEffect(
    () => () => {
      if (copyTimer.current) clearTimeout(copyTimer.current);
    },
    [],
  );

  function useSample() {
    setJson(sampleJson);
    toast.success('Sample Data Loaded', 'A five-row sales table is in the editor. Generate Table to see it.');
  }

  async function generate() {
    if (Object.keys(featureErrors(formats, spanners, notes)).length > 0) {
      const message = 'Fix the marked fields in Style Settings first.';
      setPhase({ kind: 'error', message, upgrade: false });
      toast.error('Error', message);
      return;
    }
    const features = featureFields(formats, spanners, notes);
    let built;
    try {
      built = buildRequestBody(json, settings, projectId, customFilename, features);
    } catch (err) {
      const message = err instanceof InvalidTableJson ? err.message : 'Invalid JSON format or server error';
      setPhase({ kind: 'error', message, upgrade: false });
      toast.error('Error', message);
      return;
    }
    setPhase({ kind: 'loading' });
    setPublicUrl(null);
    let blob: Blob;
    try {
      blob = await previewTable(built.body, projectId);
    } catch (err) {
      let message = messageOf(err, 'Invalid JSON format or server error');
      // A refused subtitle, note, format or spanner is shown under its field on the Style Settings tab too.
      const field = err instanceof ApiError && err.status === 400 ? apiFieldError(message) : null;
      // Only fields the tab sent: the JSON's own (which win) are fixed in the JSON.
      if (field && built.body[field.key.split('.')[0]!] === features[field.key.split('.')[0]!]) {
        setServerErrors({ [field.key]: field.message });
        message = `${message} (see Style Settings)`;
      }
      setPhase({ kind: 'error', message, upgrade: err instanceof ApiError && err.status === 402 });
      toast.error('Error', message);
      return;
    }
    setPreview({ url: URL.createObjectURL(blob), blob, title: built.title, customFilename });
    setPhase({ kind: 'shown' });
    toast.success('Preview Generated', 'Saving it and generating its public URL…');
    try {
      const saved = await saveTable(built.body, projectId);
      setPublicUrl(saved.url);
      toast.success('Table Generated', 'Public URL Generated — copy it from the box under the editor.');
    } catch (err) {
      if (err instanceof InvalidSaveResponse) {
        toast.error('Invalid response format', 'The server did not return the image URL. Please try again.');
        return;
      }
      const message = messageOf(err, 'Unknown error occurred');
      toast.error('Error', message);
      if (err instanceof ApiError && err.status === 402) setPhase({ kind: 'error', message, upgrade: true });
    }
  }

  function download() {
    if (!preview) {
      toast.error('No preview available to download', 'Generate Table first.');
      return;
    }
    const a = document.createElement('a');
    a.href = preview.url;
    a.download = downloadFilename(preview.customFilename, preview.title, preview.blob.type);
    document.body.appendChild(a);
    a.click();
    a.remove();
    toast.success('Download Started', a.download);
  }

  async function copyUrl() {
    if (!publicUrl) return;
    try {
      await copyText(publicUrl);
      setUrlCopied(true);
      if (copyTimer.current) clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setUrlCopied(false), 2000);
      toast.success('URL Copied', publicUrl);
    } catch {
      toast.error('Error', 'Failed to copy to clipboard');
    }
  }

  const loading = phase.kind === 'loading';
  const isPdf = preview?.blob.type === 'application/pdf';

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Stack gap="4" minW="0">
        <Field.Root>
          <HStack justify="space-between" w="100%" flexWrap="wrap" gap="2">
            <Field.Label htmlFor="table-json" mb="0">
              Table JSON
            </Field.Label>
            <Button size="xs" variant="outline" onClick={useSample}>
              Use Sample Data
            </Button>
          </HStack>
          <Textarea
            id="table-json"
            value={json}
            onChange={(e) => setJson(e.target.value)}
            rows={16}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder={'{\n  "title": "My table",\n  "data": [{ "Name": "Ada", "Role": "Engineer" }]\n}'}
            data-testid="json-editor"
          />
          <Field.HelperText>
            Rows as objects in <code>data</code>, or <code>headers</code> plus <code>rows</code>. Optional:{' '}
            <code>title</code>, <code>styles</code>, <code>options</code>.
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="custom-filename">Custom Filename (optional)</Field.Label>
          <Input
            id="custom-filename"
            value={customFilename}
            onChange={(e) => setCustomFilename(e.target.value)}
            placeholder="quarterly-sales"
            maxLength={100}
          />
        </Field.Root>
        <Button
          colorPalette="brand"
          size="lg"
          onClick={generate}
          loading={loading}
          loadingText="Processing..."
          disabled={!json.trim()}
        >
          Generate Table
        </Button>
        {publicUrl && (
          <Box
            borderWidth="1px"
            borderColor="green.300"
            bg="green.50"
            borderRadius="md"
            p="3"
            data-testid="public-url-box"
          >
            <Text fontWeight="semibold" fontSize="sm" mb="2" color="green.900">
              Public URL
            </Text>
            <HStack gap="2">
              <Input
                value={publicUrl}
                readOnly
                fontFamily="mono"
                fontSize="xs"
                bg="white"
                aria-label="Public URL"
                data-testid="public-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                size="sm"
                variant="outline"
                bg="white"
                onClick={copyUrl}
                aria-label="Copy public URL"
                flexShrink={0}
              >
                {urlCopied ? 'Copied!' : 'Copy'}
              </Button>
            </HStack>
            <Link
              href={publicUrl}
              target="_blank"
              rel="noopener"
              fontSize="xs"
              color="green.900"
              mt="2"
              display="inline-block"
            >
              Open the image in a new tab
            </Link>
          </Box>
        )}
      </Stack>

      <Stack gap="3" minW="0">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md">
            Preview
          </Heading>
          <Button size="sm" variant="outline" onClick={download} disabled={!preview}>
            <DownloadIcon /> Download
          </Button>
        </Flex>
        <Box
          borderWidth="1px"
          borderRadius="md"
          bg="gray.50"
          minH="64"
          p="3"
          overflow="auto"
          aria-live="polite"
          aria-busy={loading}
          data-testid="preview-pane"
        >
          {loading ? (
            <Stack gap="2" aria-label="Rendering the table">
              <Skeleton height="8" />
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height="6" />
              ))}
            </Stack>
          ) : phase.kind === 'error' && !preview ? (
            <ErrorNote message={phase.message} upgrade={phase.upgrade} />
          ) : preview ? (
            <Stack gap="3">
              {phase.kind === 'error' && <ErrorNote message={phase.message} upgrade={phase.upgrade} />}
              {isPdf ? (
                <Text fontSize="sm">
                  PDF ready.{' '}
                  <Link href={preview.url} target="_blank" rel="noopener" color="brand.700">
                    Open the PDF
                  </Link>{' '}
                  or download it.
                </Text>
              ) : (
                <Image
                  src={preview.url}
                  alt={preview.title ? `Preview of ${preview.title}` : 'Preview of the table'}
                  maxW="100%"
                  mx="auto"
                  data-testid="preview-image"
                />
              )}
            </Stack>
          ) : (
            <Text color="fg.muted" fontSize="sm" textAlign="center" py="16">
              Your table will appear here. Paste JSON or Use Sample Data, then Generate Table.
            </Text>
          )}
        </Box>
      </Stack>
    </SimpleGrid>
  );
}

function ErrorNote({ message, upgrade }: { message: string; upgrade: boolean }) {
  return (
    <Alert.Root status="error" data-testid="preview-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
        {upgrade && (
          <Button asChild size="xs" colorPalette="brand" mt="2" alignSelf="start">
            <RouterLink to="/subscribe">Upgrade your plan</RouterLink>
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
