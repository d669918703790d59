/**
 * The signed-in user (GET /api/user). 401 means "signed out" and gives null (SPEC §7); any other
 * failure is an error. The schema is lenient about extra fields but insists on what the web
 * app reads.
 */
import useSWR from 'swr';
import { z } from 'zod';
import { ApiError, apiRequest } from '../api-client';

export const sessionUserSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  username: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  current_plan_tier: z.string().nullish(),
  usage_count: z.number().nullish(),
  usage_reset_date: z.string().nullish(),
  stripe_subscription_id: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const USER_KEY = '/api/user';

/** Some handlers wrap the user as `{ user }`; accept both shapes. */
export function parseSessionUser(json: unknown): SessionUser {
  const inner = json && typeof json === 'object' && 'user' in json ? (json as { user: unknown }).user : json;
  return sessionUserSchema.parse(inner);
}

export async function fetchUser(): Promise<SessionUser | null> {
  try {
    const json = await apiRequest(USER_KEY);
    return json === null ? null : parseSessionUser(json);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<SessionUser | null>(USER_KEY, fetchUser);
  return { user: data ?? null, error: error as unknown, isLoading, mutate };
}
