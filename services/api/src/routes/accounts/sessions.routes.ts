/**
 * Settings → Security's sessions: GET /api/jsonable/sessions lists the account's open sessions
 * (created, last seen, User-Agent, coarse address; the caller's own marked `current`), newest
 * sign-in first, a page at a time like every list (issue #30: `limit`, `cursor`, `Link`,
 * `X-Total-Count`; expired and signed-out sessions are not listed),
 * DELETE /api/jsonable/sessions/{id} signs one out, POST /api/jsonable/sessions/sign-out-others
 * signs out every session but the caller's. Each sign-out is a UserSignedOut event.
 *
 * A session is named by a public id derived from its hash (publicSessionId): neither the cookie's
 * secret nor the hash the store looks sessions up by ever leaves the server. A sign-out looks the id
 * up directly; an id of another account's session is "not found", like an unknown one.
 */
import type Router from '@koa/router';
import { accountMessages, sessionIdParamSchema, type AccountSession } from '@jsonable/contracts/accounts';
import { NotFoundError } from '@jsonable/domain/errors';
import { passwordWithoutCurrentUntilFor, signOut, signOutOthers } from '@jsonable/domain/accounts/accounts.handlers';
import { pageQuerySchema } from '@jsonable/contracts/lists';
import type { SessionDoc } from '@jsonable/read-models/accounts/sessions.projection';
import {
  countActiveSessions,
  findOwnActiveSession,
  pageActiveSessions,
} from '@jsonable/read-models/accounts/sessions.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { clearSessionCookie, requireSession } from '../../middleware/auth';
import { rateLimit } from '../../middleware/rate-limit';
import { SECURITY_WAIT_MS, type AccountsLimits } from './limits';
import { answerPage } from '../paging';
import { parse } from '../parse';

function view(doc: SessionDoc, currentHash: string | undefined): AccountSession {
  return {
    id: doc.publicId,
    current: doc.id === currentHash,
    method: doc.method,
    createdAt: doc.createdAt,
    lastSeenAt: doc.lastSeenAt ?? doc.createdAt,
    expiresAt: new Date(doc.expiresAt).toISOString(),
    userAgent: doc.userAgent ?? null,
    ip: doc.ip ?? null,
  };
}

export function sessionsRoutes(router: Router<AppState>, deps: AppDeps, limits: AccountsLimits): void {
  const session = requireSession(deps);
  const perUser = rateLimit(deps, { ...limits.sessionsPerUser, key: (ctx) => ctx.state.principal?.userId ?? null });

  router.get('/api/jsonable/sessions', session, async (ctx) => {
    const { userId, sessionHash } = ctx.state.principal!;
    const query = parse(pageQuerySchema, ctx.query);
    const now = deps.clock.now();
    const page = await answerPage(
      ctx,
      deps,
      query,
      ['sessions', userId],
      (p) => pageActiveSessions(deps.readModels, userId, now, p),
      () => countActiveSessions(deps.readModels, userId, now),
    );
    ctx.body = {
      success: true,
      sessions: page.sessions.map((d) => view(d, sessionHash)),
      passwordWithoutCurrentUntil: await passwordWithoutCurrentUntilFor(deps, {
        userId,
        sessionHash: sessionHash ?? null,
      }),
    };
  });

  router.delete('/api/jsonable/sessions/:id', session, perUser, async (ctx) => {
    const { userId, sessionHash: current } = ctx.state.principal!;
    const id = parse(sessionIdParamSchema, ctx.params.id);
    const target = await findOwnActiveSession(deps.readModels, userId, id, deps.clock.now());
    if (!target) throw new NotFoundError(accountMessages.sessionNotFound);
    const isCurrent = target.id === current;
    const written = await signOut(deps, { userId, sessionHash: target.id, reason: isCurrent ? 'logout' : 'revoked' });
    await deps.waitForProjections(written.position, SECURITY_WAIT_MS);
    if (isCurrent) clearSessionCookie(ctx, deps.config);
    ctx.body = { success: true, current: isCurrent };
  });

  router.post('/api/jsonable/sessions/sign-out-others', session, perUser, async (ctx) => {
    const { userId, sessionHash } = ctx.state.principal!;
    const written = await signOutOthers(deps, { userId, keepSessionHash: sessionHash! });
    await deps.waitForProjections(written.position, SECURITY_WAIT_MS);
    ctx.body = { success: true, signedOut: written.signedOut };
  });
}
