/**
 * The one way the web app talks to the API: same origin, session cookie included, JSON in and
 * out. A non-OK response becomes an ApiError whose message is `<status>: <body text>` (SPEC §8);
 * `serverMessage` carries the envelope's human message for toasts. Answers are parsed with a
 * zod schema when the caller gives one, so a drifting server fails loudly instead of rendering
 * undefined.
 */
import type { z } from 'zod';
import { LIST_PAGE_MAX, nextLink } from '@jsonable/contracts/paging';

export { LIST_PAGE_MAX };

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The envelope's `error.message` (or a legacy `error` string) when the body carries one. */
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, body: string, serverMessage: string | null) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

async function extractServerMessage(body: string): Promise<string | null> {
  if (!body) return null;
  try {
    const json: unknown = JSON.parse(body);
    // The envelope's schema (zod) loads with the first error answer, not with every page (issue 26).
    const { errorEnvelopeSchema } = await import('@jsonable/contracts/envelope');
    const env = errorEnvelopeSchema.safeParse(json);
    if (env.success) return env.data.error.message;
    if (json && typeof json === 'object') {
      const rec = json as Record<string, unknown>;
      if (typeof rec.error === 'string') return rec.error;
      if (typeof rec.message === 'string') return rec.message;
    }
  } catch {
    // Not JSON: a plain-text error body is itself the message.
    return body.length <= 300 ? body : null;
  }
  return null;
}

/** The message to show a person: the server's own words when there are some, else the fallback. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

async function send(
  path: string,
  method: string,
  body: unknown,
  signal?: AbortSignal,
  accept = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const init: RequestInit = { method, credentials: 'include', headers, signal };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text, await extractServerMessage(text));
  }
  return res;
}

/** JSON request; returns the parsed (and, with a schema, validated) answer. Empty bodies give null. */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const res = await send(path, opts.method ?? 'GET', opts.body, opts.signal);
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  return opts.schema ? opts.schema.parse(json) : (json as T);
}

/** One page of a paged list (issue #30): the items, the next page's path (null on the last), the total. */
export interface Page<T> {
  items: T;
  next: string | null;
  total: number | null;
}

/** The `rel="next"` path of a Link header, made same-origin (the server links on its public URL). */
function nextPath(link: string | null): string | null {
  const target = nextLink(link);
  if (!target) return null;
  const url = new URL(target, window.location.origin);
  return `${url.pathname}${url.search}`;
}

/** GET one page of a list: the parsed array plus the Link and X-Total-Count headers. */
export async function apiPage<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<Page<T>> {
  const res = await send(path, 'GET', undefined, signal);
  const total = Number(res.headers.get('X-Total-Count'));
  return {
    items: schema.parse(await res.json()),
    next: nextPath(res.headers.get('Link')),
    total: Number.isFinite(total) && res.headers.has('X-Total-Count') ? total : null,
  };
}

/**
 * Every page of a list, followed to the end, for lists that are small by nature (projects: at
 * most the plan's limit). Lists that grow without bound (images) are read page by page instead.
 */
export async function apiAllPages<T>(path: string, schema: z.ZodType<T[]>): Promise<T[]> {
  const all: T[] = [];
  let next: string | null = path;
  for (let pages = 0; next && pages < 1000; pages++) {
    const page: Page<T[]> = await apiPage(next, schema);
    all.push(...page.items);
    next = page.next;
  }
  return all;
}

/** A request whose answer is a file (image previews): returns the blob. */
export async function apiBlob(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<Blob> {
  const res = await send(path, method, body, undefined, '*/*');
  return res.blob();
}

export const api = {
  get: <T = unknown>(path: string, schema?: z.ZodType<T>) => apiRequest<T>(path, { schema }),
  post: <T = unknown>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {}, schema }),
  patch: <T = unknown>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest<T>(path, { method: 'PATCH', body: body ?? {}, schema }),
  put: <T = unknown>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest<T>(path, { method: 'PUT', body: body ?? {}, schema }),
  delete: <T = unknown>(path: string, schema?: z.ZodType<T>) => apiRequest<T>(path, { method: 'DELETE', schema }),
};

/** SWR fetcher for GET keys that are paths. */
export const swrFetcher = (path: string): Promise<unknown> => apiRequest(path);
