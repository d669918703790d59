/**
 * The billing provider on Stripe, through the official SDK: Checkout Sessions (subscription
 * mode), Customer Portal sessions, webhook signature checks over the raw bytes (tolerance 300 s),
 * and the subscription re-read that makes webhook order irrelevant.
 */
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type BillingProvider,
  type BillingWebhook,
  type CheckoutInput,
  type SubscriptionSnapshot,
} from '@jsonable/domain/billing/ports';
import { guardMethods } from '../faults/guard';
import { stripeFault } from '../faults/providers';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeBillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:4321 in tests; Stripe's own API otherwise. */
  apiBase?: string;
}

type Id = string | { id: string } | null | undefined;
const idOf = (value: Id): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
const iso = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

function clientOptions(config: StripeBillingConfig): ConstructorParameters<typeof Stripe>[1] {
  const options: NonNullable<ConstructorParameters<typeof Stripe>[1]> = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (config.apiBase) {
    const base = new URL(config.apiBase);
    options.host = base.hostname;
    options.port = base.port || (base.protocol === 'https:' ? '443' : '80');
    options.protocol = base.protocol === 'https:' ? 'https' : 'http';
  }
  return options;
}

export function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  const items = sub.items?.data ?? [];
  const ends = items
    .map((i) => (i as { current_period_end?: number }).current_period_end)
    .filter((n): n is number => typeof n === 'number');
  return {
    id: sub.id,
    status: sub.status,
    customerId: idOf(sub.customer) ?? '',
    priceIds: items.map((i) => i.price?.id).filter((p): p is string => typeof p === 'string'),
    userId: typeof sub.metadata?.userId === 'string' && sub.metadata.userId ? sub.metadata.userId : null,
    currentPeriodEnd: iso(ends.length > 0 ? Math.max(...ends) : null),
  };
}

/** The invoice's subscription: `parent.subscription_details` in current API versions, `subscription` before. */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; userId: string | null } {
  const details = invoice.parent?.subscription_details ?? null;
  const legacy = (invoice as unknown as { subscription?: Id }).subscription;
  const userId = details?.metadata?.userId;
  return {
    id: idOf(details?.subscription as Id) ?? idOf(legacy),
    userId: typeof userId === 'string' && userId ? userId : null,
  };
}

export function toBillingWebhook(event: Stripe.Event): BillingWebhook {
  const base = { eventId: event.id, occurredAt: iso(event.created) ?? new Date(0).toISOString() };
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      if (s.mode !== 'subscription') return { ...base, kind: 'ignored', type: `${event.type} (mode ${s.mode})` };
      return {
        ...base,
        kind: 'checkout_completed',
        userId: s.client_reference_id ?? (s.metadata?.userId || null),
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
        plan: s.metadata?.plan ?? null,
        amount: s.amount_total ?? null,
        currency: s.currency ?? null,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return {
        ...base,
        kind: event.type === 'customer.subscription.updated' ? 'subscription_updated' : 'subscription_deleted',
        subscriptionId: sub.id,
        customerId: idOf(sub.customer),
        userId: sub.metadata?.userId || null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = event.data.object;
      const sub = invoiceSubscription(inv);
      return {
        ...base,
        kind: event.type === 'invoice.paid' ? 'invoice_paid' : 'invoice_payment_failed',
        invoiceId: inv.id ?? event.id,
        subscriptionId: sub.id,
        customerId: idOf(inv.customer),
        userId: sub.userId,
        amount: event.type === 'invoice.paid' ? inv.amount_paid : inv.amount_due,
        currency: inv.currency,
      };
    }
    default:
      return { ...base, kind: 'ignored', type: event.type };
  }
}

export class StripeBilling implements BillingProvider {
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeBillingConfig) {
    this.stripe = new Stripe(config.secretKey, clientOptions(config));
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: input.priceId, quantity: 1 }],
      client_reference_id: input.userId,
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      metadata: { userId: input.userId, plan: input.plan },
      // On the subscription too: its own webhooks then name the user without a look-up.
      subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a url');
    return { url: session.url };
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  verifyWebhook(rawBody: Buffer, signature: string): BillingWebhook {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    return toBillingWebhook(event);
  }

  async getSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    try {
      return snapshotOf(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
}

// Stripe down, rate limiting or refusing: faults of the billing component (verifyWebhook's
// signature errors are not Stripe API errors and pass through as they are).
guardMethods(StripeBilling.prototype, ['createCheckout', 'createPortal', 'getSubscription'], (error) =>
  stripeFault(error),
);
