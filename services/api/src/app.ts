import Router from '@koa/router';
import Koa from 'koa';
import type { AppDeps } from './deps';
import { parsesBodyOnMatchedRoutes } from './middleware/body';
import { publicApiCors } from './middleware/cors';
import { apiFallback, errorHandler } from './middleware/errors';
import { metricsRoute } from './metrics';
import { requestId } from './middleware/request-id';
import { securityHeaders } from './middleware/security-headers';
import { serveWebApp } from './middleware/static';
import type { ApiModule, AppState } from './module';
import { statusRoutes } from './routes/status';

/**
 * Builds the HTTP application from injected dependencies and the context modules. It never
 * listens: main.ts/server.ts do, tests drive it with supertest.
 */
export function createApp(deps: AppDeps, modules: ApiModule[]): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = deps.config.trustProxy;
  // Errors are answered and logged by errorHandler; Koa's default handler would print them again.
  app.silent = true;

  if (deps.metrics) app.use(deps.metrics.http());
  app.use(requestId(deps.logger));
  app.use(securityHeaders());
  if (deps.metrics && deps.config.metricsToken) app.use(metricsRoute(deps.metrics, deps.config.metricsToken));
  // Before the error handler, so error answers of the public API carry the CORS headers too.
  app.use(publicApiCors());
  app.use(errorHandler(deps.logger));
  app.use(apiFallback());
  if (deps.config.webDist) app.use(serveWebApp(deps.config.webDist, { publicUrl: deps.config.publicUrl }));

  const router = new Router<AppState>();
  // Bodies are read only for a route that takes one (an unknown path's body is never parsed),
  // and after the guards of routes that read it themselves (middleware/body.ts: readBody).
  router.use(parsesBodyOnMatchedRoutes(deps.config.bodyLimitBytes));
  statusRoutes(router, deps);
  for (const module of modules) module.routes?.(router, deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
