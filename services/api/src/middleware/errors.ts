import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import { errorEnvelope } from '@jsonable/contracts/envelope';
import { DomainError, errorWithStatus } from '@jsonable/domain/errors';
import { isFault } from '@jsonable/domain/faults';
import type { Logger } from '../deps';
import type { AppState } from '../module';

export interface HttpAnswer {
  status: number;
  /** Shown to the caller as is. */
  message: string;
  /** Whole seconds; sent as Retry-After (every 503 and 429 carries one). */
  retryAfterSeconds?: number;
}

/**
 * The error family member for `error`, or null when it is unexpected (a bug: 500). Members of
 * the family (domain/errors.ts: validation 400 … unavailable 503, the dependency faults, the
 * engine's and the render pool's refusals) are taken as they are; a library error with a 4xx
 * status and a message for users (koa's ctx.throw, the body parser's 413, the router's 405)
 * joins the family by its status.
 */
export function familyOf(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (!(error instanceof Error) || !error.message) return null;
  const status = (error as Error & { status?: unknown }).status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 499
    ? errorWithStatus(status, error.message)
    : null;
}

/** The status, message and Retry-After the caller gets for `error`, or null when it is a 500. */
export function httpAnswerFor(error: unknown): HttpAnswer | null {
  const known = familyOf(error);
  if (!known) return null;
  const answer: HttpAnswer = { status: known.status, message: known.message };
  if (known.retryAfterSeconds !== undefined && known.retryAfterSeconds > 0)
    answer.retryAfterSeconds = Math.max(1, Math.ceil(known.retryAfterSeconds));
  return answer;
}

/**
 * The one place errors become HTTP answers: `{ success: false, error: { code, message } }` with
 * the family member's status (and Retry-After). Anything outside the family is a 500 whose
 * details go to the log, never to the caller.
 */
export function errorHandler(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known = httpAnswerFor(error);
      if (known) {
        ctx.status = known.status;
        ctx.body = errorEnvelope(known.status, known.message);
        if (known.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(known.retryAfterSeconds));
        if (known.status === 405) {
          const allow = (error as Error & { headers?: Record<string, string> }).headers?.Allow;
          if (allow) ctx.set('Allow', allow);
        }
        const where = { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: known.status };
        // A failing store or provider (faults.ts): the caller gets the plain message, the log the driver's detail.
        if (isFault(error)) logger.warn('request failed on a dependency', { ...where, fault: error.describe() });
        else if (known.status >= 500) {
          const detail = (error as { detail?: unknown }).detail;
          logger.warn('request refused', {
            ...where,
            message: known.message,
            ...(typeof detail === 'string' && detail !== known.message ? { detail } : {}),
          });
        }
        return;
      }
      logger.error('unhandled error', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error,
      });
      ctx.status = 500;
      ctx.body = errorEnvelope(500, 'Internal server error');
    }
  };
}

/**
 * An /api path that no route answered (or answered with an empty error status, like router's
 * 405) still gets the envelope, so API clients can always parse the body.
 */
export function apiFallback(): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    if (!ctx.path.startsWith('/api/') && ctx.path !== '/api') return;
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (ctx.status === 404) {
      ctx.status = 404;
      ctx.body = errorEnvelope(404, 'Not found');
    } else if (ctx.status >= 400) {
      const status = ctx.status;
      ctx.body = errorEnvelope(status, STATUS_CODES[status] ?? 'Error');
    }
  };
}
