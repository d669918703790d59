/** The site's own origin, used to print copyable endpoint URLs that work against this deployment. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? 'https://jsonable.dev' : window.location.origin;
}
