/**
 * Billing over HTTP: card payments (Stripe Checkout and Customer Portal) when the installation
 * has them, the plans that can be bought, and the billing history the settings page lists.
 */
import { z } from 'zod';
import { planTierSchema } from './accounts';
import type { BillingEvent, PlanChanged } from './events';
import { plans, type Plan } from './plans';

/** Plans sold through Checkout (the plan table's `purchasable`). */
export const purchasablePlanSchema = z.enum(['premium', 'business'], {
  error: 'Choose a plan: premium (Professional) or business (Agency)',
});
export type PurchasablePlan = z.infer<typeof purchasablePlanSchema>;

export const checkoutRequestSchema = z.object({ plan: purchasablePlanSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST /api/billing/checkout and /api/billing/portal: the provider's page to send the browser to. */
export const billingRedirectSchema = z.object({ url: z.string().url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const billingPlanSchema = z.object({
  tier: planTierSchema,
  name: z.string(),
  priceLabel: z.string(),
  priceMonthlyUsd: z.number().nullable(),
  tablesPerPeriod: z.number().nullable(),
  projects: z.number().nullable(),
  features: z.array(z.string()),
  /** Whether Checkout can sell it on this installation (billing on and a price configured). */
  available: z.boolean(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

/** GET /api/billing/status */
export const billingStatusSchema = z.object({
  enabled: z.boolean(),
  plans: z.array(billingPlanSchema),
  /** Set when billing is off: how an operator changes a plan instead. */
  message: z.string().optional(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** The events a user's billing history lists: what its projection handles and what its rows say. */
export const BILLING_HISTORY_TYPES = [
  'CheckoutCompleted',
  'SubscriptionChanged',
  'SubscriptionCanceled',
  'InvoicePaid',
  'InvoicePaymentFailed',
  'PlanChanged',
] as const satisfies readonly (BillingEvent | PlanChanged)['type'][];
export const billingHistoryEventSchema = z.enum(BILLING_HISTORY_TYPES);
export type BillingHistoryEvent = z.infer<typeof billingHistoryEventSchema>;

/** One row of the billing history. Amounts are in the currency's minor unit (cents). */
export const billingHistoryEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  event: billingHistoryEventSchema,
  plan: planTierSchema.nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntrySchema>;

/** GET /api/billing/history: newest first. */
export const billingHistorySchema = z.object({ entries: z.array(billingHistoryEntrySchema) });
export type BillingHistory = z.infer<typeof billingHistorySchema>;

export const billingMessages = {
  // Users read this (the operator's way, `npm run cli -- set-plan`, is in the README and the start log).
  disabled: 'Card payments are not enabled on this installation. Please contact support to change your plan.',
  planNotOffered: (name: string) => `The ${name} plan cannot be bought here. Contact sales or choose another plan.`,
  noSubscription: 'You have no subscription to manage yet. Choose a plan first.',
  alreadySubscribed: 'You already have a subscription. Change or cancel it from Manage Subscription.',
  invalidSignature: 'Invalid webhook signature',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
} as const;

/** The plan table as the billing status shows it. */
export function billingPlans(enabled: boolean, pricedTiers: ReadonlySet<string>): BillingPlan[] {
  return (Object.values(plans) as Plan[]).map((p) => ({
    tier: p.tier,
    name: p.name,
    priceLabel: p.priceLabel,
    priceMonthlyUsd: p.priceMonthlyUsd,
    tablesPerPeriod: p.tablesPerPeriod,
    projects: p.projects,
    features: p.features,
    available: enabled && p.purchasable && pricedTiers.has(p.tier),
  }));
}
