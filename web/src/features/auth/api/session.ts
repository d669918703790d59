/** Sign-in, sign-up, sign-out and magic links (SPEC §7). Each refreshes the cached user. */
import { mutate } from 'swr';
import { api } from '../../../lib/api-client';
import { USER_KEY, fetchUser, parseSessionUser, type SessionUser } from './user';

export interface Credentials { email: string; password: string }

async function refreshUser(fromAnswer: unknown): Promise<SessionUser | null> {
  // Prefer the user in the answer; fall back to asking the server (the cookie is now set).
  let user: SessionUser | null;
  try { user = parseSessionUser(fromAnswer); } catch { user = await fetchUser(); }
  await mutate(USER_KEY, user, { revalidate: false });
  return user;
}

export async function login(creds: Credentials): Promise<SessionUser | null> {
  return refreshUser(await api.post('/api/login', creds));
}

export async function register(creds: Credentials): Promise<SessionUser | null> {
  return refreshUser(await api.post('/api/register', creds));
}

export async function logout(): Promise<void> {
  await api.post('/api/logout');
  await mutate(USER_KEY, null, { revalidate: false });
  // Everything cached belonged to the signed-out user.
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
}

export async function requestMagicLink(email: string): Promise<void> {
  await api.post('/api/magic-link', { email });
}

export async function verifyMagicLink(token: string): Promise<void> {
  await api.get(`/api/verify-magic-link?token=${encodeURIComponent(token)}`);
}

export async function confirmMagicLink(token: string): Promise<SessionUser | null> {
  return refreshUser(await api.post('/api/confirm-magic-link', { token }));
}
