/**
 * Routes owned by the dashboard half of the app (issue 8). routes.tsx mounts them:
 * - `signedInRoutes` inside the site layout behind ProtectedRoute (spinner, then /auth when signed out);
 * - `memberRoutes` inside the site layout without the guard, for screens that handle the
 *   signed-out case themselves (e.g. Settings shows Not Authorized).
 * - `bareRoutes` outside the site layout (screens with their own header, such as /app).
 */
import type { RouteObject } from 'react-router-dom';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const signedInRoutes: RouteObject[] = [
  { path: 'dashboard', ...page(() => import('../pages/DashboardPage')) },
  { path: 'projects/:id/styles', ...page(() => import('../pages/ProjectStylesPage')) },
  { path: 'subscribe', ...page(() => import('../pages/SubscribePage')) },
  { path: 'manage-subscription', ...page(() => import('../pages/ManageSubscriptionPage')) },
];
export const memberRoutes: RouteObject[] = [{ path: 'settings', ...page(() => import('../pages/SettingsPage')) }];
export const bareRoutes: RouteObject[] = [{ path: 'app', ...page(() => import('../pages/CreateImagePage')) }];

/**
 * The signed-in screens' page modules, as Vite's manifest names them. The build writes each a copy
 * of the client-rendered shell that preloads the screen's chunks (web/build/prerender.ts), so the
 * browser fetches them alongside the main bundle instead of after it has run and matched the route:
 * the dashboard's ~40 chunks were the critical path to its first image (docs/benchmarks.md).
 */
export const signedInShells: Array<{ path: string; module: string }> = [
  { path: '/dashboard', module: 'src/pages/DashboardPage.tsx' },
  { path: '/projects/:id/styles', module: 'src/pages/ProjectStylesPage.tsx' },
  { path: '/subscribe', module: 'src/pages/SubscribePage.tsx' },
  { path: '/manage-subscription', module: 'src/pages/ManageSubscriptionPage.tsx' },
  { path: '/settings', module: 'src/pages/SettingsPage.tsx' },
  { path: '/app', module: 'src/pages/CreateImagePage.tsx' },
];
