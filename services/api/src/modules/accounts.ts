/**
 * The accounts context: sign-up, sign-in (password and magic link), password recovery, sessions,
 * profile, settings, user API key. The decisions a client or an operator needs to know:
 *
 * - Sign-up confirms the address first. POST /api/register answers
 *   `{ success: true, message: 'Check your email to finish creating your account.' }` for a new
 *   and for a taken address alike, and sets no cookie. A new address gets a confirmation link; a
 *   taken address's owner gets a "you already have an account" note with a sign-in link, and the
 *   owner's password is never touched.
 * - Pre-registration takeover is closed by this design: confirming a sign-up link proves control
 *   of the address, not knowledge of the sign-up's password. /auth/verify asks the person
 *   confirming to type that password again (POST /api/confirm-magic-link `{ token, password }`);
 *   only then does the account get it. Without `password` the account is created without one
 *   (the page offers "Continue without a password"), and its fresh session may set one.
 *   A wrong `password` answers 401 and leaves the link usable.
 * - Links confirm only on a click: GET /api/verify-magic-link only reads and answers
 *   `{ success, valid, email, purpose }` so the page can say "Continue as …" (and warn when another
 *   account is signed in: confirming signs that session out). Links work once; sign-in and sign-up
 *   links expire after 24 hours, reset links after 1 hour. A password change, a reset and every
 *   link sign-in retire all other outstanding links of the account (MagicLinksRetired).
 * - Password recovery: POST /api/forgot-password `{ email }` answers the same for every address
 *   before doing any work, then mails a reset link (or, to an address without an account, a note
 *   saying so). GET /api/password-reset?token= reads; POST /api/reset-password
 *   `{ token, newPassword, confirmPassword? }` sets the password, signs out every session, retires
 *   every link and signs the caller in on a new session.
 * - POST /api/jsonable/change-password needs `currentPassword`, except for an account without a
 *   password and in a session an e-mailed link opened less than 15 minutes ago
 *   (GET /api/jsonable/sessions' `passwordWithoutCurrentUntil`).
 * - Sessions: a random 256-bit id in an HttpOnly, SameSite=Lax cookie (Secure and `__Host-` with
 *   SECURE_COOKIES), a new id at every sign-in (the browser's previous session is revoked),
 *   30 days absolute lifetime, revoked server-side at logout. GET /api/jsonable/sessions lists the
 *   open ones (created, last seen — moved at most every 5 minutes by a SessionSeen event —,
 *   User-Agent, IPv4 /24 or IPv6 /48); DELETE /api/jsonable/sessions/{id} and POST
 *   /api/jsonable/sessions/sign-out-others sign out. A password change or reset revokes every
 *   session and hands the caller a new one, and e-mails the owner.
 * - POST /api/login, POST /api/confirm-magic-link and GET /api/user answer the user object itself
 *   (SPEC §3 names, no secrets); errors use the envelope. Unknown address, password-less account
 *   and wrong password all give 401 'Invalid email or password' after the same argon2 work.
 * - GET /api/jsonable/user/api-key shows `{ success: true, apiKey: 'jsk_AbCdEfGh…' | null, hasKey }`:
 *   the prefix only. The full key (`jsk_` + 43 base64url characters) is in the answer of
 *   POST /api/jsonable/user/generate-api-key once; the previous key stops working before it.
 * - Rate limits (limits.ts) per address/account, per user and per client IP; 429 with Retry-After.
 */
import { accountsProjections } from '@jsonable/read-models/accounts/index';
import type { ApiModule } from '../module';
import { defaultAccountsLimits, type AccountsLimits } from '../routes/accounts/limits';
import { profileRoutes } from '../routes/accounts/profile.routes';
import { sessionsRoutes } from '../routes/accounts/sessions.routes';
import { signInRoutes } from '../routes/accounts/sign-in.routes';

export interface AccountsModuleOptions {
  /** Overrides of the rate limits (tests use small or large ones). */
  limits?: Partial<AccountsLimits>;
}

export function createAccountsModule(options: AccountsModuleOptions = {}): ApiModule {
  const limits: AccountsLimits = { ...defaultAccountsLimits, ...options.limits };
  return {
    name: 'accounts',
    projections: accountsProjections,
    routes(router, deps) {
      signInRoutes(router, deps, limits);
      profileRoutes(router, deps, limits);
      sessionsRoutes(router, deps, limits);
    },
  };
}

export const accountsModule: ApiModule = createAccountsModule();
