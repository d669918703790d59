/** Sign-in, sign-up, sign-out and magic links (SPEC §7). Each refreshes the cached user. */
import type { NavigateFunction } from 'react-router-dom';
import { mutate } from 'swr';
import type { VerifyMagicLinkResponse } from '@jsonable/contracts/accounts';
import { api } from '../api-client';
import { USER_KEY, fetchUser, parseSessionUser, type SessionUser } from './user';

export interface Credentials {
  email: string;
  password: string;
}

async function userIn(answer: unknown): Promise<SessionUser | null> {
  try {
    return await parseSessionUser(answer);
  } catch {
    return null;
  }
}

async function refreshUser(fromAnswer: unknown): Promise<SessionUser | null> {
  // Prefer the user in the answer; fall back to asking the server (the cookie is now set).
  const user = (await userIn(fromAnswer)) ?? (await fetchUser());
  await mutate(USER_KEY, user, { revalidate: false });
  return user;
}

export interface RegisterResult {
  /** Set when the server signed the new account in straight away. */
  user: SessionUser | null;
  /** The server's words, e.g. 'Check your email to finish creating your account.' */
  message: string | null;
}

export async function login(creds: Credentials): Promise<SessionUser | null> {
  return refreshUser(await api.post('/api/login', creds));
}

/**
 * The server may answer with the signed-in user, or (no account enumeration) with the same
 * "check your e-mail" message for new and existing addresses; the caller shows whichever came.
 */
export async function register(creds: Credentials & { confirmPassword?: string }): Promise<RegisterResult> {
  const answer = await api.post('/api/register', creds);
  const user = await userIn(answer);
  if (user) await mutate(USER_KEY, user, { revalidate: false });
  const message =
    answer && typeof answer === 'object' && typeof (answer as { message?: unknown }).message === 'string'
      ? (answer as { message: string }).message
      : null;
  return { user, message };
}

/**
 * Goes to the home page first, then ends the session on the server and clears the cache. In that
 * order a protected screen never sees the user vanish and redirects to /auth instead. The router
 * commits the new screen in a React transition, which clearing the user (an urgent update) can
 * overtake; so the navigation runs with `flushSync`, which puts the router's "navigating" state
 * on screen at once, and ProtectedRoute does not redirect while a navigation is under way. If the
 * server call fails the user is still signed in (nothing was cleared) and the caller shows
 * 'Logout failed'.
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  await navigate('/', { flushSync: true });
  await api.post('/api/logout');
  await mutate(USER_KEY, null, { revalidate: false });
  // Everything cached belonged to the signed-out user.
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
}

export async function requestMagicLink(email: string): Promise<void> {
  await api.post('/api/magic-link', { email });
}

/** Checks a link without using it up: which address it signs in as, and whether it is a sign-up. */
export async function verifyMagicLink(token: string): Promise<VerifyMagicLinkResponse> {
  // The schemas (zod) load with the first call, not with every public page that can sign in.
  const { verifyMagicLinkResponseSchema } = await import('@jsonable/contracts/accounts');
  return api.get(`/api/verify-magic-link?token=${encodeURIComponent(token)}`, verifyMagicLinkResponseSchema);
}

/**
 * Uses the link (after the click). For a sign-up link, `password` is the sign-up's password typed
 * again; without it the account is created without a password.
 */
export async function confirmMagicLink(token: string, password?: string): Promise<SessionUser | null> {
  const user = await refreshUser(
    await api.post('/api/confirm-magic-link', password === undefined ? { token } : { token, password }),
  );
  // Whatever was cached belonged to the session this browser had before (maybe another account).
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
  return user;
}

/** "Forgot password?": the server answers the same for every address. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await api.post('/api/forgot-password', { email });
  const message = answer && typeof answer === 'object' ? (answer as { message?: unknown }).message : null;
  return typeof message === 'string' ? message : '';
}

export async function checkResetLink(token: string): Promise<{ email: string }> {
  const { checkResetLinkResponseSchema } = await import('@jsonable/contracts/accounts');
  return api.get(`/api/password-reset?token=${encodeURIComponent(token)}`, checkResetLinkResponseSchema);
}

/** Sets the new password; the server signs this browser in on a new session. */
export async function resetPassword(input: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<SessionUser | null> {
  const user = await refreshUser(await api.post('/api/reset-password', input));
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
  return user;
}
