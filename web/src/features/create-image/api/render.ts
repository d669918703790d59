/**
 * Generate Table (SPEC §4, §7): a preview call that answers the image itself, then a save call
 * that stores it and answers its permanent URL.
 */
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

/** Stores the table; the answer must carry success and an image URL (else 'Invalid response format'). */
export async function saveTable(body: Record<string, unknown>, projectId: string | null): Promise<SavedImage> {
  const answer = await api.post(withProject('/api/jsonable/json-to-png', projectId), body);
  const image =
    answer && typeof answer === 'object' && (answer as { success?: unknown }).success === true
      ? (answer as { image?: { id?: unknown; url?: unknown; filename?: unknown } }).image
      : undefined;
  if (!image || typeof image.url !== 'string' || !image.url) throw new InvalidSaveResponse();
  const filename = typeof image.filename === 'string' ? image.filename : null;
  await refreshAfterRender();
  return {
    id: typeof image.id === 'string' || typeof image.id === 'number' ? String(image.id) : null,
    url: new URL(presentedImageUrl(image.url, filename ?? ''), window.location.origin).toString(),
    filename,
  };
}
