/**
 * The prerender entry (built by Vite for Node, run by web/build/prerender.ts at build time): renders
 * one public page of the route table to HTML, with the Chakra/emotion styles it uses, so the page
 * is styled at its first paint; main.tsx then hydrates it.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { loadDeferred } from './lib/deferred';

export { publicPages, PUBLIC_URL_TOKEN } from './app/public-pages';
export type { PublicPage } from './app/public-pages';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** <style data-emotion> tags for the head: what the page's components use, no more. */
  styles: string;
  /** The components' rules of `styles` one emotion id at a time, in its order (web/build/inline-styles.ts). */
  componentStyles: Array<{ id: string; css: string }>;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`prerender: ${path} answers a redirect (${context.status}), not a page`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  // The page's deferred parts (lib/deferred.tsx) are in the HTML in full.
  await loadDeferred();
  const router = createStaticRouter(handler.dataRoutes, context);
  // Emotion's own cache key ('css'), so the client's default cache finds these styles and does not
  // insert them a second time; compat: no inline <style> next to each element (they go in the head).
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProvider>
        {/* No router state to hand over (no loaders), and no inline script under the CSP. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </CacheProvider>,
  );
  const chunks = server.extractCriticalToChunks(html);
  const regular = chunks.styles.find((chunk) => chunk.key === cache.key);
  return {
    html,
    styles: server.constructStyleTagsFromChunks(chunks),
    componentStyles: (regular?.ids ?? []).map((id) => ({ id, css: String(cache.inserted[id]) })),
  };
}

/**
 * Every path pattern the route table answers, other than the catch-all: the server sends the
 * client-rendered shell for these (signed-in screens, redirects) and the 404 page for the rest.
 */
export function routePatterns(list: RouteObject[] = routes, base = ''): string[] {
  const out: string[] = [];
  for (const r of list) {
    if (r.path === '*') continue;
    const path = r.path === undefined ? base : r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
    if (r.index || (r.path !== undefined && !r.children)) out.push(path || '/');
    if (r.children) out.push(...routePatterns(r.children, path));
  }
  return [...new Set(out)];
}
