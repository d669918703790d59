import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import * as coBody from 'co-body';
import { jsonNestingDepth, jsonObjectIn, MAX_JSON_DEPTH, nestingMessage } from '@jsonable/contracts/json';
import { PayloadTooLargeError, ValidationError } from '@jsonable/domain/errors';

export const protoKeyMessage = 'Invalid request: a key named "__proto__" is not allowed';
export const NOT_AN_OBJECT_MESSAGE = 'Invalid request: the body must be a JSON object';

export function bodyLimitMessage(limitBytes: number): string {
  const mb = limitBytes / (1024 * 1024);
  const shown = Number.isInteger(mb) ? String(mb) : mb.toFixed(2).replace(/\.?0+$/, '');
  return `Request body too large (limit ${shown} MB)`;
}

const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  'application/scim+json',
];
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const STRICT_JSON_START = /^[\x20\x09\x0a\x0d]*[[{]/;

/** Refusal of a body whose arrays/objects nest deeper than MAX_JSON_DEPTH (never parsed). */
export const bodyNestingMessage = nestingMessage('Request body');

/**
 * JSON (and url-encoded/text) bodies up to `limitBytes`. The raw text stays available as
 * ctx.request.rawBody (Stripe webhooks sign the exact bytes; non-JSON content types may hold
 * JSON). JSON text is scanned for its nesting depth before JSON.parse runs: deeper than
 * MAX_JSON_DEPTH is a 400 at the cost of one pass over the bytes, never seconds of parsing.
 *
 * Mounted on the router (parsesBodyOnMatchedRoutes): a request to a path no route takes is never
 * read. Routes that must refuse a caller before reading (rate limits, keys) put `readBody` after
 * their guards instead.
 */
export function bodyParser(limitBytes: number): Middleware {
  const otherTypes = koaBody({
    json: false,
    urlencoded: true,
    text: true,
    multipart: false,
    includeUnparsed: true,
    formLimit: limitBytes,
    textLimit: limitBytes,
    onError(error) {
      throw readError(error, limitBytes);
    },
  });
  return async (ctx, next) => {
    // Read once: the stream is consumed by the first read (a path may match two routes).
    if (RAW_BODY_PATHS.has(ctx.path) || READ.has(ctx)) return next();
    READ.add(ctx);
    if (!PARSED_METHODS.has(ctx.method) || !ctx.is(JSON_TYPES)) return otherTypes(ctx, next);
    let text: string;
    try {
      text = await coBody.text(ctx, { limit: limitBytes, encoding: 'utf-8' });
    } catch (error) {
      throw readError(error, limitBytes);
    }
    const request = ctx.request as unknown as { body?: unknown; rawBody?: string };
    request.body = parseJsonBody(text);
    request.rawBody = text;
    return next();
  };
}

const READ = new WeakSet<object>();

/** The JSON body as the routes read it: an object or array (or the object a JSON string holds). */
export function parseJsonBody(text: string): unknown {
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new ValidationError(bodyNestingMessage);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('Invalid JSON format');
  }
  if (text.includes('__proto__') && hasProtoKey(parsed)) throw new ValidationError(protoKeyMessage);
  if (STRICT_JSON_START.test(text)) return parsed;
  // Well-formed JSON that is not an object or array. A JSON string holding an object's JSON is a
  // body encoded twice, as some automation tools send it: read the object inside.
  const inner = typeof parsed === 'string' ? jsonObjectIn(parsed) : null;
  if (inner === null) {
    if (typeof parsed === 'string' && jsonNestingDepth(parsed, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      throw new ValidationError(bodyNestingMessage);
    throw new ValidationError(NOT_AN_OBJECT_MESSAGE);
  }
  if (typeof parsed === 'string' && parsed.includes('__proto__') && hasProtoKey(inner))
    throw new ValidationError(protoKeyMessage);
  return inner;
}

function readError(error: unknown, limitBytes: number): Error {
  const e = error as Error & { status?: number; type?: string };
  if (e.status === 413 || e.type === 'entity.too.large') return new PayloadTooLargeError(bodyLimitMessage(limitBytes));
  if (e.status === 415 || e.type === 'encoding.unsupported') return new ValidationError('Unsupported content encoding');
  if (e.status === 400 && (e.type === 'request.size.invalid' || e.type === 'request.aborted'))
    return new ValidationError('The request body was cut short');
  return e instanceof Error ? e : new ValidationError('Invalid request body');
}

/**
 * A route's own body step, placed after its guards (key, rate limit) so that a caller refused by
 * them costs no read or parse. The router-level parser leaves such routes alone.
 */
export function readBody(limitBytes: number): Middleware {
  return Object.assign(bodyParser(limitBytes), { [READS_OWN_BODY]: true });
}

/** `guard` (e.g. a per-IP rate limit), then the body: a request the guard refuses is never read. */
export function thenReadBody(guard: Middleware, limitBytes: number): Middleware {
  const read = bodyParser(limitBytes);
  const step: Middleware = (ctx, next) => guard(ctx, () => read(ctx, next));
  return Object.assign(step, { [READS_OWN_BODY]: true });
}

const READS_OWN_BODY = Symbol('reads its own body');

/**
 * The router-level parser: runs only once a route has matched the path and method (koa-router
 * runs `router.use` middleware only then), and not for routes that read their body after their
 * guards with `readBody`.
 */
export function parsesBodyOnMatchedRoutes(limitBytes: number): Middleware {
  const parse = bodyParser(limitBytes);
  return (ctx, next) => {
    const layers = (ctx as unknown as { matched?: Array<{ methods: string[]; stack: unknown[] }> }).matched ?? [];
    const own = layers.some(
      (l) => l.methods.includes(ctx.method) && l.stack.some((mw) => typeof mw === 'function' && READS_OWN_BODY in mw),
    );
    if (own) return next();
    return parse(ctx, next);
  };
}

/**
 * Whether `body` is JSON text of an object or array with a "__proto__" key somewhere (refused:
 * prototype poisoning once the value is copied into plain objects). Only text within
 * MAX_JSON_DEPTH is parsed.
 */
export function refusedForProtoKey(body: unknown): boolean {
  if (typeof body !== 'string' || !body.includes('__proto__')) return false;
  if (jsonNestingDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  return hasProtoKey(parsed);
}

/** Whether a parsed JSON value has an own "__proto__" key anywhere. */
function hasProtoKey(parsed: unknown): boolean {
  if (parsed === null || typeof parsed !== 'object') return false;
  const stack: unknown[] = [parsed];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
    for (const value of Object.values(node)) stack.push(value);
  }
  return false;
}

/**
 * Routes that read their body themselves, byte for byte (readRawBody): a Stripe webhook's
 * signature covers the exact bytes, which a parser must not consume or re-decode first.
 */
export const RAW_BODY_PATHS: ReadonlySet<string> = new Set(['/api/billing/webhook']);
