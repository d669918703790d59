import type Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { AppState } from '../module';

const PING_TIMEOUT_MS = 2000;

async function answers(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/jsonable/status: operational only when both stores answer (the UI polls this). */
export function statusRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.get('/api/jsonable/status', async (ctx) => {
    const [events, documents] = await Promise.all([
      answers(() => deps.eventStore.ping()),
      answers(() => deps.docs.ping()),
    ]);
    ctx.set('Cache-Control', 'no-store');
    if (events && documents) {
      ctx.body = { status: 'operational' };
      return;
    }
    deps.logger.warn('status check failed', { eventStore: events, documentStore: documents });
    ctx.status = 503;
    ctx.body = { status: 'unavailable' };
  });
}
