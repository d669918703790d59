/** The accounts context: sign-up, sign-in (password and magic link), sessions, profile, settings, user API key. */
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
