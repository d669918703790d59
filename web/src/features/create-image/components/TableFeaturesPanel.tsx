/**
 * The Style Settings tab's table features (issue #24): subtitle and notes, conditional formats
 * and column spanners, beside a live preview that the API renders (the preview call, which is
 * not counted) a moment after each edit. The preview draws the JSON in the Preview tab's editor,
 * or the sample table while the editor is empty. A 400 naming one of these fields is shown under
 * that field.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Heading, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { apiFieldError, featureErrors, featureFields } from '../../../lib/table-features';
import { ConditionalFormatsEditor } from '../../../components/table-features/ConditionalFormatsEditor';
import { NotesEditor } from '../../../components/table-features/NotesEditor';
import { SpannersEditor } from '../../../components/table-features/SpannersEditor';
import { previewTable } from '../api/render';
import { buildRequestBody, columnsOf, ownFeatureFields } from '../lib/request-body';
import { sampleJson } from '../lib/sample-data';
import { settingsErrors } from '../../../lib/table-settings';
import { useTableDraft } from '../stores/table-draft-store';
import { useTableSettings } from '../stores/table-settings-store';

/** How long the preview waits after the last edit before it asks for a render. */
const SETTLE_MS = 500;

type Shown =
  | { kind: 'waiting' }
  | { kind: 'image'; url: string }
  | { kind: 'error'; message: string }
  | { kind: 'blocked'; message: string };

function FeatureSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {note && (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      )}
      {children}
    </Stack>
  );
}

export function TableFeaturesPanel({ projectId }: { projectId: string | null }) {
  const { json, formats, spanners, notes, setFormats, setSpanners, setNotes, serverErrors, setServerErrors } =
    useTableDraft();
  const settings = useTableSettings((s) => s.settings);
  const [shown, setShown] = useState<Shown>({ kind: 'waiting' });
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);

  const source = json.trim() ? json : sampleJson;
  const columns = useMemo(() => columnsOf(source), [source]);
  const localErrors = featureErrors(formats, spanners, notes);
  // What every editor is given: the errors under their fields, the table's columns to suggest.
  const editorProps = { errors: { ...localErrors, ...serverErrors }, columns };
  const features = featureFields(formats, spanners, notes);
  const settingsInvalid = Object.keys(settingsErrors(settings)).length > 0;
  const localInvalid = Object.keys(localErrors).length > 0;
  let ownFields: string[] = [];
  try {
    const parsed: unknown = JSON.parse(source);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      ownFields = ownFeatureFields(parsed as Record<string, unknown>, features);
  } catch {
    /* the preview says the JSON does not parse */
  }

  const request = JSON.stringify({ source, settings, projectId, features });
  useEffect(() => {
    const mine = ++seq.current;
    if (localInvalid || settingsInvalid) {
      setShown({ kind: 'blocked', message: 'Fix the marked fields to update the preview.' });
      return;
    }
    const timer = setTimeout(() => {
      let body: Record<string, unknown>;
      try {
        body = buildRequestBody(source, settings, projectId, '', features).body;
      } catch {
        setShown({
          kind: 'blocked',
          message: 'The JSON in the Preview tab does not parse: Invalid JSON format or server error',
        });
        return;
      }
      setBusy(true);
      previewTable(body, projectId)
        .then(
          (blob) => {
            if (mine !== seq.current) return;
            setServerErrors({});
            setShown({ kind: 'image', url: URL.createObjectURL(blob) });
          },
          (err: unknown) => {
            if (mine !== seq.current) return;
            const message = messageOf(err, 'Invalid JSON format or server error');
            const field = err instanceof ApiError && err.status === 400 ? apiFieldError(message) : null;
            // Under a field of this tab only when the tab sent it: the JSON's own fields are fixed in the JSON.
            const root = field?.key.split('.')[0] ?? '';
            setServerErrors(field && body[root] === features[root] ? { [field.key]: field.message } : {});
            setShown({ kind: 'error', message });
          },
        )
        .finally(() => {
          if (mine === seq.current) setBusy(false);
        });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
    // `request` stands for every input of the body (the objects change identity on each render).
  }, [request, localInvalid, settingsInvalid]);

  // Object URLs hold the image in memory until revoked.
  const lastUrl = shown.kind === 'image' ? shown.url : null;
  useEffect(
    () => () => {
      if (lastUrl) URL.revokeObjectURL(lastUrl);
    },
    [lastUrl],
  );

  // A server error belongs to the values it was about: the next edit clears it.
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setServerErrors({});
      set(v);
    };

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Stack gap="6" minW="0">
        <Stack gap="1">
          <Heading as="h2" size="md">
            Table Features
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Notes, conditional formats and column spanners for the table in the editor. They go with Generate Table;
            fields the JSON sets itself win.
          </Text>
        </Stack>
        <FeatureSection title="Subtitle and Notes">
          <NotesEditor idPrefix="setting-notes" notes={notes} onChange={edited(setNotes)} {...editorProps} />
        </FeatureSection>
        <FeatureSection title="Conditional Formats" note="Applied in order, later ones over earlier ones.">
          <ConditionalFormatsEditor
            idPrefix="setting-format"
            formats={formats}
            onChange={edited(setFormats)}
            {...editorProps}
          />
        </FeatureSection>
        <FeatureSection title="Column Spanners">
          <SpannersEditor
            idPrefix="setting-spanner"
            spanners={spanners}
            onChange={edited(setSpanners)}
            {...editorProps}
          />
        </FeatureSection>
      </Stack>

      <Stack gap="3" minW="0" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
        <Heading as="h3" size="sm">
          Live Preview
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {json.trim()
            ? 'The JSON in the Preview tab, with these settings.'
            : 'The sample table, with these settings: paste your JSON in the Preview tab to see your own.'}
        </Text>
        {ownFields.length > 0 && (
          <Text fontSize="sm" color="orange.800" data-testid="own-fields-note">
            The JSON sets {ownFields.join(', ')} itself; those win over the fields here.
          </Text>
        )}
        <Box
          borderWidth="1px"
          borderRadius="md"
          bg="gray.50"
          minH="48"
          p="3"
          overflow="auto"
          aria-live="polite"
          aria-busy={busy}
          data-testid="settings-preview"
        >
          {shown.kind === 'image' && (
            <Image
              src={shown.url}
              alt="Live preview of the table with these settings"
              maxW="100%"
              mx="auto"
              opacity={busy ? 0.6 : 1}
              data-testid="settings-preview-image"
            />
          )}
          {shown.kind === 'waiting' && <Skeleton height="40" />}
          {(shown.kind === 'error' || shown.kind === 'blocked') && (
            <Alert.Root status={shown.kind === 'error' ? 'error' : 'warning'} data-testid="settings-preview-error">
              <Alert.Indicator />
              <Alert.Description>{shown.message}</Alert.Description>
            </Alert.Root>
          )}
        </Box>
      </Stack>
    </SimpleGrid>
  );
}
