/**
 * A project's living images (issue #25): the current version's thumbnail, the stable URL to
 * copy, the version history (time, size, which key) with each version's URL and rollback, a new
 * version or a new living image from a JSON table, and delete.
 */
import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, Image, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { ALT_TEXT_MAX } from '@jsonable/contracts/alt-text';
import { LIVE_NAME_PATTERN, liveMessages } from '@jsonable/contracts/live';
import { CopyButton } from '../../../components/CopyButton';
import { AltTextField } from './AltTextField';
import { messageOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toaster';
import type { Project } from '../../../lib/api/projects';
import {
  deleteLiveImage,
  putLiveImage,
  rollBackLiveImage,
  sitePath,
  updateLiveAltText,
  useLiveImages,
  type LiveImage,
  type LiveVersion,
} from '../api/live-images';
import { htmlSnippet, markdownSnippet, slackSnippet } from '../lib/snippets';
import { ActionDialog, DeleteDialog, useDialogAction } from '../../../components/ActionDialog';
import { PresetField } from '../../../components/PresetField';
import { withPreset, type PresetName } from '../../../lib/channel-presets';

/** The stable URL's alt text: the current version's summary. */
const altOf = (live: LiveImage) =>
  live.versions.find((v) => v.version === live.currentVersion)?.altText ?? `Living image ${live.name}`;

const BY: Record<LiveVersion['by'], string> = {
  session: 'Dashboard',
  user_key: 'User API key',
  project_key: 'Project key',
};

const SAMPLE = JSON.stringify(
  {
    title: 'Daily sales',
    headers: ['Region', 'Orders', 'Revenue'],
    rows: [
      ['North', 128, '$4,812'],
      ['South', 96, '$3,587'],
    ],
  },
  null,
  2,
);

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function LiveImagesSection({ project }: { project: Project }) {
  const { liveImages, loaded, error } = useLiveImages(project.id);
  const [editing, setEditing] = useState<{ name: string | null } | null>(null);
  const [deleting, setDeleting] = useState<LiveImage | null>(null);
  return (
    <Stack gap="3" mb="5" data-testid="live-images">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text as="h4" fontWeight="semibold">
          Living images
        </Text>
        <Button size="xs" variant="outline" onClick={() => setEditing({ name: null })}>
          New living image
        </Button>
      </HStack>
      {error !== undefined && (
        <Text fontSize="sm" color="fg.error">
          {messageOf(error, 'Living images could not be loaded.')}
        </Text>
      )}
      {loaded && liveImages.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          None yet. A living image keeps one URL that always shows its newest version: PUT a table to
          /api/jsonable/live/&#123;name&#125; with this project&apos;s key, or create one here.
        </Text>
      )}
      {liveImages.map((live) => (
        <LiveImageCard
          key={live.id}
          live={live}
          projectId={project.id}
          onNewVersion={() => setEditing({ name: live.name })}
          onDelete={() => setDeleting(live)}
        />
      ))}
      <LiveImageDialog projectId={project.id} editing={editing} onClose={() => setEditing(null)} />
      <DeleteLiveImageDialog projectId={project.id} live={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function LiveImageCard({
  live,
  projectId,
  onNewVersion,
  onDelete,
}: {
  live: LiveImage;
  projectId: string;
  onNewVersion: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [altFor, setAltFor] = useState<LiveVersion | null>(null);
  const current = live.versions.find((v) => v.version === live.currentVersion);
  const historyId = `live-versions-${live.id}`;

  async function rollBack(version: number) {
    setBusy(version);
    try {
      await rollBackLiveImage(projectId, live.name, version);
      toast.success('Rolled back', `${live.name} now shows version ${version}.`);
    } catch (err) {
      toast.error('Failed to roll back', messageOf(err, 'Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="live-image">
      <HStack align="start" gap="3" flexWrap="wrap">
        <Box
          w="40"
          h="24"
          bg="gray.50"
          borderRadius="sm"
          flexShrink={0}
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {current && current.format !== 'pdf' ? (
            // The current version's own URL: immutable, so the thumbnail is never a cached older one.
            <Image
              src={sitePath(current.url)}
              alt={`Current version of ${live.name}`}
              w="100%"
              h="100%"
              objectFit="contain"
              p="1"
              data-testid="live-thumbnail"
            />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              PDF
            </Text>
          )}
        </Box>
        <Stack flex="1" minW="0" gap="1">
          <Text fontWeight="medium" truncate data-testid="live-name">
            {live.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid="live-current">
            Version {live.currentVersion} of {live.latestVersion} · updated {formatDateTime(live.updatedAt)}
          </Text>
          <Text fontSize="xs" fontFamily="mono" color="fg.muted" truncate title={live.url}>
            {live.url}
          </Text>
          {current?.altText && (
            <Text fontSize="xs" color="fg.muted" lineClamp={2} title={current.altText}>
              Alt text: {current.altText}
            </Text>
          )}
          <HStack gap="1" flexWrap="wrap" pt="1">
            <CopyButton value={live.url} label="Copy latest URL" ariaLabel={`Copy latest URL of ${live.name}`} />
            <CopyButton
              value={htmlSnippet(live.url, altOf(live))}
              label="HTML"
              ariaLabel={`Copy HTML snippet of ${live.name}`}
            />
            <CopyButton
              value={markdownSnippet(live.url, altOf(live))}
              label="Markdown"
              ariaLabel={`Copy Markdown snippet of ${live.name}`}
            />
            <CopyButton
              value={slackSnippet(live.url, altOf(live))}
              label="Slack"
              ariaLabel={`Copy Slack snippet of ${live.name}`}
            />
            <Button
              size="xs"
              variant="outline"
              aria-expanded={open}
              aria-controls={historyId}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide versions' : `Versions (${live.versions.length})`}
            </Button>
            <Button size="xs" variant="outline" onClick={onNewVersion}>
              New version
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={onDelete}
              aria-label={`Delete living image ${live.name}`}
            >
              Delete
            </Button>
          </HStack>
        </Stack>
      </HStack>
      {open && (
        <Box id={historyId} overflowX="auto" mt="3">
          <Table.Root size="sm" data-testid="live-versions">
            <Table.Caption captionSide="top" textAlign="start" fontSize="xs" color="fg.muted">
              Versions of {live.name}, newest first
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Version</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Rendered</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Size</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">By</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {live.versions.map((v) => (
                <Table.Row key={v.version} data-testid="live-version">
                  <Table.Cell whiteSpace="nowrap">
                    v{v.version}{' '}
                    {v.version === live.currentVersion && (
                      <Badge colorPalette="green" variant="subtle">
                        Current
                      </Badge>
                    )}
                    {v.pages && (
                      <Badge variant="outline" title="A split table: each page has its own URL (…/p/{i})">
                        {v.pages.length} pages
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(v.createdAt)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatSize(v.size)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{BY[v.by]}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <CopyButton value={v.url} label="Copy URL" ariaLabel={`Copy URL of version ${v.version}`} />
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={v.version === live.currentVersion || busy !== null}
                        loading={busy === v.version}
                        onClick={() => void rollBack(v.version)}
                        aria-label={`Roll back ${live.name} to version ${v.version}`}
                      >
                        Roll back
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setAltFor(v)}
                        aria-label={`Edit alt text of ${live.name} version ${v.version}`}
                      >
                        Edit alt text
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <AltTextDialog projectId={projectId} live={live} version={altFor} onClose={() => setAltFor(null)} />
    </Box>
  );
}

/** Rewrites one version's alt text (what the snippets and the HTML twin use for it). */
function AltTextDialog({
  projectId,
  live,
  version,
  onClose,
}: {
  projectId: string;
  live: LiveImage;
  version: LiveVersion | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useDialogAction(onClose);
  const text = draft ?? version?.altText ?? '';
  const close = () => {
    setDraft(null);
    setProblem(null);
    onClose();
  };

  function save() {
    if (!version) return;
    setProblem(null);
    void run(
      async () => {
        await updateLiveAltText(projectId, live.name, version.version, text);
        setDraft(null);
        return ['Alt text saved', `Version ${version.version} of ${live.name} has the new text.`];
      },
      (err) => setProblem(messageOf(err, 'The alt text could not be saved. Please try again.')),
    );
  }

  return (
    <ActionDialog
      open={version !== null}
      onClose={close}
      size="lg"
      title={`Alt text of ${live.name} v${version?.version ?? ''}`}
      busy={busy}
      action={{
        label: 'Save alt text',
        busyLabel: 'Saving...',
        disabled: text.trim() === '' || text.trim() === (version?.altText ?? ''),
        onClick: save,
      }}
    >
      <Stack gap="3">
        <AltTextField
          value={text}
          onChange={setDraft}
          rows={4}
          help={`What a screen reader says instead of this version. Generated from the table; at most ${ALT_TEXT_MAX} characters.`}
          problem={problem}
          testId="live-alt-text"
        />
      </Stack>
    </ActionDialog>
  );
}

/** A new living image (name and table) or a new version of one (table only). */
function LiveImageDialog({
  projectId,
  editing,
  onClose,
}: {
  projectId: string;
  editing: { name: string | null } | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [json, setJson] = useState(SAMPLE);
  const [preset, setPreset] = useState<PresetName | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useDialogAction(onClose);
  const fixedName = editing?.name ?? null;

  function save() {
    const target = fixedName ?? name.trim();
    if (!LIVE_NAME_PATTERN.test(target)) return setProblem(liveMessages.invalidName);
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch {
      return setProblem('The table is not valid JSON.');
    }
    setProblem(null);
    void run(
      async () => {
        const answer = await putLiveImage(projectId, target, withPreset(payload, preset));
        setName('');
        return [
          answer.created ? 'Living image created' : 'New version rendered',
          `${target} now shows version ${answer.version}.`,
        ];
      },
      (err) => setProblem(messageOf(err, 'The living image could not be rendered. Please try again.')),
    );
  }

  return (
    <ActionDialog
      open={editing !== null}
      onClose={onClose}
      size="lg"
      title={fixedName ? `New version of ${fixedName}` : 'New living image'}
      busy={busy}
      action={{ label: 'Render version', busyLabel: 'Rendering...', onClick: save }}
    >
      <Stack gap="4">
        {!fixedName && (
          <Field.Root required invalid={problem === liveMessages.invalidName}>
            <Field.Label>Name</Field.Label>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="daily-sales"
              autoComplete="off"
            />
            <Field.HelperText>Lowercase letters, digits and hyphens; it becomes part of the URL.</Field.HelperText>
          </Field.Root>
        )}
        <Field.Root required>
          <Field.Label>Table (JSON)</Field.Label>
          <Textarea value={json} onChange={(e) => setJson(e.target.value)} rows={10} fontFamily="mono" fontSize="sm" />
          <Field.HelperText>
            The same payload as the API takes. Each version counts as one table of your plan.
          </Field.HelperText>
        </Field.Root>
        <PresetField
          id="live-preset"
          value={preset}
          onChange={setPreset}
          idle="Sets the width, scale, format and margin that suit where the image is embedded. To split a version into pages, write options.split in the JSON."
        />
        {problem && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </ActionDialog>
  );
}

function DeleteLiveImageDialog({
  projectId,
  live,
  onClose,
}: {
  projectId: string;
  live: LiveImage | null;
  onClose: () => void;
}) {
  return (
    <DeleteDialog
      subject={live}
      onClose={onClose}
      title="Delete Living Image"
      remove={async (l) => {
        await deleteLiveImage(projectId, l.name);
        return ['Living image deleted', 'Its URLs no longer serve an image.'];
      }}
      failure={['Failed to delete living image', 'Please try again.']}
    >
      Delete <strong>{live?.name}</strong> and its {live?.versions.length} version(s)? Its stable URL and every version
      URL will answer 404 wherever they are embedded. This cannot be undone.
    </DeleteDialog>
  );
}
