/**
 * The signed-in user (GET /api/user). 401 means "signed out" and gives null (SPEC §7); any other
 * failure is an error. The schema is lenient about extra fields but insists on what the web
 * app reads.
 */
import useSWR, { preload } from 'swr';
import type { SessionUser } from './user-schema';
import { ApiError, apiRequest } from '../api-client';

export type { SessionUser };

export const USER_KEY = '/api/user';

/** Some handlers wrap the user as `{ user }`; accept both shapes. */
export async function parseSessionUser(json: unknown): Promise<SessionUser> {
  const inner = json && typeof json === 'object' && 'user' in json ? (json as { user: unknown }).user : json;
  const { sessionUserSchema } = await import('./user-schema');
  return sessionUserSchema.parse(inner);
}

export async function fetchUser(): Promise<SessionUser | null> {
  // The schema's code loads while the request is under way, not after it.
  void import('./user-schema');
  try {
    const json = await apiRequest(USER_KEY);
    return json === null ? null : await parseSessionUser(json);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Starts the session check ahead of the first useUser (SWR shares the one request). */
export function preloadUser(): void {
  void preload(USER_KEY, fetchUser);
}

export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<SessionUser | null>(USER_KEY, fetchUser);
  return { user: data ?? null, error: error as unknown, isLoading, mutate };
}
