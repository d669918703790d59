import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState } from '../module';
import type { Logger } from '../deps';
import { withLogContext } from '../logger';

/** A caller-supplied id is kept only when it is short and plain, so it cannot forge log lines. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when acceptable, else a new uuid),
 * echoes it in the response and writes one structured log line when the request ends: method,
 * path (without the query string, which may hold an api_key), status, duration, request id.
 * Every line logged while the request is handled carries the id too (the logger's context).
 */
export function requestId(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const id = ACCEPTED.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    try {
      await withLogContext({ requestId: id }, async () => {
        logger.debug('request received', { method: ctx.method, path: ctx.path });
        await next();
      });
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        requestId: id,
      });
    }
  };
}
