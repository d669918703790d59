/**
 * Serving stored files: public, by file name only. Names are checked against the one pattern
 * this service produces before anything is looked up, so no path can escape the blob prefix.
 * Every answer carries nosniff; SVG also a CSP that forbids scripts and external loads, because
 * an SVG opened directly is a document on our origin.
 */
import type { BlobInfo } from '@jsonable/domain/ports';
import { IMAGE_FILENAME_PATTERN } from '@jsonable/domain/images/filenames';
import { NotFoundError } from '@jsonable/domain/errors';
import { renderMessages } from '@jsonable/contracts/render-api';
import type { AppDeps } from '../../deps';
import type { Ctx } from '../render/shared';

export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function checkedFilename(raw: string | undefined): string {
  if (!raw || !IMAGE_FILENAME_PATTERN.test(raw)) throw new NotFoundError(renderMessages.imageNotFound);
  return raw;
}

/** Whether the request's If-None-Match names `etag` (weak or strong). */
export function matchesEtag(ctx: Ctx, etag: string): boolean {
  const inm = ctx.get('If-None-Match');
  return inm !== '' && inm.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`);
}

/** The ETag sendBlob gives a file: names are unique and files never change. */
export const fileEtag = (filename: string, length: number): string => `"${filename}-${length}"`;

/** Sends the blob at `key` with `cacheControl`, or throws 404; answers 304 to a matching If-None-Match. */
export async function sendBlob(
  deps: AppDeps,
  ctx: Ctx,
  key: string,
  filename: string,
  cacheControl: (info: BlobInfo) => string | null,
): Promise<void> {
  const found = await deps.blobs.get(key);
  if (!found) throw new NotFoundError(renderMessages.imageNotFound);
  const control = cacheControl(found.info);
  if (control === null) {
    (found.stream as unknown as { destroy?: () => void }).destroy?.();
    throw new NotFoundError(renderMessages.imageNotFound);
  }
  // File names are unique and files never change, so the name and length identify the bytes.
  const etag = fileEtag(filename, found.info.length);
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', control);
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (found.info.contentType === 'image/svg+xml') ctx.set('Content-Security-Policy', SVG_CSP);
  if (matchesEtag(ctx, etag)) {
    (found.stream as unknown as { destroy?: () => void }).destroy?.();
    ctx.status = 304;
    return;
  }
  ctx.type = found.info.contentType;
  ctx.length = found.info.length;
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.body = found.stream;
}
