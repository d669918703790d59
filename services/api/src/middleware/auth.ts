/**
 * Who is calling: a session cookie (the web app) or an API key (the public API).
 *
 * Sessions: the cookie holds a random 256-bit id; only its SHA-256 hash is stored. HttpOnly,
 * SameSite=Lax, Path=/, Secure (and the `__Host-` name prefix) when SECURE_COOKIES. Absolute
 * lifetime of 30 days; logout and a password change revoke server-side. Every unsafe request
 * authenticated by the cookie also passes the CSRF checks (csrf.ts).
 *
 * API keys: `Authorization: Bearer <key>`, `X-API-Key: <key>` or `?api_key=<key>`, looked up by
 * SHA-256 hash among user keys (api_keys) and project keys (project_keys).
 */
import type { Middleware, ParameterizedContext } from 'koa';
import { accountMessages } from '@jsonable/contracts/accounts';
import { UnauthorizedError } from '@jsonable/domain/errors';
import { SESSION_SEEN_INTERVAL_MS, SESSION_TTL_MS, type ClientInfo } from '@jsonable/domain/accounts/accounts.decider';
import { touchSession } from '@jsonable/domain/accounts/accounts.handlers';
import { sha256Hex, USER_KEY_PREFIX } from '@jsonable/domain/accounts/secrets';
import { PROJECT_KEY_PREFIX } from '@jsonable/domain/projects/projects.handlers';
import { findKeyByHash } from '@jsonable/read-models/accounts/api-keys.queries';
import { getUserById, type UserDoc } from '@jsonable/read-models/accounts/users.queries';
import { findActiveSession } from '@jsonable/read-models/accounts/sessions.queries';
import type { SessionDoc } from '@jsonable/read-models/accounts/sessions.projection';
import type { AppConfig, AppDeps } from '../deps';
import type { AppState, Principal } from '../module';
import { clientIp, coarseIp } from './client-ip';
import { assertSameSiteJson } from './csrf';

type Ctx = ParameterizedContext<AppState>;
type AccountDeps = Pick<AppDeps, 'readModels' | 'eventStore' | 'waitForProjections'>;
type AuthDeps = AccountDeps & Pick<AppDeps, 'clock' | 'config' | 'ids' | 'logger'>;

const USER_AGENT_MAX = 256;

/** What the sessions list remembers of the browser: its User-Agent (cut) and a coarse address. */
export function clientInfo(ctx: Ctx, config: Pick<AppConfig, 'trustProxy'>): ClientInfo {
  const userAgent = ctx
    .get('User-Agent')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, USER_AGENT_MAX);
  return { userAgent: userAgent || null, ip: coarseIp(clientIp(ctx, config.trustProxy)) };
}

export const API_KEY_MESSAGE = 'Invalid or missing API key. Please check your API key.';
/** Session ids and keys are base64url; anything else is not worth a look-up. */
const SESSION_ID = /^[A-Za-z0-9_-]{32,128}$/;
const MAX_KEY_LENGTH = 200;

export function sessionCookieName(config: Pick<AppConfig, 'secureCookies'>): string {
  // `__Host-` makes browsers refuse the cookie unless Secure, Path=/ and host-only.
  return config.secureCookies ? '__Host-jsonable_session' : 'jsonable_session';
}

function serializeCookie(config: Pick<AppConfig, 'secureCookies'>, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${sessionCookieName(config)}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

/** Written by hand: koa's cookies refuse `Secure` on a plain-HTTP hop behind a TLS proxy. */
export function setSessionCookie(ctx: Ctx, config: Pick<AppConfig, 'secureCookies'>, sessionId: string): void {
  ctx.append('Set-Cookie', serializeCookie(config, sessionId, Math.floor(SESSION_TTL_MS / 1000)));
  ctx.set('Cache-Control', 'no-store');
}

export function clearSessionCookie(ctx: Ctx, config: Pick<AppConfig, 'secureCookies'>): void {
  ctx.append('Set-Cookie', serializeCookie(config, '', 0));
}

export function readSessionId(ctx: Ctx, config: Pick<AppConfig, 'secureCookies'>): string | null {
  const header = ctx.get('Cookie');
  if (!header) return null;
  const name = sessionCookieName(config);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return SESSION_ID.test(value) ? value : null;
    }
  }
  return null;
}

async function findSession(
  deps: Pick<AuthDeps, 'readModels' | 'clock' | 'config'>,
  ctx: Ctx,
): Promise<SessionDoc | null> {
  const sessionId = readSessionId(ctx, deps.config);
  if (!sessionId) return null;
  return findActiveSession(deps.readModels, sha256Hex(sessionId), deps.clock.now());
}

/**
 * An account as the read side knows it. Right after sign-up the users projection may be a moment
 * behind the session; wait for it once before giving up.
 */
export async function loadAccount(deps: AccountDeps, userId: string): Promise<UserDoc> {
  let user = await getUserById(deps.readModels, userId);
  if (!user) {
    await deps.waitForProjections(await deps.eventStore.headPosition());
    user = await getUserById(deps.readModels, userId);
  }
  if (!user) throw new UnauthorizedError('Unknown account');
  return user;
}

/** Who is calling, and their account, looked up on first use and kept for the request (AppState.account). */
function authenticate(deps: AccountDeps, ctx: Ctx, principal: Principal): void {
  let account: Promise<UserDoc> | undefined;
  ctx.state.principal = principal;
  ctx.state.account = () => (account ??= loadAccount(deps, principal.userId));
}

/** The principal of the request's session cookie, or null (no cookie, unknown, revoked or expired). */
export async function resolveSession(
  deps: Pick<AuthDeps, 'readModels' | 'clock' | 'config'>,
  ctx: Ctx,
): Promise<Principal | null> {
  const session = await findSession(deps, ctx);
  return session ? { userId: session.userId, via: 'session', sessionHash: session.id } : null;
}

/**
 * The session's "last seen" for the sessions list: a SessionSeen event when the last one is older
 * than a few minutes. A failure here never fails the request it rides on.
 */
async function noteSeen(deps: AuthDeps, ctx: Ctx, session: SessionDoc): Promise<void> {
  const lastSeen = session.lastSeenAt ?? session.createdAt;
  if (deps.clock.now().getTime() - Date.parse(lastSeen) < SESSION_SEEN_INTERVAL_MS) return;
  try {
    await touchSession(deps, { userId: session.userId, sessionHash: session.id, ip: clientInfo(ctx, deps.config).ip });
  } catch (error) {
    deps.logger.warn('could not record a session as seen', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** 401 'Not authenticated' without a valid session; unsafe methods must also pass the CSRF checks. */
export function requireSession(deps: AuthDeps): Middleware<AppState> {
  return async (ctx, next) => {
    assertSameSiteJson(ctx, deps.config);
    const session = await findSession(deps, ctx);
    if (!session) throw new UnauthorizedError(accountMessages.notAuthenticated);
    authenticate(deps, ctx, { userId: session.userId, via: 'session', sessionHash: session.id });
    ctx.set('Cache-Control', 'no-store');
    await noteSeen(deps, ctx, session);
    await next();
  };
}

/** Sets the principal when a valid session is present; never refuses. Unsafe methods are CSRF-checked when it is. */
export function optionalSession(deps: AuthDeps): Middleware<AppState> {
  return async (ctx, next) => {
    const session = await findSession(deps, ctx);
    const principal: Principal | null = session
      ? { userId: session.userId, via: 'session', sessionHash: session.id }
      : null;
    if (session && principal) {
      assertSameSiteJson(ctx, deps.config);
      authenticate(deps, ctx, principal);
      ctx.set('Cache-Control', 'no-store');
      await noteSeen(deps, ctx, session);
    }
    await next();
  };
}

/**
 * The raw key from the Authorization Bearer header, the X-API-Key header or the api_key query
 * parameter. Some no-code tools put the key in Authorization without the scheme: a bare value
 * that looks like one of our keys (`jsk_…`, `jp_…`) counts too.
 */
export function extractApiKey(ctx: Ctx): string | null {
  const authorization = ctx.get('Authorization');
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization);
  if (bearer?.[1]) return bearer[1].trim();
  const bare = authorization.trim();
  if (!/\s/.test(bare) && (bare.startsWith(USER_KEY_PREFIX) || bare.startsWith(PROJECT_KEY_PREFIX))) return bare;
  const header = ctx.get('X-API-Key');
  if (header) return header.trim();
  const query = ctx.query.api_key;
  const value = Array.isArray(query) ? query[0] : query;
  return value ? value.trim() : null;
}

/** The principal a raw key authenticates, or null. */
export async function resolveApiKey(deps: Pick<AppDeps, 'readModels'>, rawKey: string): Promise<Principal | null> {
  if (rawKey.length === 0 || rawKey.length > MAX_KEY_LENGTH) return null;
  const found = await findKeyByHash(deps.readModels, sha256Hex(rawKey));
  if (!found) return null;
  return found.kind === 'user'
    ? { userId: found.userId, via: 'user_key' }
    : { userId: found.userId, via: 'project_key', projectId: found.projectId };
}

/** 401 with 'check your API key' unless a valid user or project key is sent. */
export function requireApiKey(deps: AccountDeps): Middleware<AppState> {
  return async (ctx, next) => {
    const raw = extractApiKey(ctx);
    const principal = raw ? await resolveApiKey(deps, raw) : null;
    if (!principal) throw new UnauthorizedError(API_KEY_MESSAGE);
    authenticate(deps, ctx, principal);
    await next();
  };
}

/** No key: goes on without a principal. A key that is sent must be valid (401 otherwise). */
export function optionalApiKey(deps: AccountDeps): Middleware<AppState> {
  return async (ctx, next) => {
    const raw = extractApiKey(ctx);
    if (raw) {
      const principal = await resolveApiKey(deps, raw);
      if (!principal) throw new UnauthorizedError(API_KEY_MESSAGE);
      authenticate(deps, ctx, principal);
    }
    await next();
  };
}

/**
 * An API key (user or project) when one is sent — it must then be valid — otherwise the session
 * cookie (with its CSRF checks): the routes both automations and the dashboard call.
 */
export function requireApiKeyOrSession(deps: AuthDeps): Middleware<AppState> {
  const apiKey = requireApiKey(deps);
  const session = requireSession(deps);
  return (ctx, next) => (extractApiKey(ctx) ? apiKey(ctx, next) : session(ctx, next));
}
