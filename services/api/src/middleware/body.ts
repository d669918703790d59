import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { jsonObjectIn } from '@jsonable/contracts/json';
import { PayloadTooLargeError, ValidationError } from '@jsonable/domain/errors';

export const protoKeyMessage = 'Invalid request: a key named "__proto__" is not allowed';
export const NOT_AN_OBJECT_MESSAGE = 'Invalid request: the body must be a JSON object';

export function bodyLimitMessage(limitBytes: number): string {
  const mb = limitBytes / (1024 * 1024);
  const shown = Number.isInteger(mb) ? String(mb) : mb.toFixed(2).replace(/\.?0+$/, '');
  return `Request body too large (limit ${shown} MB)`;
}

/**
 * JSON (and url-encoded/text) bodies up to `limitBytes`. The raw JSON text stays available as
 * ctx.request.rawBody for signature checks (Stripe webhooks sign the exact bytes).
 */
export function bodyParser(limitBytes: number): Middleware {
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    urlencoded: true,
    text: true,
    multipart: false,
    includeUnparsed: true,
    jsonLimit: limitBytes,
    formLimit: limitBytes,
    textLimit: limitBytes,
    onError(error, ctx) {
      const e = error as Error & { status?: number; type?: string; body?: unknown };
      if (e.status === 413 || e.type === 'entity.too.large') throw new PayloadTooLargeError(bodyLimitMessage(limitBytes));
      if (e.status === 415 || e.type === 'encoding.unsupported') throw new ValidationError('Unsupported content encoding');
      // The parser refuses "__proto__" keys (prototype poisoning): well-formed JSON then.
      if (refusedForProtoKey(e.body)) throw new ValidationError(protoKeyMessage);
      // Well-formed JSON that is not an object or array (strict mode refuses it). A JSON string
      // holding an object's JSON is a body encoded twice, as some automation tools send it:
      // read the object inside.
      const value = wellFormedScalar(e.body);
      if (value.ok) {
        const inner = typeof value.parsed === 'string' ? jsonObjectIn(value.parsed) : null;
        if (inner === null) throw new ValidationError(NOT_AN_OBJECT_MESSAGE);
        if (refusedForProtoKey(value.parsed)) throw new ValidationError(protoKeyMessage);
        const request = ctx.request as unknown as { body?: unknown; rawBody?: string };
        request.body = inner;
        request.rawBody = e.body as string;
        return;
      }
      throw new ValidationError('Invalid JSON format');
    },
  });
  return (ctx, next) => (RAW_BODY_PATHS.has(ctx.path) ? next() : parse(ctx, next));
}

/** The JSON value of `body` when it is well-formed JSON text (of any kind). */
function wellFormedScalar(body: unknown): { ok: true; parsed: unknown } | { ok: false } {
  if (typeof body !== 'string') return { ok: false };
  try {
    return { ok: true, parsed: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether the body the JSON parser refused (co-body hands it over as `error.body`) is in fact a
 * well-formed object or array with a "__proto__" key somewhere, the only valid JSON that
 * @hapi/bourne refuses. Decided from the text itself rather than the parser's error wording.
 */
export function refusedForProtoKey(body: unknown): boolean {
  if (typeof body !== 'string' || !body.includes('__proto__')) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
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
