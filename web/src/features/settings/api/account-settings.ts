/** Profile, password and user API key calls (SPEC §7), each refreshing what it changed. */
import useSWR, { mutate } from 'swr';
import { apiKeyPrefixResponseSchema, generatedApiKeyResponseSchema } from '@jsonable/contracts/accounts';
import { api } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/auth';
import { ACCOUNT_KEY } from '../../../lib/api/keys';

export const USER_API_KEY_KEY = '/api/jsonable/user/api-key';

export async function updateProfile(input: { email: string; first_name: string; last_name: string }): Promise<void> {
  await api.patch('/api/jsonable/user', input);
  await Promise.all([mutate(USER_KEY), mutate(ACCOUNT_KEY)]);
}

export async function changePassword(input: {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<void> {
  await api.post('/api/jsonable/change-password', input);
  await mutate(ACCOUNT_KEY);
}

export function useUserApiKey() {
  const { data, error, isLoading } = useSWR(USER_API_KEY_KEY, (path: string) =>
    api.get(path, apiKeyPrefixResponseSchema),
  );
  return { keyInfo: data ?? null, error: error as unknown, isLoading };
}

export class MissingKeyError extends Error {}

/** A new user key, shown this once; the old key stops working. */
export async function generateUserApiKey(): Promise<string> {
  const answer = await api.post(`/api/jsonable/user/generate-api-key`, {});
  const parsed = generatedApiKeyResponseSchema.safeParse(answer);
  if (!parsed.success || !parsed.data.apiKey) throw new MissingKeyError('Invalid response from server');
  await Promise.all([mutate(USER_API_KEY_KEY), mutate(ACCOUNT_KEY)]);
  return parsed.data.apiKey;
}
