/**
 * Cross-site request forgery protection for cookie-authenticated calls (ASVS 4.2.2, 13.2.x).
 *
 * The session cookie is SameSite=Lax, which already keeps it off cross-site POSTs in current
 * browsers; these checks do not rely on that alone:
 * - a browser that says the request is cross-site (`Sec-Fetch-Site: cross-site`) is refused (403);
 * - an `Origin` that is neither PUBLIC_URL's origin nor the origin the request was sent to is
 *   refused (403) — this covers older browsers without Fetch Metadata and sibling sub-domains;
 * - a body must be JSON (415 otherwise): HTML forms can only send urlencoded, multipart and
 *   text/plain bodies, and a cross-origin JSON request needs a CORS preflight we never grant.
 */
import type { Middleware, ParameterizedContext } from 'koa';
import { ForbiddenError, UnsupportedMediaTypeError } from '@jsonable/domain/errors';
import type { AppConfig } from '../deps';
import type { AppState } from '../module';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';
export const JSON_ONLY_MESSAGE = 'Content-Type must be application/json';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

function hasBody(ctx: ParameterizedContext<AppState>): boolean {
  const length = ctx.get('Content-Length');
  if (ctx.get('Transfer-Encoding')) return true;
  return length !== '' && length !== '0';
}

/** Throws 403/415 unless an unsafe request comes from our own site with a JSON body (or none). */
export function assertSameSiteJson(ctx: ParameterizedContext<AppState>, config: Pick<AppConfig, 'publicUrl'>): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  if (ctx.get('Sec-Fetch-Site').toLowerCase() === 'cross-site') throw new ForbiddenError(CROSS_SITE_MESSAGE);
  const origin = ctx.get('Origin');
  if (origin) {
    const allowed = [originOf(config.publicUrl), originOf(`${ctx.protocol}://${ctx.host}`)];
    if (origin === 'null' || !allowed.includes(originOf(origin))) throw new ForbiddenError(CROSS_SITE_MESSAGE);
  }
  if (hasBody(ctx) && !ctx.is('application/json')) throw new UnsupportedMediaTypeError(JSON_ONLY_MESSAGE);
}

/** Middleware form, for cookie-setting routes that run before a session exists (login, register, …). */
export function csrfProtection(config: Pick<AppConfig, 'publicUrl'>): Middleware<AppState> {
  return async (ctx, next) => {
    assertSameSiteJson(ctx, config);
    await next();
  };
}
