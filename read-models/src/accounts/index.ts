import type { Projection } from '../projection';
import { apiKeysProjection } from './api-keys.projection';
import { emailIndexProjection } from './email-index.projection';
import { loginTokensProjection } from './login-tokens.projection';
import { sessionsProjection } from './sessions.projection';
import { usersProjection } from './users.projection';

/** Every projection of the accounts context, registered by the accounts API module. */
export const accountsProjections: Projection[] = [
  usersProjection,
  emailIndexProjection,
  apiKeysProjection,
  loginTokensProjection,
  sessionsProjection,
];
