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
