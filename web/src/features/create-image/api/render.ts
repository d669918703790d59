/**
 * Generate Table (SPEC §4, §7): a preview call that answers the image itself, then a save call
 * that stores it and answers its permanent URL — or, for a split table (options.split, issue
 * #25), every image's URL in order.
 */
import { z } from 'zod';
import { splitImageSchema } from '@jsonable/contracts/render-api';
import { apiBlob, api } from '../../../lib/api-client';
import { presentedImageUrl, refreshAfterRender } from '../../../lib/api/images';

function withProject(path: string, projectId: string | null): string {
  return projectId ? `${path}?projectId=${encodeURIComponent(projectId)}` : path;
}

export function previewTable(body: Record<string, unknown>, projectId: string | null): Promise<Blob> {
  return apiBlob(withProject('/api/jsonable/json-to-png/preview', projectId), body);
}

export class InvalidSaveResponse extends Error {
  constructor() {
    super('Invalid response format');
  }
}

export interface SavedImage {
  id: string | null;
  url: string;
  filename: string | null;
}

/** One image of a split, as the result view lists it. */
export interface SavedPage extends SavedImage {
  page: number;
  pages: number;
  width: number;
  height: number;
  size: number;
  altText: string | null;
}

export interface SavedTable extends SavedImage {
  /** Every image of a split table in order (page 1 is the image above); [] when it is one image. */
  pages: SavedPage[];
}

const pagesSchema = z.array(splitImageSchema);
const absolute = (url: string, filename: string | null) =>
  new URL(presentedImageUrl(url, filename ?? ''), window.location.origin).toString();

/** Stores the table; the answer must carry success and an image URL (else 'Invalid response format'). */
export async function saveTable(body: Record<string, unknown>, projectId: string | null): Promise<SavedTable> {
  const answer = await api.post(withProject('/api/jsonable/json-to-png', projectId), body);
  const ok = answer && typeof answer === 'object' && (answer as { success?: unknown }).success === true;
  const image = ok ? (answer as { image?: { id?: unknown; url?: unknown; filename?: unknown } }).image : undefined;
  if (!image || typeof image.url !== 'string' || !image.url) throw new InvalidSaveResponse();
  // A split's images are parsed with the contract's schema: a drifting server fails loudly.
  const listed = (answer as { images?: unknown }).images;
  const parsed = listed === undefined ? null : pagesSchema.safeParse(listed);
  if (parsed && !parsed.success) throw new InvalidSaveResponse();
  const filename = typeof image.filename === 'string' ? image.filename : null;
  await refreshAfterRender();
  return {
    id: typeof image.id === 'string' || typeof image.id === 'number' ? String(image.id) : null,
    url: absolute(image.url, filename),
    filename,
    pages: (parsed?.data ?? []).map((p) => ({
      id: p.id,
      url: absolute(p.url, p.filename),
      filename: p.filename,
      page: p.page,
      pages: p.pages,
      width: p.width,
      height: p.height,
      size: p.size,
      altText: p.altText ?? null,
    })),
  };
}
