/**
 * billing-{userId}: what the payment provider told us, one provider event at a time.
 *
 * Order independence: webhooks arrive late, twice, or shuffled. A provider event already in the
 * stream changes nothing (its id is remembered); the subscription's state is never taken from the
 * event but from the provider's current copy (re-read by the handler), and is recorded only when
 * it differs from what the stream already says. So any delivery order of the same events ends in
 * the same subscriptions, and the same plan.
 */
import type {
  BillingEvent,
  CheckoutCompleted,
  InvoicePaid,
  InvoicePaymentFailed,
  SubscriptionCanceled,
  SubscriptionChanged,
} from '@jsonable/contracts/events';
import { planTiers, type PlanTier } from '@jsonable/contracts/plans';
import { assertNever } from '../errors';
import type { Decider } from '../runtime/decider';
import type { BillingWebhook } from './ports';

/** Statuses that grant the subscription's plan (past_due: Stripe is still retrying the card). */
export const GRANTING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
/** Statuses a subscription never leaves. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export interface SubscriptionState {
  status: string;
  plan: PlanTier;
  ended: boolean;
  currentPeriodEnd: string | null;
}

export interface BillingState {
  customerId: string | null;
  subscriptions: Record<string, SubscriptionState>;
  paidInvoices: Record<string, true>;
  /** Provider event ids already recorded. */
  seen: Record<string, true>;
}

/** The provider's subscription as re-read for this webhook, with its price mapped to a plan. */
export interface ObservedSubscription {
  id: string;
  status: string;
  plan: PlanTier;
  customerId: string | null;
  currentPeriodEnd: string | null;
}

export type RecordWebhook = {
  type: 'RecordWebhook';
  data: {
    userId: string;
    webhook: Exclude<BillingWebhook, { kind: 'ignored' }>;
    /** null: the webhook concerns no subscription, or the provider no longer has it. */
    subscription: ObservedSubscription | null;
  };
};
export type BillingCommand = RecordWebhook;

export const initialBillingState = (): BillingState => ({
  customerId: null,
  subscriptions: {},
  paidInvoices: {},
  seen: {},
});

const withSubscription = (state: BillingState, id: string, subscription: SubscriptionState): BillingState => ({
  ...state,
  subscriptions: { ...state.subscriptions, [id]: subscription },
});

function evolve(state: BillingState, event: BillingEvent): BillingState {
  const seen = { ...state.seen, [event.data.providerEventId]: true as const };
  switch (event.type) {
    case 'CheckoutCompleted': {
      const d = event.data;
      const next = { ...state, seen, customerId: d.customerId || state.customerId };
      if (state.subscriptions[d.subscriptionId]) return next;
      return withSubscription(next, d.subscriptionId, {
        status: 'active',
        plan: d.plan,
        ended: false,
        currentPeriodEnd: null,
      });
    }
    case 'SubscriptionChanged': {
      const d = event.data;
      return withSubscription({ ...state, seen }, d.subscriptionId, {
        status: d.status,
        plan: d.plan,
        ended: ENDED_STATUSES.has(d.status),
        currentPeriodEnd: d.currentPeriodEnd,
      });
    }
    case 'SubscriptionCanceled': {
      const known = state.subscriptions[event.data.subscriptionId];
      return withSubscription({ ...state, seen }, event.data.subscriptionId, {
        status: 'canceled',
        plan: known?.plan ?? 'free',
        ended: true,
        currentPeriodEnd: known?.currentPeriodEnd ?? null,
      });
    }
    case 'InvoicePaid':
      return { ...state, seen, paidInvoices: { ...state.paidInvoices, [event.data.invoiceId]: true } };
    case 'InvoicePaymentFailed':
      return { ...state, seen };
    default:
      return assertNever(event);
  }
}

/** Who and when of every event one webhook records. */
interface WebhookFacts {
  userId: string;
  providerEventId: string;
  occurredAt: string;
}

/** The subscription as it now stands (the provider's copy, or the stream's own). */
function subscriptionChanged(
  at: WebhookFacts,
  subscriptionId: string,
  sub: Pick<SubscriptionState, 'status' | 'plan' | 'currentPeriodEnd'>,
): SubscriptionChanged {
  return {
    type: 'SubscriptionChanged',
    data: {
      userId: at.userId,
      providerEventId: at.providerEventId,
      subscriptionId,
      status: sub.status,
      plan: sub.plan,
      currentPeriodEnd: sub.currentPeriodEnd,
      occurredAt: at.occurredAt,
    },
  };
}

/** Events that bring the stream's copy of a subscription in line with the provider's. */
function reconcile(
  state: BillingState,
  at: WebhookFacts,
  sub: ObservedSubscription,
  reassertEnd: boolean,
): BillingEvent[] {
  const known = state.subscriptions[sub.id];
  if (ENDED_STATUSES.has(sub.status)) {
    if (known?.ended && !reassertEnd) return [];
    const canceled: SubscriptionCanceled = {
      type: 'SubscriptionCanceled',
      data: {
        userId: at.userId,
        providerEventId: at.providerEventId,
        subscriptionId: sub.id,
        occurredAt: at.occurredAt,
      },
    };
    return [canceled];
  }
  // An ended subscription never comes back; a stale copy must not revive it.
  if (known?.ended) return [];
  if (known && known.status === sub.status && known.plan === sub.plan) return [];
  return [subscriptionChanged(at, sub.id, sub)];
}

function decide(command: BillingCommand, state: BillingState): BillingEvent[] {
  switch (command.type) {
    case 'RecordWebhook': {
      const { userId, webhook: w, subscription: sub } = command.data;
      if (state.seen[w.eventId]) return [];
      const base: WebhookFacts = { userId, providerEventId: w.eventId, occurredAt: w.occurredAt };
      const events: BillingEvent[] = [];
      let reassertEnd = false;
      switch (w.kind) {
        case 'checkout_completed': {
          const subscriptionId = sub?.id ?? w.subscriptionId;
          if (!subscriptionId) return [];
          const plan =
            sub?.plan ?? ((planTiers as readonly string[]).find((t) => t === w.plan) as PlanTier | undefined) ?? 'free';
          const completed: CheckoutCompleted = {
            type: 'CheckoutCompleted',
            data: {
              ...base,
              customerId: w.customerId ?? sub?.customerId ?? '',
              subscriptionId,
              plan,
              amount: w.amount,
              currency: w.currency,
            },
          };
          events.push(completed);
          // The users read model takes the checkout's subscription as current: if that one has
          // already ended, say so again after it.
          reassertEnd = true;
          break;
        }
        case 'subscription_updated':
        case 'subscription_deleted':
          break;
        case 'invoice_paid':
        case 'invoice_payment_failed': {
          const invoice = {
            ...base,
            invoiceId: w.invoiceId,
            subscriptionId: w.subscriptionId,
            amount: w.amount,
            currency: w.currency,
          };
          if (w.kind === 'invoice_payment_failed')
            events.push({ type: 'InvoicePaymentFailed', data: invoice } satisfies InvoicePaymentFailed);
          else if (!state.paidInvoices[w.invoiceId])
            events.push({ type: 'InvoicePaid', data: invoice } satisfies InvoicePaid);
          break;
        }
        default:
          return assertNever(w);
      }
      if (sub) {
        const after = events.reduce(evolve, state);
        const reconciled = reconcile(after, base, sub, reassertEnd);
        events.push(...reconciled);
        // A late checkout of an ended subscription pointed the account at it and then cleared it:
        // point it back at the subscription that still grants a plan, as it stands.
        if (reassertEnd && reconciled.some((e) => e.type === 'SubscriptionCanceled')) {
          const live = bestGranting(reconciled.reduce(evolve, after));
          if (live) events.push(subscriptionChanged(base, live.id, live.state));
        }
      }
      return events;
    }
    default:
      return assertNever(command.type);
  }
}

export const billingDecider: Decider<BillingState, BillingCommand, BillingEvent> = {
  initialState: initialBillingState,
  evolve,
  decide,
};

const rank = (tier: PlanTier): number => planTiers.indexOf(tier);

/**
 * The plan the provider is paid for: the best plan among subscriptions that grant theirs; free
 * once every known subscription stopped granting; null when the user never had one (an operator's
 * choice then stands).
 */
export function paidPlan(state: BillingState): PlanTier | null {
  if (Object.keys(state.subscriptions).length === 0) return null;
  return bestGranting(state)?.state.plan ?? 'free';
}

/** The subscription that grants the best plan (ties: the smallest id, so the answer is stable). */
export function bestGranting(state: BillingState): { id: string; state: SubscriptionState } | null {
  let best: { id: string; state: SubscriptionState } | null = null;
  for (const id of Object.keys(state.subscriptions).sort()) {
    const s = state.subscriptions[id]!;
    if (s.ended || !GRANTING_STATUSES.has(s.status)) continue;
    if (!best || rank(s.plan) > rank(best.state.plan)) best = { id, state: s };
  }
  return best;
}
