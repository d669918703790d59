/**
 * Settings → Security's sessions: GET /api/jsonable/sessions lists the account's open sessions
 * (created, last seen, User-Agent, coarse address; the caller's own marked `current`),
 * DELETE /api/jsonable/sessions/{id} signs one out, POST /api/jsonable/sessions/sign-out-others
 * signs out every session but the caller's. Each sign-out is a UserSignedOut event.
 *
 * A session is named by a public id derived from its hash: neither the cookie's secret nor the
 * hash the store looks sessions up by ever leaves the server. An id of another account's session
 * is "not found", like an unknown one.
 */
import type Router from '@koa/router';
import { accountMessages, sessionIdParamSchema, type AccountSession } from '@jsonable/contracts/accounts';
import { NotFoundError } from '@jsonable/domain/errors';
import { passwordWithoutCurrentUntilFor, signOut, signOutOthers } from '@jsonable/domain/accounts/accounts.handlers';
import { sha256Hex } from '@jsonable/domain/accounts/secrets';
import type { SessionDoc } from '@jsonable/read-models/accounts/sessions.projection';
import { listActiveSessions } from '@jsonable/read-models/accounts/sessions.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { clearSessionCookie, requireSession } from '../../middleware/auth';
import { rateLimit } from '../../middleware/rate-limit';
import { SECURITY_WAIT_MS, type AccountsLimits } from './limits';
import { parse } from '../parse';

/** The id the sessions list shows for a session (24 hex characters). */
export function publicSessionId(sessionHash: string): string {
  return sha256Hex(`session:${sessionHash}`).slice(0, 24);
}

function view(doc: SessionDoc, currentHash: string | undefined): AccountSession {
  return {
    id: publicSessionId(doc.id),
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
    const docs = await listActiveSessions(deps.readModels, userId, deps.clock.now());
    ctx.body = {
      success: true,
      sessions: docs.map((d) => view(d, sessionHash)),
      passwordWithoutCurrentUntil: await passwordWithoutCurrentUntilFor(deps, {
        userId,
        sessionHash: sessionHash ?? null,
      }),
    };
  });

  router.delete('/api/jsonable/sessions/:id', session, perUser, async (ctx) => {
    const { userId, sessionHash: current } = ctx.state.principal!;
    const id = parse(sessionIdParamSchema, ctx.params.id);
    const docs = await listActiveSessions(deps.readModels, userId, deps.clock.now());
    const target = docs.find((d) => publicSessionId(d.id) === id);
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
