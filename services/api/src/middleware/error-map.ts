/**
 * The one table from error families to HTTP answers. The error middleware asks `httpAnswerFor`;
 * the first row that recognises an error decides its status, message and Retry-After. An error
 * no row recognises is a bug: 500, details to the log only.
 *
 * To add a family (e.g. store faults → 507/503), add one row here; keep rows small and ordered
 * from the most specific family to the most general.
 */
import { DomainError, RateLimitedError, UnavailableError } from '@jsonable/domain/errors';
import { DependencyFault } from '@jsonable/domain/faults';
import { RenderInputError } from '@jsonable/render/errors';
import { RenderPoolError, RenderWorkerError } from '@jsonable/render/pool/errors';

export interface HttpAnswer {
  status: number;
  /** Shown to the caller as is. */
  message: string;
  /** Whole seconds; sent as Retry-After (every 503 and 429 carries one). */
  retryAfterSeconds?: number;
}

export type ErrorRow = (error: unknown) => HttpAnswer | null;

/** How long a caller should wait before trying again when nothing more specific is known. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

const poolAnswers: Record<RenderPoolError['code'], (e: RenderPoolError) => HttpAnswer | null> = {
  busy: (e) => ({ status: 503, message: e.message, retryAfterSeconds: 2 }),
  timeout: (e) => ({ status: 503, message: e.message, retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS }),
  closed: (e) => ({ status: 503, message: e.message, retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS }),
  'startup-failed': () => ({ status: 503, message: 'Renderer unavailable, try again later', retryAfterSeconds: 30 }),
  // The worker's heap is bounded (and the pixel budget bounds native memory): a table that
  // exhausts it is too large for one render, whatever the engine's limits said beforehand.
  'out-of-memory': () => ({
    status: 413,
    message: 'The table needs more memory than one render may use: use fewer rows, columns or images',
  }),
  'invalid-input': (e) => ({ status: 400, message: e.message }),
  // An engine bug: unexpected, so a logged 500.
  crashed: () => null,
};

export const errorRows: ErrorRow[] = [
  // A failing store or provider (domain/faults.ts): no space 507, busy/unreachable/timeout/provider
  // 503 with the fault's Retry-After; a provider that refuses for good (4xx) 502, no Retry-After.
  (e) => {
    if (!(e instanceof DependencyFault)) return null;
    return e.retryable ? { status: e.status, message: e.message, retryAfterSeconds: e.retryAfterSeconds } : { status: e.status, message: e.message };
  },
  // Typed domain errors carry their status (validation 400 … unavailable 503).
  (e) => {
    if (!(e instanceof DomainError)) return null;
    const answer: HttpAnswer = { status: e.status, message: e.message };
    if (e instanceof RateLimitedError) answer.retryAfterSeconds = e.retryAfterSeconds;
    else if (e instanceof UnavailableError) answer.retryAfterSeconds = e.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
    return answer;
  },
  // The engine refused the payload in this thread (400 malformed, 413 too large).
  (e) => (e instanceof RenderInputError ? { status: e.status, message: e.message } : null),
  // The render pool: busy, timed out, shutting down, out of memory, crashed.
  (e) => (e instanceof RenderPoolError ? poolAnswers[e.code](e) : null),
  // An error thrown in a worker and rebuilt here: the engine's 4xx keep their message.
  (e) => (e instanceof RenderWorkerError && isClientStatus(e.status) ? { status: e.status, message: e.message } : null),
  // Libraries (koa's ctx.throw, http-errors) with an integer 4xx status and a message for users.
  (e) => {
    if (!(e instanceof Error)) return null;
    const status = (e as Error & { status?: unknown }).status;
    return typeof status === 'number' && isClientStatus(status) && e.message ? { status, message: e.message } : null;
  },
];

function isClientStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 400 && status <= 499;
}

/** The answer for `error`, or null when it is unexpected (a 500). */
export function httpAnswerFor(error: unknown): HttpAnswer | null {
  for (const row of errorRows) {
    const answer = row(error);
    if (answer) return answer;
  }
  return null;
}
