/**
 * CORS for the public, key-authenticated API and the public files, so a developer can call the
 * API from a web page and draw a returned image on a canvas. Credentials are never allowed: these
 * routes authenticate by API key (or not at all), and the cookie-authenticated routes get no CORS
 * headers, so a cross-origin page can neither read their answers nor send them JSON (the
 * preflight is not granted; see csrf.ts).
 */
import type { Middleware } from 'koa';
import type { AppState } from '../module';

interface PublicRoute {
  pattern: RegExp;
  methods: string;
}

const PUBLIC_ROUTES: readonly PublicRoute[] = [
  // Generate and preview with an API key, and a project's own endpoint.
  { pattern: /^\/api\/(?:jsonable\/)?table-to-image(?:\/preview)?\/?$/, methods: 'POST, OPTIONS' },
  { pattern: /^\/api\/jsonable\/p\/[^/]+\/?$/, methods: 'POST, OPTIONS' },
  // Stored images, previews and the status: public reads.
  { pattern: /^\/api\/(?:jsonable\/)?(?:images|previews)\/[^/]+$/, methods: 'GET, HEAD, OPTIONS' },
  { pattern: /^\/api\/jsonable\/status\/?$/, methods: 'GET, HEAD, OPTIONS' },
];

const ALLOW_HEADERS = 'Authorization, Content-Type, X-API-Key, Idempotency-Key';
const EXPOSE_HEADERS = 'Idempotent-Replayed, Retry-After, X-Request-Id, ETag, Content-Disposition, Link, X-Total-Count';

export function publicApiCors(): Middleware<AppState> {
  return async (ctx, next) => {
    const route = PUBLIC_ROUTES.find((r) => r.pattern.test(ctx.path));
    if (!route) return next();
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      // A preflight: answered here, before authentication (browsers send it without the key).
      ctx.set('Access-Control-Allow-Methods', route.methods);
      ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    await next();
  };
}
