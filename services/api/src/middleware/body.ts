import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { PayloadTooLargeError, ValidationError } from '@jsonable/domain/errors';

/** What co-body's parser (@hapi/bourne) throws for a body with a "__proto__" key. */
const PROTO_KEY_REFUSED = 'Object contains forbidden prototype property';
export const protoKeyMessage = 'Invalid request: a key named "__proto__" is not allowed';

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
    onError(error) {
      const e = error as Error & { status?: number; type?: string };
      if (e.status === 413 || e.type === 'entity.too.large') throw new PayloadTooLargeError(bodyLimitMessage(limitBytes));
      if (e.status === 415 || e.type === 'encoding.unsupported') throw new ValidationError('Unsupported content encoding');
      // The parser refuses "__proto__" keys (prototype poisoning); the JSON itself is well formed.
      if (e.message === PROTO_KEY_REFUSED) throw new ValidationError(protoKeyMessage);
      throw new ValidationError('Invalid JSON format');
    },
  });
  return (ctx, next) => (RAW_BODY_PATHS.has(ctx.path) ? next() : parse(ctx, next));
}

/**
 * Routes that read their body themselves, byte for byte (readRawBody): a Stripe webhook's
 * signature covers the exact bytes, which a parser must not consume or re-decode first.
 */
export const RAW_BODY_PATHS: ReadonlySet<string> = new Set(['/api/billing/webhook']);
