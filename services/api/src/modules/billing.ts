/**
 * The billing context: plans bought by card through Stripe when STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET and at least one price id (STRIPE_PRICE_PREMIUM / _BUSINESS) are set;
 * otherwise billing is off and an operator changes plans with `npm run cli -- set-plan`.
 * The billing read model (history, customer → user) is projected here.
 */
import { StripeBilling } from '@jsonable/adapters/stripe/stripe-billing';
import type { BillingProvider } from '@jsonable/domain/billing/ports';
import { monitorPort } from '@jsonable/domain/health/monitor';
import { billingProjection } from '@jsonable/read-models/billing/billing.projection';
import type { AppConfig } from '../deps';
import { requireSession } from '../middleware/auth';
import type { ApiModule } from '../module';
import { billingRoutes } from '../routes/billing/billing.routes';

/** Stripe when fully configured, else null (billing off). */
export function billingProviderOf(config: AppConfig): BillingProvider | null {
  const s = config.stripe;
  if (!s || !s.webhookSecret || Object.keys(s.prices).length === 0) return null;
  return new StripeBilling({
    secretKey: s.secretKey,
    webhookSecret: s.webhookSecret,
    ...(s.apiBase ? { apiBase: s.apiBase } : {}),
  });
}

export function createBillingModule(
  options: { provider?: (config: AppConfig) => BillingProvider | null } = {},
): ApiModule {
  return {
    name: 'billing',
    projections: [billingProjection],
    routes(router, deps) {
      const provider = (options.provider ?? billingProviderOf)(deps.config);
      // Stripe failing shows in the status (component billing) and clears when it answers again.
      const watched =
        provider && deps.health
          ? monitorPort(provider, 'billing', deps.health, ['createCheckout', 'createPortal', 'getSubscription'])
          : provider;
      billingRoutes(router, deps, requireSession(deps), watched);
    },
  };
}

export const billingModule: ApiModule = createBillingModule();
