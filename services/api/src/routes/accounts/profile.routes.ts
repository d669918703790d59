/**
 * The signed-in user's own account: GET/PATCH /api/jsonable/user, POST /api/jsonable/change-password,
 * GET/POST /api/settings, and the user API key (generate, show prefix).
 */
import type Router from '@koa/router';
import {
  accountMessages,
  changePasswordRequestSchema,
  normalizeEmail,
  saveSettingsRequestSchema,
  updateProfileRequestSchema,
} from '@jsonable/contracts/accounts';
import { UnauthorizedError, ValidationError } from '@jsonable/domain/errors';
import {
  changePassword,
  generateUserApiKey,
  saveSettings,
  updateProfile,
} from '@jsonable/domain/accounts/accounts.handlers';
import { getUserById, type UserDoc } from '@jsonable/read-models/accounts/users.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { clientInfo, requireSession, setSessionCookie } from '../../middleware/auth';
import { rateLimit } from '../../middleware/rate-limit';
import { SECURITY_WAIT_MS, type AccountsLimits } from './limits';
import { userView } from './user-view';
import { parse } from '../parse';

export function profileRoutes(router: Router<AppState>, deps: AppDeps, limits: AccountsLimits): void {
  const session = requireSession(deps);

  async function currentUser(userId: string): Promise<UserDoc> {
    const user = await getUserById(deps.readModels, userId);
    if (!user) throw new UnauthorizedError(accountMessages.notAuthenticated);
    return user;
  }

  router.get('/api/jsonable/user', session, async (ctx) => {
    ctx.body = await userView(deps, await currentUser(ctx.state.principal!.userId));
  });

  router.patch('/api/jsonable/user', session, async (ctx) => {
    const userId = ctx.state.principal!.userId;
    const body = parse(updateProfileRequestSchema, ctx.request.body);
    const user = await currentUser(userId);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email)
      throw new ValidationError(accountMessages.emailReadOnly);
    const written = await updateProfile(deps, {
      userId,
      firstName: body.first_name !== undefined ? body.first_name || null : user.first_name,
      lastName: body.last_name !== undefined ? body.last_name || null : user.last_name,
    });
    await deps.waitForProjections(written.position);
    ctx.body = await userView(deps, await currentUser(userId));
  });

  router.post(
    '/api/jsonable/change-password',
    session,
    rateLimit(deps, { ...limits.changePasswordPerUser, key: (ctx) => ctx.state.principal?.userId ?? null }),
    async (ctx) => {
      const userId = ctx.state.principal!.userId;
      const body = parse(changePasswordRequestSchema, ctx.request.body);
      const opened = await changePassword(deps, {
        userId,
        sessionHash: ctx.state.principal!.sessionHash ?? null,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        client: clientInfo(ctx, deps.config),
      });
      if (!opened.notified) deps.logger.warn('password changed but the notice e-mail was not sent', { userId });
      await deps.waitForProjections(opened.position, SECURITY_WAIT_MS);
      // Every earlier session (this one included) is revoked; the caller continues on a new one.
      setSessionCookie(ctx, deps.config, opened.sessionId);
      ctx.body = { success: true, message: 'Password changed' };
    },
  );

  router.get('/api/settings', session, async (ctx) => {
    const user = await currentUser(ctx.state.principal!.userId);
    ctx.body = { success: true, settings: user.settings ?? {} };
  });

  router.post('/api/settings', session, async (ctx) => {
    const userId = ctx.state.principal!.userId;
    const settings = parse(saveSettingsRequestSchema, ctx.request.body, { namePath: true });
    const written = await saveSettings(deps, { userId, settings });
    await deps.waitForProjections(written.position);
    ctx.body = { success: true, settings };
  });

  router.post('/api/jsonable/user/generate-api-key', session, async (ctx) => {
    const generated = await generateUserApiKey(deps, { userId: ctx.state.principal!.userId });
    // The old key must stop working before the new one is shown.
    await deps.waitForProjections(generated.position, SECURITY_WAIT_MS);
    ctx.body = { success: true, apiKey: generated.apiKey, prefix: generated.prefix };
  });

  // After generation only the prefix is ever shown again: `jsk_AbCdEfGh…`.
  router.get('/api/jsonable/user/api-key', session, async (ctx) => {
    const user = await currentUser(ctx.state.principal!.userId);
    const prefix = user.api_key_prefix;
    ctx.body = { success: true, apiKey: prefix ? `${prefix}…` : null, hasKey: prefix !== null };
  });
}
