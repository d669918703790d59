import { useDeferredValue, useEffect, useMemo, useState } from 'react';
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
import { toast } from '../../../lib/toaster';
import { DownloadIcon } from '../../../components/icons';
import { InvalidSaveResponse, previewTable, saveTable, type SavedPage } from '../api/render';
import { downloadFilename } from '../lib/download-filename';
import { InvalidTableJson, buildRequestBody, payloadOf } from '../lib/request-body';
import { emptyRenderOptions, renderOptions, splitProblem, type RenderOptionsDraft } from '../lib/render-options';
import { RenderOptionsFields } from './RenderOptionsFields';
import { PublicUrlBox, SplitPages } from './SplitResult';
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
  /** Every image of the last save when it was split (options.split); [] for one image. */
  const [pages, setPages] = useState<SavedPage[]>([]);
  const [renderDraft, setRenderDraft] = useState<RenderOptionsDraft>(emptyRenderOptions);
  const settings = useTableSettings((s) => s.settings);
  // Parsed for the preset and split notes once typing pauses (a big table is not re-read per key).
  const deferredJson = useDeferredValue(json);
  const payload = useMemo(() => payloadOf(deferredJson), [deferredJson]);

  // Object URLs hold the blob in memory until revoked.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
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
    const problem = splitProblem(renderDraft, payloadOf(json), settings);
    if (problem) {
      setPhase({ kind: 'error', message: problem, upgrade: false });
      toast.error('Error', problem);
      return;
    }
    const features = featureFields(formats, spanners, notes);
    let built;
    try {
      built = buildRequestBody(json, settings, projectId, customFilename, features, renderOptions(renderDraft));
    } catch (err) {
      const message = err instanceof InvalidTableJson ? err.message : 'Invalid JSON format or server error';
      setPhase({ kind: 'error', message, upgrade: false });
      toast.error('Error', message);
      return;
    }
    setPhase({ kind: 'loading' });
    setPublicUrl(null);
    setPages([]);
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
      setPages(saved.pages);
      toast.success(
        'Table Generated',
        saved.pages.length > 1
          ? `${saved.pages.length} images, one per page — copy their URLs from the box under the editor.`
          : 'Public URL Generated — copy it from the box under the editor.',
      );
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
        <RenderOptionsFields
          draft={renderDraft}
          onChange={setRenderDraft}
          payload={payload}
          settings={settings}
          problem={splitProblem(renderDraft, payload, settings)}
        />
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
        {publicUrl && <PublicUrlBox url={publicUrl} pages={pages} />}
      </Stack>

      <Stack gap="3" minW="0">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md">
            Preview
          </Heading>
          {/* A split's pages each have their own Download below. */}
          {pages.length <= 1 && (
            <Button size="sm" variant="outline" onClick={download} disabled={!preview}>
              <DownloadIcon /> Download
            </Button>
          )}
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
              {pages.length > 1 ? (
                <SplitPages pages={pages} title={preview.title} />
              ) : isPdf ? (
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
