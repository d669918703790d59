/**
 * POST /api/register, /api/login, /api/logout, /api/magic-link, /api/confirm-magic-link,
 * /api/forgot-password, /api/reset-password, GET /api/verify-magic-link, /api/password-reset and
 * /api/user.
 *
 * Register, magic link and forgot password answer the same, byte for byte, whether or not the
 * address has an account (see accounts.handlers.ts): the owner of the address learns the
 * difference by e-mail. The GETs only read: a link is consumed by the POST a click sends.
 */
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import {
  accountMessages,
  confirmMagicLinkRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  magicLinkRequestSchema,
  magicLinkTokenSchema,
  normalizeEmail,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenSchema,
} from '@jsonable/contracts/accounts';
import { UnauthorizedError, ValidationError } from '@jsonable/domain/errors';
import {
  checkMagicLink,
  checkResetLink,
  confirmMagicLink,
  requestMagicLink,
  requestPasswordReset,
  requestSignUp,
  resetPassword,
  signInWithPassword,
  signOut,
} from '@jsonable/domain/accounts/accounts.handlers';
import { sha256Hex } from '@jsonable/domain/accounts/secrets';
import { getUserById, toPublicUser } from '@jsonable/read-models/accounts/users.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import {
  clearSessionCookie,
  clientInfo,
  requireSession,
  resolveSession,
  setSessionCookie,
} from '../../middleware/auth';
import { thenReadBody } from '../../middleware/body';
import { clientIp, ipRateKey } from '../../middleware/client-ip';
import { csrfProtection } from '../../middleware/csrf';
import { rateLimit, type RateLimitRule } from '../../middleware/rate-limit';
import { SECURITY_WAIT_MS, type AccountsLimits } from './limits';
import { parse } from '../parse';

type Ctx = ParameterizedContext<AppState>;

const TOO_MANY = {
  login: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  mail: 'Too many requests for this address. Please wait a few minutes and try again.',
  confirm: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** The token of a GET's query (the first when repeated). */
function queryToken(ctx: Ctx): unknown {
  const raw = ctx.query.token;
  return Array.isArray(raw) ? raw[0] : raw;
}

/** The e-mail of a JSON body, normalised, for per-account limits (null when there is none). */
function bodyEmail(ctx: Ctx): string | null {
  const body = ctx.request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' && body.email.trim() ? normalizeEmail(body.email).slice(0, 320) : null;
}

export function signInRoutes(router: Router<AppState>, deps: AppDeps, limits: AccountsLimits): void {
  const csrf = csrfProtection(deps.config);
  // The body is read only once the per-IP limit let the request through.
  const perIp = (rule: RateLimitRule, message?: string) =>
    thenReadBody(
      rateLimit(deps, {
        ...rule,
        key: (ctx) => ipRateKey(clientIp(ctx, deps.config.trustProxy)),
        ...(message ? { message } : {}),
      }),
      deps.config.bodyLimitBytes,
    );
  const perAccount = (rule: RateLimitRule, message?: string) =>
    rateLimit(deps, { ...rule, key: bodyEmail, ...(message ? { message } : {}) });
  /** A POST about the address in its body: CSRF-checked, limited per IP, then per account. */
  const postForAddress = (
    path: string,
    [ipRule, accountRule]: [RateLimitRule, RateLimitRule],
    tooMany: string,
    handler: (ctx: Ctx) => Promise<void>,
  ) => router.post(path, csrf, perIp(ipRule, tooMany), perAccount(accountRule, tooMany), handler);
  /** A POST that uses up a mailed link's token: CSRF-checked and limited per IP. */
  const postWithToken = (path: string, handler: (ctx: Ctx) => Promise<void>) =>
    router.post(path, csrf, perIp(limits.confirmPerIp, TOO_MANY.confirm), handler);
  /**
   * A GET that checks a mailed link's token without using it up (mail scanners fetch links, and
   * some run the page's script): 400 `invalid` when `check` finds no live link, else what it answers.
   */
  function getLinkCheck(
    path: string,
    tokenSchema: z.ZodType<string>,
    invalid: string,
    check: (token: string) => Promise<Record<string, unknown> | null>,
  ): void {
    router.get(path, perIp(limits.confirmPerIp, TOO_MANY.confirm), async (ctx) => {
      const token = parse(tokenSchema, queryToken(ctx));
      ctx.set('Cache-Control', 'no-store');
      const found = await check(token);
      if (!found) throw new ValidationError(invalid);
      ctx.body = { success: true, valid: true, ...found };
    });
  }
  /** The answer to a request that mails the address: the same whether or not it has an account. */
  const answerMailed = (ctx: Ctx, message: string) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, message };
  };

  /**
   * Opens the session cookie for a new session and answers the signed-in user. A session the
   * browser still held is revoked: one browser, one live session.
   */
  async function answerSignedIn(
    ctx: Ctx,
    opened: { userId: string; sessionId: string; position: number },
  ): Promise<void> {
    const previous = await resolveSession(deps, ctx);
    let position = opened.position;
    if (previous?.sessionHash && previous.sessionHash !== sha256Hex(opened.sessionId)) {
      position = Math.max(
        position,
        (await signOut(deps, { userId: previous.userId, sessionHash: previous.sessionHash, reason: 'replaced' }))
          .position,
      );
    }
    await deps.waitForProjections(position, SECURITY_WAIT_MS);
    const user = await getUserById(deps.readModels, opened.userId);
    if (!user) throw new UnauthorizedError(accountMessages.notAuthenticated);
    setSessionCookie(ctx, deps.config, opened.sessionId);
    ctx.body = toPublicUser(user);
  }

  postForAddress('/api/register', [limits.registerPerIp, limits.registerPerAccount], TOO_MANY.mail, async (ctx) => {
    const body = parse(registerRequestSchema, ctx.request.body);
    const written = await requestSignUp(deps, { email: body.email, password: body.password });
    await deps.waitForProjections(written.position);
    answerMailed(ctx, accountMessages.registerSent);
  });

  postForAddress('/api/login', [limits.loginPerIp, limits.loginPerAccount], TOO_MANY.login, async (ctx) => {
    const body = parse(loginRequestSchema, ctx.request.body);
    let opened;
    try {
      opened = await signInWithPassword(deps, { ...body, client: clientInfo(ctx, deps.config) });
    } catch (error) {
      // ASVS 7.2.1: failed sign-ins are logged — with the address hashed, never the password.
      if (error instanceof UnauthorizedError) {
        deps.logger.info('sign-in failed', {
          ip: clientIp(ctx, deps.config.trustProxy),
          account: sha256Hex(body.email).slice(0, 16),
        });
      }
      throw error;
    }
    await answerSignedIn(ctx, opened);
  });

  router.post('/api/logout', csrf, async (ctx) => {
    const principal = await resolveSession(deps, ctx);
    if (principal?.sessionHash) {
      const written = await signOut(deps, {
        userId: principal.userId,
        sessionHash: principal.sessionHash,
        reason: 'logout',
      });
      await deps.waitForProjections(written.position, SECURITY_WAIT_MS);
    }
    clearSessionCookie(ctx, deps.config);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true };
  });

  router.get('/api/user', requireSession(deps), async (ctx) => {
    const user = await getUserById(deps.readModels, ctx.state.principal!.userId);
    if (!user) throw new UnauthorizedError(accountMessages.notAuthenticated);
    ctx.body = toPublicUser(user);
  });

  postForAddress('/api/magic-link', [limits.magicLinkPerIp, limits.magicLinkPerAccount], TOO_MANY.mail, async (ctx) => {
    const body = parse(magicLinkRequestSchema, ctx.request.body);
    const written = await requestMagicLink(deps, body);
    await deps.waitForProjections(written.position);
    answerMailed(ctx, accountMessages.magicLinkSent);
  });

  // The answer names the address the link signs in as, for "Continue as …".
  getLinkCheck('/api/verify-magic-link', magicLinkTokenSchema, accountMessages.magicLinkInvalid, async (token) => {
    const preview = await checkMagicLink(deps, token);
    return preview && { email: preview.email, purpose: preview.purpose };
  });

  postWithToken('/api/confirm-magic-link', async (ctx) => {
    const body = parse(confirmMagicLinkRequestSchema, ctx.request.body);
    await answerSignedIn(ctx, await confirmMagicLink(deps, { ...body, client: clientInfo(ctx, deps.config) }));
  });

  // "Forgot password?": the answer is sent before the work starts, so it is the same — body,
  // headers and timing — for an address with an account and one without. The work (a reset link
  // or a "no account here" note) is mailed right after; a failure is logged.
  postForAddress('/api/forgot-password', [limits.resetPerIp, limits.resetPerAccount], TOO_MANY.mail, async (ctx) => {
    const body = parse(forgotPasswordRequestSchema, ctx.request.body);
    const log = deps.logger;
    // Started once the answer has left (not merely been queued), so its work cannot slow the answer down.
    ctx.res.once('finish', () => {
      requestPasswordReset(deps, body).catch((error: unknown) => {
        log.error('password reset mail failed', {
          account: sha256Hex(body.email).slice(0, 16),
          error: error instanceof Error ? error.message : String(error),
        });
      });
    });
    answerMailed(ctx, accountMessages.resetSent);
  });

  getLinkCheck('/api/password-reset', resetTokenSchema, accountMessages.resetLinkInvalid, async (token) => {
    const found = await checkResetLink(deps, token);
    return found && { email: found.email };
  });

  postWithToken('/api/reset-password', async (ctx) => {
    const body = parse(resetPasswordRequestSchema, ctx.request.body);
    const opened = await resetPassword(deps, {
      token: body.token,
      newPassword: body.newPassword,
      client: clientInfo(ctx, deps.config),
    });
    if (!opened.notified)
      deps.logger.warn('password reset but the notice e-mail was not sent', { userId: opened.userId });
    await answerSignedIn(ctx, opened);
  });
}
