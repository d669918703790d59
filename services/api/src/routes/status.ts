import type Router from '@koa/router';
import type { AppDeps } from '../deps';
import { healthOf } from '../health';
import type { AppState } from '../module';

/**
 * GET /api/jsonable/status (the UI polls it; health checks too).
 * - `{ status: 'operational' }` — exactly that, when nothing is wrong;
 * - `{ status: 'degraded', since, components: [{ component, problem, message, since }] }`, 200:
 *   serving, but a store is failing (no space, busy, unreachable…), free disk space is under
 *   MIN_FREE_DISK_MB, or the projector is failing or lagging;
 * - `{ status: 'unavailable', … }`, 503 with Retry-After: a store every request needs does not answer.
 */
export function statusRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.get('/api/jsonable/status', async (ctx) => {
    const report = await healthOf(deps).check();
    ctx.set('Cache-Control', 'no-store');
    if (report.status === 'operational') {
      ctx.body = { status: 'operational' };
      return;
    }
    if (report.status === 'unavailable') {
      ctx.status = 503;
      ctx.set('Retry-After', '10');
    }
    ctx.body = {
      status: report.status,
      since: report.since,
      components: report.components.map((c) => ({
        component: c.component,
        problem: c.kind,
        message: c.message,
        since: c.since,
        ...(c.component === 'projector' && typeof report.info.projector?.lag === 'number'
          ? { lag: report.info.projector.lag }
          : {}),
      })),
    };
  });
}
