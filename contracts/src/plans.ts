/**
 * The one plan table. Every limit, price and feature list in the product comes from here.
 *
 * SPEC §9 gives two readings of the monthly allowance (landing/docs vs dashboard). We use the
 * landing/docs reading — the figures customers are sold on — for every plan that has one:
 * Free 25, Professional 150, Agency 5000. Starter (basic), which only the dashboard shows, keeps
 * its 30. Enterprise is unlimited (null).
 */
export const planTiers = ['free', 'basic', 'premium', 'business', 'enterprise'] as const;
export type PlanTier = (typeof planTiers)[number];

export interface Plan {
  tier: PlanTier;
  name: string;
  /** USD per month; null when not sold by card (Starter) or on request (Enterprise). */
  priceMonthlyUsd: number | null;
  priceLabel: string;
  /** Tables per 30-day usage period; null = unlimited. */
  tablesPerPeriod: number | null;
  /** Projects at once; null = unlimited. */
  projects: number | null;
  /** Days a living image's earlier versions are kept (the current and the newest always are); null = forever. */
  liveVersionRetentionDays: number | null;
  features: string[];
  /** Shown as one of the four pricing cards. */
  publicCard: boolean;
  /** Can be bought through Checkout (needs a price id in the configuration). */
  purchasable: boolean;
}

export const plans: Record<PlanTier, Plan> = {
  free: {
    tier: 'free',
    name: 'Free',
    priceMonthlyUsd: 0,
    priceLabel: '$0',
    tablesPerPeriod: 25,
    projects: 1,
    liveVersionRetentionDays: 30,
    features: ['25 tables per month', '1 project', 'PNG, JPEG, WebP, AVIF, SVG and PDF', 'Permanent public image URLs'],
    publicCard: true,
    purchasable: false,
  },
  basic: {
    tier: 'basic',
    name: 'Starter',
    priceMonthlyUsd: null,
    priceLabel: 'Starter',
    tablesPerPeriod: 30,
    projects: 1,
    liveVersionRetentionDays: 30,
    features: ['30 tables per month', '1 project', 'PNG, JPEG, WebP, AVIF, SVG and PDF'],
    publicCard: false,
    purchasable: false,
  },
  premium: {
    tier: 'premium',
    name: 'Professional',
    priceMonthlyUsd: 9,
    priceLabel: '$9/month',
    tablesPerPeriod: 150,
    projects: 5,
    liveVersionRetentionDays: 90,
    features: ['150 tables per month', '5 projects', 'Custom styles per project', 'Priority e-mail support'],
    publicCard: true,
    purchasable: true,
  },
  business: {
    tier: 'business',
    name: 'Agency',
    priceMonthlyUsd: 39,
    priceLabel: '$39/month',
    tablesPerPeriod: 5000,
    projects: 100,
    liveVersionRetentionDays: 365,
    features: ['5,000 tables per month', '100 projects', 'Custom styles per project', 'Priority e-mail support'],
    publicCard: true,
    purchasable: true,
  },
  enterprise: {
    tier: 'enterprise',
    name: 'Enterprise',
    priceMonthlyUsd: null,
    priceLabel: 'Contact sales',
    tablesPerPeriod: null,
    projects: null,
    liveVersionRetentionDays: null,
    features: ['Unlimited tables', 'Unlimited projects', 'Custom branding', 'SLA', 'Priority e-mail support'],
    publicCard: true,
    purchasable: false,
  },
};

/** A missing or unknown tier is treated as basic (SPEC §3). */
export function planOf(tier: string | null | undefined): Plan {
  return tier && Object.hasOwn(plans, tier) ? plans[tier as PlanTier] : plans.basic;
}

/** The pricing cards, in display order. */
export const pricingCards: Plan[] = (['free', 'premium', 'business', 'enterprise'] as const).map((t) => plans[t]);

/** Usage periods are 30 days from sign-up, no rollover. */
export const USAGE_PERIOD_DAYS = 30;
const PERIOD_MS = USAGE_PERIOD_DAYS * 24 * 60 * 60 * 1000;

/** Index of the usage period containing `at` (0 = the first 30 days after sign-up). */
export function usagePeriodIndex(registeredAt: string | Date, at: Date): number {
  const start = new Date(registeredAt).getTime();
  return Math.max(0, Math.floor((at.getTime() - start) / PERIOD_MS));
}

/** Start and end (exclusive; the reset date) of a period. */
export function usagePeriodBounds(registeredAt: string | Date, period: number): { start: Date; end: Date } {
  const start = new Date(registeredAt).getTime() + period * PERIOD_MS;
  return { start: new Date(start), end: new Date(start + PERIOD_MS) };
}
