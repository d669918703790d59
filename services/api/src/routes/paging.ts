/**
 * Paged list answers (issue #30): opaque cursors and the `Link` / `X-Total-Count` headers.
 *
 * A cursor is base64url JSON `{ p: <keyset position>, s: <scope> }`. The position is the sort
 * values of the last item of the page (e.g. createdAt and id; read-models/src/paging.ts pages by
 * it), so the next page starts right after it however many items were added or removed meanwhile
 * (keyset paging). The scope is a hash of the route, the user and the filters: a cursor taken to
 * another list, another account or other filters is refused (400) instead of quietly positioning
 * a different query. Cursors are not secret and need no signature: a hand-made one can only
 * position the caller's own query.
 */
import { createHash } from 'node:crypto';
import { LIST_PAGE_DEFAULT, listMessages, type PageQuery } from '@jsonable/contracts/lists';
import { publicUrls } from '@jsonable/contracts/public-urls';
import { ValidationError } from '@jsonable/domain/errors';
import type { KeysetPosition as Position, PageRequest } from '@jsonable/read-models/paging';
import type { AppDeps } from '../deps';
import type { Ctx } from './render/shared';

const POSITION_PART = /^[\x20-\x7e]{1,100}$/;

function scopeOf(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeCursor(position: Position, scope: readonly unknown[]): string {
  return Buffer.from(JSON.stringify({ p: position, s: scopeOf(scope) }), 'utf8').toString('base64url');
}

/** The position a cursor holds; 400 when it is garbled, forged out of shape or of another scope. */
export function decodeCursor(cursor: string, scope: readonly unknown[]): Position {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(listMessages.cursor);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ValidationError(listMessages.cursor);
  const { p, s } = value as { p?: unknown; s?: unknown };
  const ok =
    Array.isArray(p) &&
    p.length === 2 &&
    p.every((part) => typeof part === 'string' && POSITION_PART.test(part)) &&
    typeof s === 'string';
  if (!ok) throw new ValidationError(listMessages.cursor);
  if (s !== scopeOf(scope)) throw new ValidationError(listMessages.cursorOtherQuery);
  return p as Position;
}

/** The page size and the position to continue after, from a parsed page query. */
export function pageOf(query: PageQuery, scope: readonly unknown[]): PageRequest {
  const limit = query.limit ?? LIST_PAGE_DEFAULT;
  return query.cursor === undefined ? { limit } : { limit, after: decodeCursor(query.cursor, scope) };
}

/**
 * Sets `X-Total-Count` and, when there is a next page, `Link: <…>; rel="next"`: the same path and
 * query with the next cursor, on the configured public URL (never the request's Host).
 */
export function setPageHeaders(
  ctx: Ctx,
  deps: AppDeps,
  total: number,
  next: Position | null,
  scope: readonly unknown[],
): void {
  ctx.set('X-Total-Count', String(total));
  if (!next) return;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(ctx.query)) {
    if (key !== 'cursor' && typeof value === 'string') params.set(key, value);
  }
  params.set('cursor', encodeCursor(next, scope));
  ctx.set('Link', `<${publicUrls(deps.config.publicUrl).at(`${ctx.path}?${params.toString()}`)}>; rel="next"`);
}

/**
 * Answers one page of a list: loads the page (after the cursor's position) and the total at once,
 * sets the headers and `Cache-Control: no-store`, and returns what the page loader returned.
 */
export async function answerPage<P extends { next: Position | null }>(
  ctx: Ctx,
  deps: AppDeps,
  query: PageQuery,
  scope: readonly unknown[],
  load: (page: PageRequest) => Promise<P>,
  count: () => Promise<number>,
): Promise<P> {
  const [page, total] = await Promise.all([load(pageOf(query, scope)), count()]);
  ctx.set('Cache-Control', 'no-store');
  setPageHeaders(ctx, deps, total, page.next, scope);
  return page;
}
