/**
 * A list of images read page by page (issue #30): GET …/images with limit, cursor and filters,
 * following the Link header's rel="next" as the user scrolls. Bulk actions on a selection:
 * delete (one DELETE, i.e. one command, per image, a few at a time, with progress and the
 * failures reported), copy URLs, and download as one ZIP streamed by the server.
 */
import { useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';
import { onImageListsChanged } from '../../../lib/api/image-list-events';
import { userImagesResponseSchema } from '@jsonable/contracts/render-api';
import type { ImageFormat } from '@jsonable/contracts/formats';
import { ZIP_MAX_IMAGES } from '@jsonable/contracts/lists';
import { apiBlob, apiPage, api, messageOf, type Page } from '../../../lib/api-client';
import { deleteImageResponseSchema } from '@jsonable/contracts/render-api';
import { IMAGES_KEY } from '../../../lib/api/keys';
import { refreshAfterRender, toTableImage, type TableImage } from '../../../lib/api/images';

export { ZIP_MAX_IMAGES };

/** Images per request: about four screens of cards on a wide display. */
export const IMAGE_PAGE_SIZE = 60;

export interface ImageFilters {
  q: string;
  format: '' | ImageFormat;
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
}

export const NO_FILTERS: ImageFilters = { q: '', format: '', from: '', to: '' };

/** The first page's path: `base` (a project's images, or the user's with projectId=none) plus the filters. */
export function firstPagePath(base: string, filters: ImageFilters): string {
  const [path, existing] = base.split('?');
  const params = new URLSearchParams(existing ?? '');
  params.set('limit', String(IMAGE_PAGE_SIZE));
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.format) params.set('format', filters.format);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return `${path}?${params.toString()}`;
}

const pageSchema = userImagesResponseSchema.transform((list) => list.map(toTableImage));

export function useImagePages(base: string, filters: ImageFilters) {
  const first = firstPagePath(base, filters);
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<Page<TableImage[]>>(
    (index, previous: Page<TableImage[]> | null) => (index === 0 ? first : (previous?.next ?? null)),
    (path: string) => apiPage(path, pageSchema),
    // Pages already loaded are not fetched again one by one on a refresh of the first.
    { revalidateFirstPage: true, revalidateAll: false, persistSize: false },
  );
  useEffect(() => onImageListsChanged(() => mutate()), [mutate]);
  const images = data ? data.flatMap((page) => page.items) : [];
  const last = data?.[data.length - 1];
  const hasMore = Boolean(last?.next);
  const loadingMore = isValidating && data !== undefined && size > data.length;
  return {
    images,
    total: data?.[0]?.total ?? null,
    hasMore,
    loadingMore,
    isLoading,
    error: error as unknown,
    loadMore: () => {
      if (hasMore && !loadingMore) void setSize(size + 1);
    },
  };
}

export interface BulkDeleteResult {
  deleted: number;
  failed: Array<{ image: TableImage; message: string }>;
}

/**
 * Deletes each image with its own request (one DeleteImage command each), three at a time, and
 * reports progress after each. A failure does not stop the others; it is reported with the
 * server's reason.
 */
export async function deleteImages(
  images: TableImage[],
  onProgress: (done: number, total: number) => void,
): Promise<BulkDeleteResult> {
  const queue = [...images];
  const failed: BulkDeleteResult['failed'] = [];
  let done = 0;
  const worker = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      try {
        await api.delete(`${IMAGES_KEY}/${encodeURIComponent(image.id)}`, deleteImageResponseSchema);
      } catch (err) {
        failed.push({ image, message: messageOf(err, 'Failed to delete image') });
      }
      onProgress(++done, images.length);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  await refreshAfterRender();
  return { deleted: images.length - failed.length, failed };
}

/** Absolute public URLs, one per line (what "Copy URLs" puts on the clipboard). */
export function urlsOf(images: TableImage[]): string {
  return images.map((image) => new URL(image.url, window.location.origin).toString()).join('\n');
}

/** Asks the server for one ZIP of the images and hands it to the browser as a download. */
export async function downloadZip(images: TableImage[]): Promise<void> {
  const blob = await apiBlob(`${IMAGES_KEY}/zip`, { ids: images.map((image) => image.id) }, 'POST');
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `jsonable-images-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
