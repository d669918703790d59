/**
 * Property: any shuffled redelivery of a webhook sequence (every event at least once, some of
 * them again, in any order) ends in the plan Stripe's final state pays for, and in the same
 * subscriptions. Real `stripe` SDK (signature check and subscription re-read) against the local
 * stand-in, real SQLite event store.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planTiers, type PlanTier } from '@jsonable/contracts/plans';
import { StripeBilling } from '@jsonable/adapters/stripe/stripe-billing';
import { loadUser, registerUser } from '@jsonable/domain/accounts/accounts.handlers';
import { handleWebhook, loadBilling, type BillingDeps } from '@jsonable/domain/billing/billing.handlers';
import { createBillingModule } from '../src/modules/billing';
import { givenAccountsHarness } from './accounts.harness';
import {
  checkoutSession,
  invoiceObject,
  signature,
  startStripeStandIn,
  stripeEvent,
  subscriptionEventObject,
} from './billing.stand-in';
import { given } from './support/given';

const SECRET = 'whsec_property';
const PRICES = { premium: 'price_p', business: 'price_b' } as const;
const STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete_expired'] as const;

const stand = given(startStripeStandIn);
const h = givenAccountsHarness({ extraModules: [createBillingModule({ provider: () => null })] });
/** The domain's billing dependencies over the harness's stores, with the real SDK against the stand-in. */
const billingDeps = (): BillingDeps => ({
  eventStore: h.deps.eventStore,
  readModels: h.deps.readModels,
  ids: h.deps.ids,
  provider: new StripeBilling({ secretKey: 'sk_test_property', webhookSecret: SECRET, apiBase: stand.url }),
  prices: PRICES,
  publicUrl: 'https://jsonable.test',
});

interface FinalSub {
  status: (typeof STATUSES)[number];
  plan: 'premium' | 'business';
}

function expectedPlan(subs: FinalSub[]): PlanTier {
  const granting = subs
    .filter((s) => ['active', 'trialing', 'past_due'].includes(s.status))
    .map((s) => planTiers.indexOf(s.plan));
  return granting.length ? planTiers[Math.max(...granting)]! : 'free';
}

/** Stripe's events for the subscriptions' lives, as payloads (the same bytes on every delivery). */
function webhookSequence(userId: string, tag: string, subs: FinalSub[]): string[] {
  const events: string[] = [];
  const cus = `cus_${tag}`;
  let t = 1_800_000_000;
  subs.forEach((s, i) => {
    const id = `sub_${tag}_${i}`;
    stand.subscriptions.set(id, { id, status: s.status, customer: cus, price: PRICES[s.plan], userId });
    const object = subscriptionEventObject({ id, status: 'active', customer: cus, price: PRICES[s.plan], userId });
    events.push(
      stripeEvent('checkout.session.completed', checkoutSession(userId, id, cus, s.plan), {
        id: `evt_${tag}_${i}_c`,
        created: t++,
      }),
    );
    events.push(
      stripeEvent('invoice.paid', invoiceObject(`in_${tag}_${i}`, id, cus, userId, s.plan === 'premium' ? 900 : 3900), {
        id: `evt_${tag}_${i}_i`,
        created: t++,
      }),
    );
    events.push(
      stripeEvent(
        'customer.subscription.updated',
        { ...object, status: s.status },
        { id: `evt_${tag}_${i}_u`, created: t++ },
      ),
    );
    if (s.status === 'past_due' || s.status === 'unpaid') {
      events.push(
        stripeEvent('invoice.payment_failed', invoiceObject(`in_${tag}_${i}_2`, id, cus, userId, 900), {
          id: `evt_${tag}_${i}_f`,
          created: t++,
        }),
      );
    }
    if (s.status === 'canceled')
      events.push(
        stripeEvent(
          'customer.subscription.deleted',
          { ...object, status: 'canceled' },
          { id: `evt_${tag}_${i}_d`, created: t++ },
        ),
      );
  });
  return events;
}

const scenario = fc
  .array(
    fc.record({ status: fc.constantFrom(...STATUSES), plan: fc.constantFrom('premium' as const, 'business' as const) }),
    { minLength: 1, maxLength: 3 },
  )
  .chain((subs) => {
    const n = subs.reduce(
      (sum, s) =>
        sum + 3 + (s.status === 'past_due' || s.status === 'unpaid' ? 1 : 0) + (s.status === 'canceled' ? 1 : 0),
      0,
    );
    return fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 6 }).chain((again) => {
      const deliveries = [...Array.from({ length: n }, (_, i) => i), ...again];
      return fc.tuple(
        fc.constant(subs),
        fc.shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length }),
      );
    });
  });

let runs = 0;
describe('webhook redelivery and reordering', () => {
  it("any shuffled redelivery gives the plan and subscriptions of Stripe's final state", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ([subs, order]) => {
        const tag = `p${++runs}`;
        const { userId } = await registerUser(h.deps, { email: `${tag}-${Date.now()}@example.com`, password: null });
        const payloads = webhookSequence(userId, tag, subs);
        const deps = billingDeps();
        for (const i of order) {
          const payload = payloads[i]!;
          const webhook = deps.provider.verifyWebhook(Buffer.from(payload), signature(payload, SECRET));
          const outcome = await handleWebhook(deps, webhook);
          expect(outcome.status).toBe('recorded');
        }
        expect((await loadUser(h.deps.eventStore, userId)).plan).toBe(expectedPlan(subs));
        const billing = await loadBilling(h.deps.eventStore, userId);
        // An ended subscription is recorded as canceled, whichever way it ended.
        const final = Object.fromEntries(
          subs.map((s, i) => [`sub_${tag}_${i}`, s.status === 'incomplete_expired' ? 'canceled' : s.status]),
        );
        expect(Object.fromEntries(Object.entries(billing.subscriptions).map(([id, s]) => [id, s.status]))).toEqual(
          final,
        );
        // Each provider event is in the stream at most once.
        const ids = (await h.deps.eventStore.readStream(`billing-${userId}`)).map(
          (e) =>
            `${e.type}:${(e.data as { providerEventId: string }).providerEventId}:${(e.data as { subscriptionId?: string }).subscriptionId}`,
        );
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
