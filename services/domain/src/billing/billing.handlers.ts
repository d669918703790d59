/**
 * Billing command handlers: Checkout and the Customer Portal (through the provider port), and
 * webhooks → billing-{userId} events → the user's plan (accounts' changePlan → PlanChanged).
 */
import type { BillingEvent, PlanChanged } from '@jsonable/contracts/events';
import type { PlanTier } from '@jsonable/contracts/plans';
import { billingMessages, type PurchasablePlan } from '@jsonable/contracts/billing';
import type { ReadModels } from '@jsonable/read-models/projection';
import { findCustomerOwner } from '@jsonable/read-models/billing/billing.queries';
import { changePlan, loadUser } from '../accounts/accounts.handlers';
import { userStream } from '../accounts/streams';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { EventStore, Ids } from '../ports';
import { aggregateStream } from '../runtime/aggregate-stream';
import { handleCommand } from '../runtime/handle-command';
import {
  bestGranting,
  billingDecider,
  paidPlan,
  type BillingState,
  type ObservedSubscription,
} from './billing.decider';
import { providerEventId } from './event-ids';
import type { BillingProvider, BillingWebhook, SubscriptionSnapshot } from './ports';
import { billingStream } from './streams';

export interface BillingDeps {
  eventStore: EventStore;
  readModels: ReadModels;
  ids: Ids;
  provider: BillingProvider;
  /** Price id per purchasable plan (only those configured can be bought). */
  prices: Partial<Record<PurchasablePlan, string>>;
  publicUrl: string;
  log?: (msg: string, fields: Record<string, unknown>) => void;
}

export async function loadBilling(eventStore: EventStore, userId: string): Promise<BillingState> {
  return (await aggregateStream(eventStore, billingStream(userId), billingDecider)).state;
}

/** Creates a Checkout Session for a plan; the customer is reused when the user already has one. */
export async function startCheckout(
  deps: BillingDeps,
  input: { userId: string; plan: PurchasablePlan },
): Promise<{ url: string }> {
  const user = await loadUser(deps.eventStore, input.userId);
  if (user.status !== 'active' || !user.email) throw new NotFoundError('User not found');
  const priceId = deps.prices[input.plan];
  if (!priceId) throw new ValidationError(billingMessages.planNotOffered(input.plan));
  if (user.plan === input.plan) throw new ConflictError(`You are already on the ${input.plan} plan.`);
  const billing = await loadBilling(deps.eventStore, input.userId);
  // A second Checkout would start a second subscription, billed beside the first: plan changes
  // of a paying customer go through the Customer Portal, which changes the one subscription.
  if (bestGranting(billing)) throw new ConflictError(billingMessages.alreadySubscribed);
  return deps.provider.createCheckout({
    userId: input.userId,
    email: user.email,
    plan: input.plan,
    priceId,
    customerId: billing.customerId,
    successUrl: `${deps.publicUrl}/dashboard?checkout=success`,
    cancelUrl: `${deps.publicUrl}/dashboard?checkout=canceled`,
  });
}

/** A Customer Portal session for the user's customer; 409 before the first checkout. */
export async function openPortal(deps: BillingDeps, input: { userId: string }): Promise<{ url: string }> {
  const billing = await loadBilling(deps.eventStore, input.userId);
  if (!billing.customerId) throw new ConflictError(billingMessages.noSubscription);
  return deps.provider.createPortal({ customerId: billing.customerId, returnUrl: `${deps.publicUrl}/dashboard` });
}

export type WebhookOutcome =
  | { status: 'ignored'; reason: string }
  | { status: 'unknown_user'; reason: string }
  | {
      status: 'recorded';
      userId: string;
      events: BillingEvent[];
      plan: { from: PlanTier; to: PlanTier } | null;
      position: number;
    };

function planOfPrices(prices: BillingDeps['prices'], priceIds: string[]): PlanTier | null {
  for (const [tier, price] of Object.entries(prices)) if (priceIds.includes(price)) return tier as PlanTier;
  return null;
}

const reasonOf: Record<Exclude<BillingWebhook['kind'], 'ignored'>, PlanChanged['data']['reason']> = {
  checkout_completed: 'checkout',
  subscription_updated: 'subscription_updated',
  subscription_deleted: 'subscription_canceled',
  invoice_paid: 'subscription_updated',
  invoice_payment_failed: 'payment_failed',
};

/** The user's stream length and last plan change (an operator's choice is left alone). */
async function planHistory(
  eventStore: EventStore,
  userId: string,
): Promise<{ length: number; last: PlanChanged['data'] | null }> {
  const recorded = await eventStore.readStream(userStream(userId));
  for (let i = recorded.length - 1; i >= 0; i--) {
    if (recorded[i]!.type === 'PlanChanged')
      return { length: recorded.length, last: recorded[i]!.data as PlanChanged['data'] };
  }
  return { length: recorded.length, last: null };
}

/**
 * Records one verified webhook. Redelivered: appends nothing. The subscription is re-read from the
 * provider, so delivery order does not matter. An event for an account we do not have is
 * reported (the route answers 200 so the provider stops retrying an event no retry can fix).
 */
export async function handleWebhook(deps: BillingDeps, webhook: BillingWebhook): Promise<WebhookOutcome> {
  if (webhook.kind === 'ignored') return { status: 'ignored', reason: `event type ${webhook.type} is not used` };

  const subscriptionId = webhook.subscriptionId;
  const snapshot: SubscriptionSnapshot | null = subscriptionId
    ? await deps.provider.getSubscription(subscriptionId)
    : null;

  const customerId = webhook.customerId ?? snapshot?.customerId ?? null;
  const userId =
    webhook.userId ?? snapshot?.userId ?? (customerId ? await findCustomerOwner(deps.readModels, customerId) : null);
  if (!userId)
    return {
      status: 'unknown_user',
      reason: `no account for ${webhook.kind} ${webhook.eventId} (customer ${customerId ?? 'none'})`,
    };
  const user = await loadUser(deps.eventStore, userId);
  if (user.status !== 'active')
    return { status: 'unknown_user', reason: `account ${userId} of ${webhook.eventId} does not exist` };

  const before = await loadBilling(deps.eventStore, userId);
  let observed: ObservedSubscription | null = null;
  if (snapshot) {
    const plan = planOfPrices(deps.prices, snapshot.priceIds);
    if (!plan)
      deps.log?.('billing: subscription price is not configured; it grants no plan', {
        subscriptionId: snapshot.id,
        prices: snapshot.priceIds,
      });
    observed = {
      id: snapshot.id,
      status: snapshot.status,
      plan: plan ?? 'free',
      customerId: snapshot.customerId,
      currentPeriodEnd: snapshot.currentPeriodEnd,
    };
  } else if (subscriptionId && webhook.kind === 'subscription_deleted') {
    // The provider no longer has it: deleted it is.
    observed = {
      id: subscriptionId,
      status: 'canceled',
      plan: before.subscriptions[subscriptionId]?.plan ?? 'free',
      customerId,
      currentPeriodEnd: null,
    };
  }

  const stream = billingStream(userId);
  const result = await handleCommand({
    eventStore: deps.eventStore,
    stream,
    decider: billingDecider,
    ids: deps.ids,
    command: { type: 'RecordWebhook', data: { userId, webhook, subscription: observed } },
    eventIds: (_event, index) => providerEventId(webhook.eventId, stream, index),
  });

  // The plan follows what is paid for: on news that changes it, or to finish a change an earlier
  // delivery recorded but did not apply (a crash between the two appends). An operator's later
  // choice is left alone until new billing news arrives.
  const target = paidPlan(result.state);
  let plan: { from: PlanTier; to: PlanTier } | null = null;
  let position = result.position;
  if (target !== null) {
    const current = (await loadUser(deps.eventStore, userId)).plan;
    const history = await planHistory(deps.eventStore, userId);
    const news = result.events.length > 0 && paidPlan(before) !== target;
    const unfinished = history.last?.reason !== 'operator';
    if (current !== target && (news || unfinished)) {
      const live = bestGranting(result.state)?.id ?? null;
      // Derived from the provider event and where the user stream stood: two concurrent
      // deliveries of one event append one PlanChanged between them.
      const id = providerEventId(webhook.eventId, userStream(userId), history.length);
      const changed = await changePlan(
        { eventStore: deps.eventStore, ids: { ...deps.ids, uuid: () => id } },
        { userId, to: target, reason: reasonOf[webhook.kind], subscriptionId: live },
      );
      if (changed.changed) plan = { from: current, to: target };
      position = Math.max(position, changed.position);
    }
  }
  return { status: 'recorded', userId, events: result.events, plan, position };
}
