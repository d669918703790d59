import { useEffect } from 'react';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './routes';

/**
 * Loads the lazy pages the current URL shows before the router starts, so the first render is the
 * page itself — the same markup as the prerendered HTML it hydrates — rather than a fallback.
 */
export async function createAppRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((m) => m.route.lazy)
      .map(async (m) => {
        const lazy = m.route.lazy as () => Promise<Partial<RouteObject>>;
        Object.assign(m.route, { ...(await lazy()), lazy: undefined });
      }),
  );
  return createBrowserRouter(routes);
}

export function App({ router }: { router: Awaited<ReturnType<typeof createAppRouter>> }) {
  // Marks the document once React runs the page (after hydration of a prerendered one), so tools
  // that inspect the finished page (the browser tests' accessibility checks) can wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
