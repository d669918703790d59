import type { PublicUser } from '@jsonable/contracts/accounts';
import type { ReadModels } from '../projection';
import { EMAIL_INDEX, type EmailIndexDoc } from './email-index.projection';
import { USERS, type UserDoc } from './users.projection';

export type { UserDoc } from './users.projection';

export function getUserById(readModels: ReadModels, id: string): Promise<UserDoc | null> {
  return readModels.get<UserDoc>(USERS, id);
}

/** `email` must be normalised (trimmed, lower-cased). */
export async function getUserByEmail(readModels: ReadModels, email: string): Promise<UserDoc | null> {
  const owner = await findEmailOwner(readModels, email);
  return owner ? getUserById(readModels, owner) : null;
}

/** The user id holding the address's reservation, also before its account exists. */
export async function findEmailOwner(readModels: ReadModels, email: string): Promise<string | null> {
  const entry = await readModels.get<EmailIndexDoc>(EMAIL_INDEX, email);
  return entry?.userId ?? null;
}

/** The user as the API shows it: the document without its bookkeeping fields. */
export function toPublicUser(doc: UserDoc): PublicUser {
  return {
    id: doc.id,
    email: doc.email,
    username: doc.username,
    first_name: doc.first_name,
    last_name: doc.last_name,
    auth_provider: doc.auth_provider,
    external_id: doc.external_id,
    avatar_url: doc.avatar_url,
    current_plan_tier: doc.current_plan_tier,
    stripe_customer_id: doc.stripe_customer_id,
    stripe_subscription_id: doc.stripe_subscription_id,
    has_password: doc.has_password,
    api_key_prefix: doc.api_key_prefix,
    created_at: doc.created_at,
  };
}
