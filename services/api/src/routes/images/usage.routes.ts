/**
 * Usage over time (issue #30 item 4): GET /api/jsonable/user/usage, renders per day over at most
 * a year, for the account or one of its projects, read from the usage_days read model (never
 * from the images). The window and the project are checked before anything is read.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { NotFoundError } from '@jsonable/domain/errors';
import { projectMessages } from '@jsonable/contracts/projects';
import { USAGE_NO_PROJECT, usageHistoryQuerySchema, usageWindow } from '@jsonable/contracts/usage-history';
import { getOwnProject } from '@jsonable/read-models/projects/projects.queries';
import { usageHistory } from '@jsonable/read-models/usage-history/usage-history.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { parse } from '../parse';
import { principalOf } from '../render/shared';

export function usageRoutes(router: Router<AppState>, deps: AppDeps, session: Middleware<AppState>): void {
  router.get('/api/jsonable/user/usage', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const query = parse(usageHistoryQuerySchema, ctx.query);
    const { from, to } = usageWindow(query, deps.clock.now().toISOString().slice(0, 10));
    let projectId: string | null | undefined;
    if (query.projectId === USAGE_NO_PROJECT) projectId = null;
    else if (query.projectId !== undefined) {
      // Someone else's project, a deleted one and an unknown id all answer the same 404.
      if (!(await getOwnProject(deps.readModels, userId, query.projectId)))
        throw new NotFoundError(projectMessages.notFound);
      projectId = query.projectId;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await usageHistory(deps.readModels, userId, {
      from,
      to,
      ...(projectId === undefined ? {} : { projectId }),
    });
  });
}
