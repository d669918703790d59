/**
 * The accounts context: sign-up, sign-in (password and magic link), sessions, profile, settings,
 * user API key. The decisions a client or an operator needs to know:
 *
 * - Sign-up confirms the address first. POST /api/register answers
 *   `{ success: true, message: 'Check your email to finish creating your account.' }` for a new
 *   and for a taken address alike, and sets no cookie. A new address gets a link that creates the
 *   account with the chosen password and signs in (via /auth/verify → POST /api/confirm-magic-link);
 *   a taken address's owner gets a "you already have an account" note with a sign-in link, and
 *   the owner's password is never touched. So nobody learns whether an address has an account,
 *   and nobody can pre-register someone else's address with a password they know.
 * - POST /api/magic-link answers the same for every valid address; an unknown address gets its
 *   account when the link is confirmed. Links live 24 hours and work once; GET
 *   /api/verify-magic-link only checks (mail scanners prefetch links).
 * - POST /api/login, POST /api/confirm-magic-link and GET /api/user answer the user object itself
 *   (SPEC §3 names, no secrets); errors use the envelope. Unknown address, password-less account
 *   and wrong password all give 401 'Invalid email or password' after the same argon2 work.
 * - Sessions: a random 256-bit id in an HttpOnly, SameSite=Lax cookie (Secure and `__Host-` with
 *   SECURE_COOKIES), a new id at every sign-in (the browser's previous session is revoked),
 *   30 days absolute lifetime, revoked server-side at logout; a password change revokes every
 *   session and hands the caller a new one, and e-mails the owner.
 * - GET /api/jsonable/user/api-key shows `{ success: true, apiKey: 'jsk_AbCdEfGh…' | null, hasKey }`:
 *   the prefix only. The full key (`jsk_` + 43 base64url characters) is in the answer of
 *   POST /api/jsonable/user/generate-api-key once; the previous key stops working before it.
 * - Rate limits (limits.ts) per address/account and per client IP; 429 with Retry-After.
 */
import { accountsProjections } from '@jsonable/read-models/accounts/index';
import type { ApiModule } from '../module';
import { defaultAccountsLimits, type AccountsLimits } from '../routes/accounts/limits';
import { profileRoutes } from '../routes/accounts/profile.routes';
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
    },
  };
}

export const accountsModule: ApiModule = createAccountsModule();
