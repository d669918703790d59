import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import { errorEnvelope } from '@jsonable/contracts/envelope';
import { DomainError, RateLimitedError } from '@jsonable/domain/errors';
import type { Logger } from '../deps';
import type { AppState } from '../module';

interface ClientError {
  status: number;
  message: string;
}

/**
 * Client errors are typed DomainErrors, or errors from libraries (koa's ctx.throw, http-errors,
 * the renderer's validation) that carry an integer 4xx `status` and a message meant for the user.
 */
function asClientError(error: unknown): ClientError | null {
  if (error instanceof DomainError) return { status: error.status, message: error.message };
  if (error instanceof Error) {
    const status = (error as Error & { status?: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 499 && error.message) {
      return { status, message: error.message };
    }
  }
  return null;
}

/**
 * The one place errors become HTTP answers: `{ success: false, error: { code, message } }` with
 * the status. Anything unexpected is a 500 whose details go to the log, never to the caller.
 */
export function errorHandler(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known = asClientError(error);
      if (known) {
        ctx.status = known.status;
        ctx.body = errorEnvelope(known.status, known.message);
        if (error instanceof RateLimitedError) ctx.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
        if (known.status === 405) {
          const allow = (error as Error & { headers?: Record<string, string> }).headers?.Allow;
          if (allow) ctx.set('Allow', allow);
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
