/**
 * The billing provider port (Stripe in services/adapters/src/stripe). The domain sees webhooks
 * already verified and reduced to what billing decides on; the adapter owns the SDK.
 */
import type { PlanTier } from '@jsonable/contracts/plans';

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: PlanTier;
  priceId: string;
  /** The provider's customer of this user, reused when known. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider holds it now (re-read, never taken from an event's snapshot). */
export interface SubscriptionSnapshot {
  id: string;
  status: string;
  customerId: string;
  priceIds: string[];
  /** metadata.userId set at checkout; null when the subscription was made elsewhere. */
  userId: string | null;
  currentPeriodEnd: string | null;
}

interface WebhookBase {
  /** The provider's event id: our event ids are derived from it. */
  eventId: string;
  occurredAt: string;
}

export type BillingWebhook =
  | (WebhookBase & {
      kind: 'checkout_completed';
      userId: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      plan: string | null;
      amount: number | null;
      currency: string | null;
    })
  | (WebhookBase & {
      kind: 'subscription_updated' | 'subscription_deleted';
      subscriptionId: string;
      customerId: string | null;
      userId: string | null;
    })
  | (WebhookBase & {
      kind: 'invoice_paid' | 'invoice_payment_failed';
      invoiceId: string;
      subscriptionId: string | null;
      customerId: string | null;
      userId: string | null;
      amount: number;
      currency: string;
    })
  | (WebhookBase & { kind: 'ignored'; type: string });

/** A webhook whose signature (or timestamp) does not verify: answered 400. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface BillingProvider {
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Verifies the signature over the exact bytes received; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string): BillingWebhook;
  /** null when the provider does not know the subscription. */
  getSubscription(id: string): Promise<SubscriptionSnapshot | null>;
}
