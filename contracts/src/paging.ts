/**
 * The parts of paged lists (lists.ts) that the web app's API client needs on every page, without
 * zod: the largest page and the Link header's next target (issue 26: zod stays out of the first
 * load). lists.ts re-exports both.
 */
/** The largest `limit`; above it the request is refused (400) rather than silently cut. */
export const LIST_PAGE_MAX = 400;

/** The `rel="next"` target of a Link header, or null (the last page). */
export function nextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/.test(match[2]!)) return match[1]!;
  }
  return null;
}
