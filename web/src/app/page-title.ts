/**
 * The browser tab's title for each screen (WCAG 2.4.2 Page Titled): every tab read "Jsonable —
 * JSON to table images", so a user with several open could not tell them apart, and a screen
 * reader announced the same title on every navigation.
 */
const SITE = 'Jsonable';
export const HOME_TITLE = 'Jsonable — JSON to table images';

const TITLES: Record<string, string> = {
  '/auth/verify': 'Signing you in',
  '/auth/reset-password': 'Choose a new password',
  '/dashboard': 'Dashboard',
  '/app': 'Create New Image',
  '/settings': 'Settings',
  '/subscribe': 'Upgrade your plan',
  '/manage-subscription': 'Manage Subscription',
  '/documentation': 'Documentation',
  '/api-reference': 'API Reference',
  '/docs': 'API Docs',
  '/api-docs': 'API Docs',
  '/make-integration': 'Make integration',
  '/n8n-integration': 'n8n integration',
  '/zapier-integration': 'Zapier integration',
  '/gumloop-integration': 'Gumloop integration',
  '/examples': 'Examples',
  '/about': 'About',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
};

/** Paths that redirect: their target sets the title. */
const REDIRECTS = new Set(['/login', '/register', '/json-guide', '/api-reference-page']);

export function pageTitle(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return HOME_TITLE;
  if (REDIRECTS.has(path)) return null;
  if (path === '/auth') {
    const tab = new URLSearchParams(search).get('tab');
    return `${tab === 'register' ? 'Create your account' : tab === 'forgot' ? 'Reset your password' : 'Sign in'} — ${SITE}`;
  }
  if (/^\/projects\/[^/]+\/styles$/.test(path)) return `Project styles — ${SITE}`;
  const title = TITLES[path];
  return `${title ?? 'Page Not Found'} — ${SITE}`;
}
