import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FORMAT_LABELS, IMAGE_FORMATS } from '@jsonable/contracts/formats';
import {
  Alert,
  Box,
  Button,
  HStack,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { messageOf } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toaster';
import {
  deleteImages,
  downloadZip,
  NO_FILTERS,
  urlsOf,
  useImagePages,
  ZIP_MAX_IMAGES,
  type BulkDeleteResult,
  type ImageFilters,
} from '../api/image-pages';
import type { TableImage } from '../../../lib/api/images';
import { AppDialog } from '../../../components/AppDialog';
import { ImageCard, IMAGE_CARD_HEIGHT } from './ImageCard';

const GAP = 12;
const ROW_HEIGHT = IMAGE_CARD_HEIGHT + GAP;

/** Columns for the grid's width (1 on a phone, 4 on a desktop), as SimpleGrid's breakpoints did. */
function columnsFor(width: number): number {
  return width >= 880 ? 4 : width >= 640 ? 3 : width >= 400 ? 2 : 1;
}

/** The search box waits for a pause in typing before it asks the server. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One list of images (a project's, or those without a project), newest first: a search box and
 * format/date filters, a virtualised grid that loads the next page as the user scrolls (only the
 * rows near the screen are in the page, however many are loaded), and select-many with bulk
 * delete, copy URLs and download as ZIP.
 */
export function ImageBrowser({
  base,
  label,
  onTotal,
}: {
  base: string;
  label: string;
  onTotal?: (total: number | null) => void;
}) {
  const [filters, setFilters] = useState<ImageFilters>(NO_FILTERS);
  const q = useDebounced(filters.q, 300);
  const active = { ...filters, q };
  const { images, total, hasMore, loadingMore, isLoading, error, loadMore } = useImagePages(base, active);
  const filtered = q.trim() !== '' || filters.format !== '' || filters.from !== '' || filters.to !== '';
  const [selected, setSelected] = useState<Map<string, TableImage>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BulkDeleteResult | null>(null);
  const [zipping, setZipping] = useState(false);

  useEffect(() => {
    if (!filtered) onTotal?.(total);
  }, [filtered, total, onTotal]);

  const gridRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = gridRef.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const columns = columnsFor(width);
  const rows = Math.ceil(images.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  const lastRow = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    // Within two rows of the end of what is loaded: fetch the next page.
    if (hasMore && lastRow >= rows - 2) loadMore();
  }, [hasMore, lastRow, rows, loadMore]);

  const chosen = useMemo(() => [...selected.values()], [selected]);
  const toggle = (image: TableImage) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(image.id)) next.delete(image.id);
      else next.set(image.id, image);
      return next;
    });
  const setFilter = (patch: Partial<ImageFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setSelected(new Map());
  };

  async function runDelete() {
    setConfirming(false);
    setResult(null);
    setProgress({ done: 0, total: chosen.length });
    const outcome = await deleteImages(chosen, (done, all) => setProgress({ done, total: all }));
    setProgress(null);
    setResult(outcome);
    setSelected(new Map(outcome.failed.map((f) => [f.image.id, f.image])));
    if (outcome.failed.length === 0)
      toast.success(outcome.deleted === 1 ? 'Image deleted' : `${outcome.deleted} images deleted`);
    else
      toast.error(
        'Failed to delete image',
        `${outcome.failed.length} of ${outcome.deleted + outcome.failed.length} could not be deleted.`,
      );
  }

  async function copyUrls() {
    try {
      await copyText(urlsOf(chosen));
      toast.success('URL Copied', `${chosen.length} ${chosen.length === 1 ? 'URL' : 'URLs'} copied, one per line.`);
    } catch {
      toast.error('Error', 'Failed to copy to clipboard');
    }
  }

  async function zip() {
    setZipping(true);
    try {
      await downloadZip(chosen);
      toast.success('Download Started', `${chosen.length} ${chosen.length === 1 ? 'image' : 'images'} in one ZIP.`);
    } catch (err) {
      toast.error('Error', messageOf(err, 'The ZIP could not be made. Please try again.'));
    } finally {
      setZipping(false);
    }
  }

  const busy = progress !== null || zipping;
  return (
    <Stack gap="3" data-testid="image-browser">
      <HStack gap="2" flexWrap="wrap" align="end">
        <Input
          size="sm"
          flex="1 1 14rem"
          minW="0"
          placeholder="Search title or file name"
          aria-label={`Search ${label}`}
          value={filters.q}
          onChange={(e) => setFilter({ q: e.currentTarget.value })}
          data-testid="image-search"
          maxLength={200}
        />
        <NativeSelect.Root size="sm" width="auto" flex="0 0 auto">
          <NativeSelect.Field
            aria-label="Format"
            value={filters.format}
            data-testid="image-format"
            onChange={(e) => setFilter({ format: e.currentTarget.value as ImageFilters['format'] })}
          >
            <option value="">All formats</option>
            {IMAGE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="1" flex="0 1 auto">
          <Input
            size="sm"
            type="date"
            aria-label="Created from"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => setFilter({ from: e.currentTarget.value })}
            data-testid="image-from"
          />
          <Text fontSize="sm" color="fg.muted">
            to
          </Text>
          <Input
            size="sm"
            type="date"
            aria-label="Created to"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => setFilter({ to: e.currentTarget.value })}
            data-testid="image-to"
          />
        </HStack>
        {filtered && (
          <Button size="sm" variant="ghost" onClick={() => setFilter(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </HStack>

      <HStack justify="space-between" flexWrap="wrap" gap="2" minH="8">
        <Text fontSize="sm" color="fg.muted" data-testid="images-shown" aria-live="polite">
          {total === null
            ? 'Loading images…'
            : `${images.length.toLocaleString()} of ${total.toLocaleString()} ${total === 1 ? 'image' : 'images'}${filtered ? ' matching' : ''}`}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          {chosen.length > 0 ? (
            <>
              <Text fontSize="sm" fontWeight="medium" data-testid="selected-count">
                {chosen.length} selected
              </Text>
              <Button size="xs" variant="ghost" onClick={() => setSelected(new Map())} disabled={busy}>
                Clear
              </Button>
              <Button size="xs" variant="outline" onClick={copyUrls} disabled={busy}>
                Copy URLs
              </Button>
              <Button
                size="xs"
                variant="outline"
                onClick={zip}
                loading={zipping}
                loadingText="Preparing ZIP…"
                disabled={busy || chosen.length > ZIP_MAX_IMAGES}
                title={chosen.length > ZIP_MAX_IMAGES ? `At most ${ZIP_MAX_IMAGES} images per ZIP` : undefined}
              >
                Download ZIP
              </Button>
              <Button
                size="xs"
                colorPalette="red"
                variant="outline"
                onClick={() => setConfirming(true)}
                disabled={busy}
              >
                Delete
              </Button>
            </>
          ) : (
            images.length > 0 && (
              <Button size="xs" variant="ghost" onClick={() => setSelected(new Map(images.map((i) => [i.id, i])))}>
                Select all {images.length.toLocaleString()} loaded
              </Button>
            )
          )}
        </HStack>
      </HStack>

      {progress && (
        <Stack gap="1" data-testid="bulk-progress">
          <Text fontSize="sm">
            Deleting {progress.done} of {progress.total}…
          </Text>
          <Progress.Root value={(progress.done / progress.total) * 100} size="sm" colorPalette="red">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      {result && result.failed.length > 0 && (
        <Alert.Root status="error" data-testid="bulk-failures">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {result.deleted} deleted, {result.failed.length} could not be deleted (still selected):
            </Alert.Title>
            <Alert.Description>
              <Box as="ul" ps="4" listStyleType="disc">
                {result.failed.slice(0, 10).map((f) => (
                  <li key={f.image.id}>
                    {f.image.title || f.image.filename}: {f.message}
                  </li>
                ))}
                {result.failed.length > 10 && <li>…and {result.failed.length - 10} more</li>}
              </Box>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{messageOf(error, 'Images could not be loaded.')}</Alert.Description>
        </Alert.Root>
      ) : null}

      <Box ref={gridRef} position="relative" style={{ height: rows * ROW_HEIGHT }} data-testid="image-grid">
        {isLoading && (
          <SimpleGrid columns={columns} gap={`${GAP}px`}>
            {Array.from({ length: columns }, (_, i) => (
              <Skeleton key={i} height={`${IMAGE_CARD_HEIGHT}px`} />
            ))}
          </SimpleGrid>
        )}
        {items.map((row) => (
          <SimpleGrid
            key={row.key}
            columns={columns}
            gap={`${GAP}px`}
            position="absolute"
            top="0"
            left="0"
            w="100%"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {images.slice(row.index * columns, row.index * columns + columns).map((image) => (
              <ImageCard
                key={image.id}
                image={image}
                selected={selected.has(image.id)}
                onToggle={() => toggle(image)}
              />
            ))}
          </SimpleGrid>
        ))}
      </Box>
      {!isLoading && images.length === 0 && !error && (
        <Text fontSize="sm" color="fg.muted">
          {filtered ? 'No images match these filters.' : 'No images yet.'}
        </Text>
      )}
      {loadingMore && (
        <Text fontSize="sm" color="fg.muted">
          Loading more images…
        </Text>
      )}

      <AppDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete Images"
        alert
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button colorPalette="red" onClick={runDelete} data-testid="confirm-bulk-delete">
              Delete {chosen.length} {chosen.length === 1 ? 'image' : 'images'}
            </Button>
          </>
        }
      >
        <Text>
          Delete {chosen.length} {chosen.length === 1 ? 'image' : 'images'}? Their files are removed and their public
          URLs will answer 404 wherever they are embedded. This cannot be undone.
        </Text>
      </AppDialog>
    </Stack>
  );
}
