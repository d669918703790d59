/**
 * The route table (SPEC §2). Public pages live here; the dashboard half adds its screens in
 * signed-in-routes.tsx. Pages load lazily so the landing page does not ship the docs.
 */
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Layout, PageTitle, ScrollManager } from '../components/layout/Layout';
import { PageSpinner, ProtectedRoute } from './ProtectedRoute';
import { bareRoutes, memberRoutes, signedInRoutes } from './signed-in-routes';
import { RouteError } from './RouteError';
import { withDeferred } from '../lib/deferred';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await withDeferred(load())).default }),
});

export const publicRoutes: RouteObject[] = [
  { index: true, ...page(() => import('../pages/LandingPage')) },
  { path: 'auth', ...page(() => import('../pages/AuthPage')) },
  { path: 'auth/verify', ...page(() => import('../pages/VerifyMagicLinkPage')) },
  { path: 'auth/reset-password', ...page(() => import('../pages/ResetPasswordPage')) },
  { path: 'login', element: <Navigate to="/auth" replace /> },
  { path: 'register', element: <Navigate to="/auth?tab=register" replace /> },
  { path: 'documentation', ...page(() => import('../pages/DocumentationPage')) },
  { path: 'json-guide', element: <Navigate to="/documentation#json-guide" replace /> },
  { path: 'api-reference', ...page(() => import('../pages/ApiReferencePage')) },
  { path: 'api-reference-page', element: <Navigate to="/api-reference" replace /> },
  { path: 'docs', ...page(() => import('../pages/ApiDocsPage')) },
  { path: 'api-docs', ...page(() => import('../pages/ApiDocsPage')) },
  { path: 'make-integration', ...page(() => import('../pages/integrations/MakeIntegrationPage')) },
  { path: 'n8n-integration', ...page(() => import('../pages/integrations/N8nIntegrationPage')) },
  { path: 'zapier-integration', ...page(() => import('../pages/integrations/ZapierIntegrationPage')) },
  { path: 'gumloop-integration', ...page(() => import('../pages/integrations/GumloopIntegrationPage')) },
  { path: 'examples', ...page(() => import('../pages/ExamplesPage')) },
  { path: 'about', ...page(() => import('../pages/AboutPage')) },
];

/** Pages with their own minimal header (Log In / Sign Up, Back to Home). */
export const legalRoutes: RouteObject[] = [
  { path: 'terms', ...page(() => import('../pages/legal/TermsPage')) },
  { path: 'privacy', ...page(() => import('../pages/legal/PrivacyPage')) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    // Every screen: scroll to the top on navigation, or to the #anchor when there is one; its own title.
    element: (
      <>
        <ScrollManager />
        <PageTitle />
        <Outlet />
      </>
    ),
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      {
        element: <Layout />,
        children: [
          ...publicRoutes,
          ...memberRoutes,
          { element: <ProtectedRoute />, children: signedInRoutes },
          { path: '*', ...page(() => import('../pages/NotFoundPage')) },
        ],
      },
      ...legalRoutes,
      ...bareRoutes,
    ],
  },
];
