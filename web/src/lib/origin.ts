import { useSyncExternalStore } from 'react';

/**
 * Written into the prerendered HTML where the site's own origin belongs (canonical URLs, the
 * sitemap, code samples); the server puts its PUBLIC_URL there when it sends the file. Here rather
 * than beside the list of public pages, which the pages that print the origin do not need.
 */
export const PUBLIC_URL_TOKEN = '__JSONABLE_PUBLIC_URL__';

/** The site's own origin, used to print copyable endpoint URLs that work against this deployment. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? PUBLIC_URL_TOKEN : window.location.origin;
}

const noSubscription = () => () => {};

/**
 * The origin the prerendered HTML was sent with: the server writes its PUBLIC_URL into the page's
 * canonical link (and wherever the page printed the origin). Hydration must draw the same.
 */
function servedOrigin(): string {
  if (typeof document === 'undefined') return PUBLIC_URL_TOKEN;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    return canonical ? new URL(canonical).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/**
 * siteOrigin() for rendering: a prerendered page hydrates with the origin it was served with,
 * then shows the one in the address bar (the same, unless the site is reached under another name).
 */
export function useSiteOrigin(): string {
  return useSyncExternalStore(noSubscription, siteOrigin, servedOrigin);
}
