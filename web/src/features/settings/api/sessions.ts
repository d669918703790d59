/** Settings → Security's sessions (GET/DELETE /api/jsonable/sessions, POST …/sign-out-others). */
import useSWR, { mutate } from 'swr';
import { sessionsResponseSchema, type SessionsResponse } from '@jsonable/contracts/accounts';
import { api, apiPage, LIST_PAGE_MAX } from '../../../lib/api-client';

export const SESSIONS_KEY = '/api/jsonable/sessions';

/**
 * Every open session: the list pages (issue #30), and an account has few sessions (sign-ins are
 * rate-limited, sessions expire after 30 days), so the screen follows the pages to the end —
 * usually one page of the largest size.
 */
async function allSessions(path: string): Promise<SessionsResponse> {
  const first = await apiPage(`${path}?limit=${LIST_PAGE_MAX}`, sessionsResponseSchema);
  const sessions = [...first.items.sessions];
  let next = first.next;
  for (let pages = 1; next && pages < 100; pages++) {
    const page = await apiPage(next, sessionsResponseSchema);
    sessions.push(...page.items.sessions);
    next = page.next;
  }
  return { ...first.items, sessions };
}

export function useSessions() {
  const { data, error, isLoading } = useSWR<SessionsResponse>(SESSIONS_KEY, allSessions);
  return {
    sessions: data?.sessions ?? [],
    passwordWithoutCurrentUntil: data?.passwordWithoutCurrentUntil ?? null,
    error: error as unknown,
    isLoading,
  };
}

export async function signOutSession(id: string): Promise<{ current: boolean }> {
  const answer = await api.delete<{ current?: boolean }>(`${SESSIONS_KEY}/${encodeURIComponent(id)}`);
  await mutate(SESSIONS_KEY);
  return { current: answer?.current === true };
}

export async function signOutOtherSessions(): Promise<number> {
  const answer = await api.post<{ signedOut?: number }>(`${SESSIONS_KEY}/sign-out-others`, {});
  await mutate(SESSIONS_KEY);
  return answer?.signedOut ?? 0;
}

/** A short name for a browser from its User-Agent ("Firefox on Linux"), or null when it says too little. */
export function describeUserAgent(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//.test(ua)
              ? 'curl'
              : null;
  const os = /iPhone|iPad|iOS/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}
