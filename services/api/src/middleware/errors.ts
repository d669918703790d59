import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import { errorEnvelope } from '@jsonable/contracts/envelope';
import { isFault } from '@jsonable/domain/faults';
import type { Logger } from '../deps';
import type { AppState } from '../module';
import { httpAnswerFor } from './error-map';

/**
 * The one place errors become HTTP answers: `{ success: false, error: { code, message } }` with
 * the status, as error-map.ts's table says. Anything unexpected is a 500 whose details go to the
 * log, never to the caller.
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
        if (known.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(Math.max(1, Math.ceil(known.retryAfterSeconds))));
        if (known.status === 405) {
          const allow = (error as Error & { headers?: Record<string, string> }).headers?.Allow;
          if (allow) ctx.set('Allow', allow);
        }
        // A failing store or provider (faults.ts): the caller gets the plain message, the log the driver's detail.
        if (isFault(error)) {
          logger.warn('request failed on a dependency', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: known.status, fault: error.describe() });
        } else if (known.status >= 500) logger.warn('request refused', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: known.status, message: known.message });
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
