/**
 * The account rules the web app checks as the visitor types (bounds, messages, the address
 * check), with no zod: the public pages import these without the schemas of accounts.ts, which
 * re-exports them (issue 26: zod stays out of the first load).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

export const accountMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordsDontMatch: "Passwords don't match",
  passwordMismatch: 'Password Mismatch: New password and confirmation do not match.',
  loginRequired: 'Email and password are required',
  invalidCredentials: 'Invalid email or password',
  /** The right password for a sign-up whose e-mail link was not opened yet. */
  confirmEmailFirst:
    'Please confirm your email address first: open the link we sent you, or register again to get a new one.',
  currentPasswordWrong: 'Current password is incorrect',
  emailReadOnly: 'Email cannot be changed',
  magicLinkInvalid: 'This magic link is invalid or has expired.',
  noToken: 'No token provided',
  notAuthenticated: 'Not authenticated',
  registerSent: 'Check your email to finish creating your account.',
  magicLinkSent: 'Magic link sent. Check your email for a sign-in link.',
  /** Confirming a sign-up with a password that is not the one chosen at sign-up (the link stays valid). */
  signUpPasswordWrong:
    'That is not the password chosen at sign-up. Type it again, or continue without a password and set one later.',
  resetSent: 'If an account uses this address, we sent it a link to reset the password. Check your email.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one.',
  sessionNotFound: 'Session not found',
} as const;

/** Trimmed and lower-cased: one address, one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// A pragmatic address check (what browsers' type=email accept, without quoted local parts):
// something@label.label, no spaces, no consecutive dots in the domain.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_RE.test(email);
}
