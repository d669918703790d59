/**
 * users: one document per account with SPEC §3 field names. Also follows the plan (PlanChanged)
 * and the billing provider's ids (CheckoutCompleted, SubscriptionChanged, SubscriptionCanceled).
 * No password hash, key or token is copied here: sign-in reads the user stream itself.
 */
import type { JsonableEvent } from '@jsonable/contracts/events';
import type { PlanTier } from '@jsonable/contracts/plans';
import { alreadyApplied, defineProjection, type Positioned } from '../projection';

export const USERS = 'users';

export interface UserDoc extends Positioned {
  id: string;
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  auth_provider: 'local' | 'google' | 'github';
  external_id: string | null;
  avatar_url: string | null;
  current_plan_tier: PlanTier;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  has_password: boolean;
  api_key_prefix: string | null;
  settings: Record<string, unknown> | null;
  /** = registeredAt: usage periods count from here. */
  created_at: string;
  updated_at: string;
}

const handled = [
  'UserRegistered',
  'UserProfileUpdated',
  'PasswordChanged',
  'UserApiKeyIssued',
  'SettingsSaved',
  'PlanChanged',
  'CheckoutCompleted',
  'SubscriptionChanged',
  'SubscriptionCanceled',
] as const satisfies readonly JsonableEvent['type'][];

type Handled = Extract<JsonableEvent, { type: (typeof handled)[number] }>;

function apply(doc: UserDoc | null, event: Handled, at: string): UserDoc | null {
  if (event.type === 'UserRegistered') {
    if (doc) return doc;
    const d = event.data;
    return {
      id: d.userId,
      email: d.email,
      username: d.email,
      first_name: null,
      last_name: null,
      // A magic-link account is still a local account; the sign-in method is not a provider.
      auth_provider: 'local',
      external_id: null,
      avatar_url: null,
      current_plan_tier: d.plan,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      has_password: d.passwordHash !== null,
      api_key_prefix: null,
      settings: null,
      created_at: d.registeredAt,
      updated_at: d.registeredAt,
      position: 0,
    };
  }
  if (!doc) return null;
  switch (event.type) {
    case 'UserProfileUpdated':
      return { ...doc, first_name: event.data.firstName, last_name: event.data.lastName, updated_at: at };
    case 'PasswordChanged':
      return { ...doc, has_password: true, updated_at: at };
    case 'UserApiKeyIssued':
      return { ...doc, api_key_prefix: event.data.keyPrefix, updated_at: at };
    case 'SettingsSaved':
      return { ...doc, settings: event.data.settings, updated_at: at };
    case 'PlanChanged':
      return {
        ...doc,
        current_plan_tier: event.data.to,
        updated_at: at,
        ...(event.data.subscriptionId !== undefined ? { stripe_subscription_id: event.data.subscriptionId } : {}),
      };
    case 'CheckoutCompleted':
      return {
        ...doc,
        stripe_customer_id: event.data.customerId,
        stripe_subscription_id: event.data.subscriptionId,
        updated_at: at,
      };
    case 'SubscriptionChanged':
      return { ...doc, stripe_subscription_id: event.data.subscriptionId, updated_at: at };
    case 'SubscriptionCanceled':
      return doc.stripe_subscription_id === event.data.subscriptionId
        ? { ...doc, stripe_subscription_id: null, updated_at: at }
        : { ...doc, updated_at: at };
  }
}

export const usersProjection = defineProjection({
  name: 'users',
  version: 1,
  collections: [{ name: USERS, indexes: ['email'] }],
  handles: handled,
  async handle(event, tx) {
    const id = event.data.userId;
    const doc = await tx.get<UserDoc>(USERS, id);
    if (alreadyApplied(doc, event.position)) return;
    const next = apply(doc, event, event.createdAt);
    if (next) tx.put(USERS, { ...next, position: event.position });
  },
});
