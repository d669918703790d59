/**
 * Rate limits shared by every API replica: a sliding-window counter (the current and the previous
 * fixed window, the previous one weighted by how much of it still overlaps the sliding window)
 * kept in an expiring DocumentStore collection and updated with compare-and-set (putIf), so two
 * replicas counting the same key never lose an increment.
 *
 * Keys are stored only as SHA-256 hashes: an e-mail address used as a key does not end up in the
 * rate-limit documents.
 */
import { createHash } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import { RateLimitedError } from '@jsonable/domain/errors';
import type { Clock } from '@jsonable/domain/ports';
import type { Doc, DocumentStore } from '@jsonable/read-models/ports';
import type { AppState } from '../module';

export const RATE_LIMITS = 'rate_limits';

export interface RateLimitRule {
  /** Names the limit (e.g. 'login-ip'); counters of different rules never mix. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitOptions extends RateLimitRule {
  /** What to count by (an IP, an e-mail, a key hash); null skips the limit for this request. */
  key: (ctx: ParameterizedContext<AppState>) => string | null;
  /** The 429 message; default 'Too many requests. Please try again later.' */
  message?: string;
}

export interface RateLimitDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until a request would be allowed again (0 when allowed). */
  retryAfterSeconds: number;
}

interface WindowDoc extends Doc {
  version: number;
  count: number;
  expiresAt: number;
}

type Store = Pick<DocumentStore, 'ensureCollection' | 'get' | 'putIf'>;

const ensured = new WeakSet<object>();

async function ensure(docs: Store): Promise<void> {
  if (ensured.has(docs)) return;
  await docs.ensureCollection({ name: RATE_LIMITS, indexes: [], expiring: true });
  ensured.add(docs);
}

function docId(rule: RateLimitRule, key: string, windowStart: number): string {
  const hashed = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `${rule.name}:${hashed}:${windowStart}`;
}

/** Counts one request against `rule` for `key` and says whether it may go ahead. */
export async function hitRateLimit(
  docs: Store,
  now: Date,
  rule: RateLimitRule,
  key: string,
): Promise<RateLimitDecision> {
  await ensure(docs);
  const t = now.getTime();
  const w = rule.windowMs;
  const start = Math.floor(t / w) * w;
  const elapsed = t - start;
  const previous = await docs.get<WindowDoc>(RATE_LIMITS, docId(rule, key, start - w));
  const prevCount = previous?.count ?? 0;
  const prevWeight = (w - elapsed) / w;
  const id = docId(rule, key, start);

  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await docs.get<WindowDoc>(RATE_LIMITS, id);
    const count = current?.count ?? 0;
    const estimate = prevCount * prevWeight + count;
    if (estimate + 1 > rule.limit) {
      return { allowed: false, remaining: 0, retryAfterSeconds: retryAfter(rule, prevCount, count, elapsed) };
    }
    // The document outlives its window by one more, when it serves as the previous window.
    const next: WindowDoc = { id, version: (current?.version ?? 0) + 1, count: count + 1, expiresAt: start + 2 * w };
    if (await docs.putIf(RATE_LIMITS, next, current ? current.version : null)) {
      return { allowed: true, remaining: Math.max(0, Math.floor(rule.limit - estimate - 1)), retryAfterSeconds: 0 };
    }
  }
  // Twenty lost races in a row: the key is under a flood, which is what limits are for.
  return { allowed: false, remaining: 0, retryAfterSeconds: 1 };
}

/** When the weighted count drops low enough for one more request. */
function retryAfter(rule: RateLimitRule, prevCount: number, count: number, elapsed: number): number {
  const w = rule.windowMs;
  let waitMs: number;
  if (count + 1 > rule.limit) {
    // Only the next window helps: there, this window's count decays from full weight.
    waitMs = w - elapsed + w * Math.max(0, 1 - (rule.limit - 1) / Math.max(count, 1));
  } else {
    // prevCount · (w − e′)/w + count ≤ limit − 1  ⇔  e′ ≥ w · (1 − (limit − 1 − count)/prevCount)
    waitMs = w * (1 - (rule.limit - 1 - count) / prevCount) - elapsed;
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** Koa middleware: 429 with Retry-After (set by the error middleware) when the limit is reached. */
export function rateLimit(deps: { docs: Store; clock: Clock }, options: RateLimitOptions): Middleware<AppState> {
  const rule: RateLimitRule = { name: options.name, limit: options.limit, windowMs: options.windowMs };
  const message = options.message ?? 'Too many requests. Please try again later.';
  return async (ctx, next) => {
    const key = options.key(ctx);
    if (key !== null) {
      const decision = await hitRateLimit(deps.docs, deps.clock.now(), rule, key);
      if (!decision.allowed) throw new RateLimitedError(message, decision.retryAfterSeconds);
    }
    await next();
  };
}
