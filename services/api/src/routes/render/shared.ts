/**
 * Small pieces every rendering and project route uses: the calling user's account (plan, registration time), Idempotency-Key, request hashes, queue lanes and the table body.
 */
import { createHash } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import { UnauthorizedError, UnsupportedMediaTypeError, ValidationError } from '@jsonable/domain/errors';
import type { UserDoc } from '@jsonable/read-models/accounts/users.queries';
import { jsonNestingDepth, jsonObjectIn, MAX_JSON_DEPTH } from '@jsonable/contracts/json';
import { coerceTablePayload } from '@jsonable/contracts/table';
import { clientIp } from '../../middleware/client-ip';
import { bodyNestingMessage, protoKeyMessage, refusedForProtoKey } from '../../middleware/body';
import { JSON_ONLY_MESSAGE } from '../../middleware/csrf';
import type { AppState, Principal } from '../../module';

export type Ctx = ParameterizedContext<AppState>;

export function principalOf(ctx: Ctx): Principal {
  const principal = ctx.state.principal;
  if (!principal) throw new UnauthorizedError('Authentication required');
  return principal;
}

/** The caller's account (plan, registration time), as the auth middleware put it on `ctx.state`. */
export function accountOf(ctx: Ctx): Promise<UserDoc> {
  const account = ctx.state.account;
  if (!account) throw new UnauthorizedError('Authentication required');
  return account();
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header (printable ASCII, at most 255 characters), or null. */
export function idempotencyKeyOf(ctx: Ctx): string | null {
  const raw = ctx.get('Idempotency-Key');
  if (raw === '') return null;
  if (!IDEMPOTENCY_KEY.test(raw))
    throw new ValidationError('Idempotency-Key must be 1 to 255 printable ASCII characters');
  return raw;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
export function stableJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : v,
    ) ?? 'null'
  );
}

/** What an Idempotency-Key is bound to: the route, the target project and the body. */
export function requestHash(route: string, projectId: string | null, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${projectId ?? ''}\n${stableJson(body)}`)
    .digest('hex');
}

/**
 * The render queue lane of a request (the pool serves lanes in turn): the account whose allowance
 * the render uses (all its keys and sessions share one lane, so more keys buy no more turns), or
 * for the anonymous demo the client's IP.
 */
export const accountLane = (userId: string): string => `account:${userId}`;
export const ipLane = (ctx: Ctx, trustProxy: boolean): string => `ip:${clientIp(ctx, trustProxy)}`;

export function bodyOf(ctx: Ctx): unknown {
  return (ctx.request as unknown as { body?: unknown }).body;
}

/**
 * A render route's table payload. `curl -d` sends JSON as a form and some HTTP modules send it as
 * text/plain: a body whose text is a JSON object counts as JSON whatever its Content-Type says
 * (a body that is not JSON at all gets 415). The result is read as automation tools mean it
 * (coerceTablePayload: nulls for unmapped fields, one bundle as one row, JSON text in a field).
 */
export function tableBodyOf(ctx: Ctx): unknown {
  const request = ctx.request as unknown as { body?: unknown; rawBody?: unknown };
  let body = request.body;
  if (ctx.is('json') === false) {
    const raw = typeof request.rawBody === 'string' ? request.rawBody : typeof body === 'string' ? body : '';
    if (jsonNestingDepth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new ValidationError(bodyNestingMessage);
    const parsed = jsonObjectIn(raw);
    if (parsed !== null) {
      if (refusedForProtoKey(raw)) throw new ValidationError(protoKeyMessage);
      body = parsed;
    } else if (raw.trim() !== '' || ctx.is('multipart')) {
      throw new UnsupportedMediaTypeError(JSON_ONLY_MESSAGE);
    }
  }
  return coerceTablePayload(body);
}
