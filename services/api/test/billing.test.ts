/**
 * Billing over HTTP with the real `stripe` SDK pointed at a local stand-in for Stripe's API, and
 * webhooks signed by the SDK's own test helper.
 */
import type { Test } from 'supertest';
import { describe, expect, it } from 'vitest';
import { nextLink } from '@jsonable/contracts/lists';
import { billingMessages } from '@jsonable/contracts/billing';
import { bodyLimitMessage } from '../src/middleware/body';
import { createBillingModule } from '../src/modules/billing';
import { createImagesModule } from '../src/modules/images';
import { projectsModule } from '../src/modules/projects';
import { givenAccountsHarness, PUBLIC_URL, startAccountsHarness, type AccountsHarness } from './accounts.harness';
import {
  checkoutSession,
  invoiceObject,
  signature,
  startStripeStandIn,
  stripeEvent,
  subscriptionEventObject,
  type StandInSubscription,
} from './billing.stand-in';
import { given } from './support/given';

import { AppMetrics } from '../src/metrics';
import { NoSpaceFault } from '@jsonable/domain/faults';

const SECRET = 'whsec_test_secret';
const PRICES = { premium: 'price_premium_9', business: 'price_business_39' };

const stand = given(startStripeStandIn);
const h = givenAccountsHarness(() => ({
  config: { stripe: { secretKey: 'sk_test_jsonable', webhookSecret: SECRET, prices: PRICES, apiBase: stand.url } },
  extraModules: [createBillingModule(), projectsModule, createImagesModule()],
}));
/** The same service with no Stripe configured. */
const off = givenAccountsHarness({ extraModules: [createBillingModule()] });

/** Registers through the real flow (register → e-mail → confirm). */
const signUp = (harness: AccountsHarness) => harness.signUp(harness.freshEmail());

const api = () => h.api();

/** Stripe holds this subscription of `userId` (the stand-in answers it when the service re-reads it). */
function holds(id: string, userId: string | null, price: string, status = 'active'): StandInSubscription {
  const subscription = { id, status, customer: id.replace(/^sub_/, 'cus_'), price, userId };
  stand.subscriptions.set(id, subscription);
  return subscription;
}

/** Posts a webhook to `to` (the file's harness unless said), signed with the webhook secret unless said. */
function deliverTo(to: AccountsHarness, payload: string, sig = signature(payload, SECRET)) {
  return to
    .api()
    .post('/api/billing/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', sig)
    .send(payload);
}
const deliver = (payload: string, sig?: string) => deliverTo(h, payload, sig);

async function streamTypes(stream: string): Promise<string[]> {
  return (await h.deps.eventStore.readStream(stream)).map((e) => e.type);
}

async function planOf(cookie: string): Promise<{ tier: string; customer: string | null; subscription: string | null }> {
  const me = await api().get('/api/user').set('Cookie', cookie).expect(200);
  return {
    tier: me.body.current_plan_tier,
    customer: me.body.stripe_customer_id,
    subscription: me.body.stripe_subscription_id,
  };
}

describe('billing off (no Stripe configured)', () => {
  it('says so in the status, and checkout and portal answer 503 telling the user to contact support', async () => {
    const status = await off.api().get('/api/billing/status').expect(200);
    expect(status.body.enabled).toBe(false);
    expect(status.body.message).toBe(billingMessages.disabled);
    expect(status.body.plans.map((p: { tier: string }) => p.tier)).toEqual([
      'free',
      'basic',
      'premium',
      'business',
      'enterprise',
    ]);
    expect(status.body.plans.every((p: { available: boolean }) => !p.available)).toBe(true);

    const { cookie } = await signUp(off);
    for (const path of ['/api/billing/checkout', '/api/billing/portal']) {
      const res = await off.api().post(path).set('Cookie', cookie).send({ plan: 'premium' });
      expect(res.status, path).toBe(503);
      expect(res.body).toEqual({ success: false, error: { code: 503, message: billingMessages.disabled } });
      // Users read this: no operator command in it (that is in the README and the start log).
      expect(res.body.error.message).toContain('contact support');
      expect(res.body.error.message).not.toContain('npm run');
    }
    const hook = await off.api().post('/api/billing/webhook').set('Content-Type', 'application/json').send('{}');
    expect(hook.status).toBe(503);
    const history = await off.api().get('/api/billing/history').set('Cookie', cookie).expect(200);
    expect(history.body).toEqual({ entries: [] });
  });
});

describe('checkout and portal', () => {
  it('lists the purchasable plans as available', async () => {
    const res = await api().get('/api/billing/status').expect(200);
    expect(res.body.enabled).toBe(true);
    const available = res.body.plans
      .filter((p: { available: boolean }) => p.available)
      .map((p: { tier: string }) => p.tier);
    expect(available).toEqual(['premium', 'business']);
    expect(res.body.plans.find((p: { tier: string }) => p.tier === 'premium')).toMatchObject({
      name: 'Professional',
      priceLabel: '$9/month',
      tablesPerPeriod: 150,
      projects: 5,
    });
  });

  it('creates a subscription-mode Checkout Session for the plan price, and refuses bad input', async () => {
    const { cookie, userId } = await signUp(h);
    const before = stand.requests.length;
    const res = await api().post('/api/billing/checkout').set('Cookie', cookie).send({ plan: 'premium' }).expect(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const sent = stand.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [req] = sent;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/checkout/sessions');
    expect(req!.authorization).toBe('Bearer sk_test_jsonable');
    expect(req!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICES.premium,
      'line_items[0][quantity]': '1',
      client_reference_id: userId,
      'metadata[userId]': userId,
      'metadata[plan]': 'premium',
      'subscription_data[metadata][userId]': userId,
      success_url: `${PUBLIC_URL}/dashboard?checkout=success`,
      cancel_url: `${PUBLIC_URL}/dashboard?checkout=canceled`,
    });
    expect(req!.form.customer_email).toMatch(/@example\.com$/);
    expect(req!.form.customer).toBeUndefined();

    const bad = await api().post('/api/billing/checkout').set('Cookie', cookie).send({ plan: 'enterprise' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Choose a plan: premium (Professional) or business (Agency)');
    await api().post('/api/billing/checkout').send({ plan: 'premium' }).expect(401);
    // No customer yet: nothing to manage.
    const portal = await api().post('/api/billing/portal').set('Cookie', cookie).send({});
    expect(portal.status).toBe(409);
    expect(portal.body.error.message).toBe(billingMessages.noSubscription);
    expect(stand.requests.length).toBe(before + 1);
  });

  it('answers 502 when Stripe refuses our request for good, 503 with Retry-After while it fails, and records nothing', async () => {
    const { cookie, userId } = await signUp(h);
    const checkout = () => api().post('/api/billing/checkout').set('Cookie', cookie).send({ plan: 'premium' });
    const before = await streamTypes(`billing-${userId}`);

    stand.refuseNext(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' });
    const refused = await checkout();
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      success: false,
      error: { code: 502, message: expect.stringMatching(/refused the request\. Please contact support\.$/) },
    });
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(JSON.stringify(refused.body)).not.toMatch(/sk_test|Invalid API Key/);

    // The SDK retries a 500 twice itself; when every try fails the client is told to come back.
    stand.refuseNext(500, { type: 'api_error', message: 'Something went wrong on Stripe' }, 3);
    const failing = await checkout();
    expect(failing.status).toBe(503);
    expect(failing.headers['retry-after']).toBe('30');
    expect(failing.body.error.message).toBe(billingMessages.providerUnavailable);

    expect(await streamTypes(`billing-${userId}`)).toEqual(before);
    expect((await checkout()).status).toBe(200);
  });
});

describe('webhooks', () => {
  it('checkout.session.completed records the checkout, re-reads the subscription and moves the plan; the customer is then reused', async () => {
    const { cookie, userId } = await signUp(h);
    holds('sub_a1', userId, PRICES.premium);
    const before = stand.requests.length;
    const res = await deliver(stripeEvent('checkout.session.completed', checkoutSession(userId, 'sub_a1', 'cus_a1')));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'recorded' });
    expect(stand.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_a1']);
    expect(await streamTypes(`billing-${userId}`)).toEqual(['CheckoutCompleted']);
    const planChanges = (await h.deps.eventStore.readStream(`user-${userId}`)).filter((e) => e.type === 'PlanChanged');
    expect(planChanges.map((e) => e.data)).toEqual([
      { userId, from: 'free', to: 'premium', reason: 'checkout', subscriptionId: 'sub_a1' },
    ]);
    expect(await planOf(cookie)).toEqual({ tier: 'premium', customer: 'cus_a1', subscription: 'sub_a1' });

    const portal = await api().post('/api/billing/portal').set('Cookie', cookie).send({}).expect(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(stand.requests.at(-1)!).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: 'cus_a1', return_url: `${PUBLIC_URL}/dashboard` },
    });
    // A paying customer changes plans in the portal: a second Checkout would bill a second subscription.
    const second = await api().post('/api/billing/checkout').set('Cookie', cookie).send({ plan: 'business' });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(billingMessages.alreadySubscribed);
    const history = await api().get('/api/billing/history').set('Cookie', cookie).expect(200);
    expect(
      history.body.entries
        .map((e: { event: string; plan: string | null; amount: number | null }) => [e.event, e.plan, e.amount])
        .sort(),
    ).toEqual([
      ['CheckoutCompleted', 'premium', 900],
      ['PlanChanged', 'premium', null],
    ]);
    // Paged (issue #30): one entry a page, the same entries in the same order, then no next link.
    expect(history.headers['x-total-count']).toBe('2');
    const page1 = await api().get('/api/billing/history?limit=1').set('Cookie', cookie).expect(200);
    expect(page1.headers['x-total-count']).toBe('2');
    const next = new URL(nextLink(page1.headers.link)!);
    const page2 = await api().get(`${next.pathname}${next.search}`).set('Cookie', cookie).expect(200);
    expect(page2.headers.link).toBeUndefined();
    expect([...page1.body.entries, ...page2.body.entries]).toEqual(history.body.entries);
    expect((await api().get('/api/billing/history?limit=0').set('Cookie', cookie)).status).toBe(400);
    expect(
      (
        await api()
          .get(`${next.pathname}${next.search}`)
          .set('Cookie', (await signUp(h)).cookie)
      ).status,
    ).toBe(400);

    // Once it ended, a new Checkout reuses the customer.
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionEventObject(holds('sub_a1', userId, PRICES.premium, 'canceled')),
      ),
    ).expect(200);
    const again = stand.requests.length;
    await api().post('/api/billing/checkout').set('Cookie', cookie).send({ plan: 'business' }).expect(200);
    expect(stand.requests[again]!.form).toMatchObject({ customer: 'cus_a1', 'line_items[0][price]': PRICES.business });
    expect(stand.requests[again]!.form.customer_email).toBeUndefined();
    const current = await api().post('/api/billing/checkout').set('Cookie', cookie).send({ plan: 'free' });
    expect(current.status).toBe(400);
  });

  it('refuses a tampered body, a stale timestamp, a wrong secret and a missing signature with 400, appending nothing', async () => {
    const { userId } = await signUp(h);
    holds('sub_t1', userId, PRICES.premium);
    const payload = stripeEvent('checkout.session.completed', checkoutSession(userId, 'sub_t1', 'cus_t1'));
    const head = await h.deps.eventStore.headPosition();
    // Every delivery is counted by outcome (GET /metrics).
    const metrics = new AppMetrics({ defaultMetrics: false });
    h.deps.metrics = metrics;
    const cases: Array<[string, () => Test]> = [
      ['tampered body', () => deliver(payload.replace('"premium"', '"business"'), signature(payload, SECRET))],
      ['stale timestamp', () => deliver(payload, signature(payload, SECRET, Math.floor(Date.now() / 1000) - 301))],
      ['wrong secret', () => deliver(payload, signature(payload, 'whsec_someone_else'))],
      [
        'missing signature',
        () => api().post('/api/billing/webhook').set('Content-Type', 'application/json').send(payload),
      ],
      ['garbage signature', () => deliver(payload, 't=1,v1=deadbeef')],
    ];
    for (const [name, send] of cases) {
      const res = await send();
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({
        success: false,
        error: { code: 400, message: billingMessages.invalidSignature },
      });
    }
    expect(await h.deps.eventStore.headPosition()).toBe(head);
    // Within the 300 s tolerance it is accepted.
    await deliver(payload, signature(payload, SECRET, Math.floor(Date.now() / 1000) - 200)).expect(200);
    expect(await streamTypes(`billing-${userId}`)).toEqual(['CheckoutCompleted']);
    await deliver(payload).expect(200);
    const counted = (await metrics.registry.getSingleMetric('jsonable_billing_webhooks_total')!.get()).values.map(
      (v) => [v.labels.outcome, v.value],
    );
    // A redelivery is recorded again (it appends nothing: event ids come from Stripe's).
    expect(Object.fromEntries(counted)).toEqual({ refused: 5, recorded: 2 });
    delete h.deps.metrics;
  });

  it('reads the webhook body itself with the API body limit (413 beyond it)', async () => {
    const small = await startAccountsHarness({
      config: {
        bodyLimitBytes: 2048,
        stripe: { secretKey: 'sk_test_jsonable', webhookSecret: SECRET, prices: PRICES, apiBase: stand.url },
      },
      extraModules: [createBillingModule()],
    });
    try {
      const payload = stripeEvent('customer.created', {
        id: 'cus_big',
        object: 'customer',
        description: 'x'.repeat(4096),
      });
      const res = await deliverTo(small, payload);
      expect(res.status).toBe(413);
      expect(res.body.error.message).toBe(bodyLimitMessage(2048));
      const fits = stripeEvent('customer.created', { id: 'cus_small', object: 'customer' });
      await deliverTo(small, fits).expect(200, { received: true, outcome: 'ignored' });
    } finally {
      await small.close();
    }
  });

  it('the same event delivered three times is recorded once', async () => {
    const { cookie, userId } = await signUp(h);
    holds('sub_r1', userId, PRICES.business);
    const payload = stripeEvent('checkout.session.completed', checkoutSession(userId, 'sub_r1', 'cus_r1', 'business'));
    for (let i = 0; i < 3; i++) await deliver(payload).expect(200);
    const inv = stripeEvent('invoice.paid', invoiceObject('in_r1', 'sub_r1', 'cus_r1', userId, 3900));
    for (let i = 0; i < 3; i++) await deliver(inv).expect(200);
    expect(await streamTypes(`billing-${userId}`)).toEqual(['CheckoutCompleted', 'InvoicePaid']);
    expect((await streamTypes(`user-${userId}`)).filter((t) => t === 'PlanChanged')).toHaveLength(1);
    expect((await planOf(cookie)).tier).toBe('business');
  });

  it('shuffled delivery orders end in the same billing state and plan', async () => {
    // Stripe's truth at the end: sub 1 (premium) was canceled, sub 2 (business) is active.
    const orders = [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 4, 0, 3, 1],
      [3, 0, 4, 1, 2],
    ];
    const results: unknown[] = [];
    for (const order of orders) {
      const { cookie, userId } = await signUp(h);
      const s1 = `sub_${userId.slice(0, 8)}_1`;
      const s2 = `sub_${userId.slice(0, 8)}_2`;
      const cus = `cus_${userId.slice(0, 8)}`;
      stand.subscriptions.set(s1, { id: s1, status: 'canceled', customer: cus, price: PRICES.premium, userId });
      stand.subscriptions.set(s2, { id: s2, status: 'active', customer: cus, price: PRICES.business, userId });
      const t = 1_800_000_000;
      const events = [
        stripeEvent('checkout.session.completed', checkoutSession(userId, s1, cus), {
          id: `evt_${userId}_1`,
          created: t,
        }),
        stripeEvent(
          'customer.subscription.updated',
          subscriptionEventObject({ id: s1, status: 'past_due', customer: cus, price: PRICES.premium, userId }),
          { id: `evt_${userId}_2`, created: t + 10 },
        ),
        stripeEvent(
          'customer.subscription.deleted',
          subscriptionEventObject({ id: s1, status: 'canceled', customer: cus, price: PRICES.premium, userId }),
          { id: `evt_${userId}_3`, created: t + 20 },
        ),
        stripeEvent('checkout.session.completed', checkoutSession(userId, s2, cus, 'business'), {
          id: `evt_${userId}_4`,
          created: t + 30,
        }),
        stripeEvent('invoice.paid', invoiceObject(`in_${userId}`, s2, cus, userId, 3900), {
          id: `evt_${userId}_5`,
          created: t + 31,
        }),
      ];
      for (const i of order) await deliver(events[i]!).expect(200);
      const plan = await planOf(cookie);
      const history = await api().get('/api/billing/history').set('Cookie', cookie).expect(200);
      const billing = await h.deps.eventStore.readStream(`billing-${userId}`);
      const subs = new Map<string, string>();
      for (const e of billing) {
        const d = e.data as { subscriptionId: string; status?: string };
        if (e.type === 'SubscriptionCanceled') subs.set(d.subscriptionId, 'canceled');
        else if (e.type === 'SubscriptionChanged') subs.set(d.subscriptionId, d.status!);
        else if (e.type === 'CheckoutCompleted' && !subs.has(d.subscriptionId)) subs.set(d.subscriptionId, 'active');
      }
      const same = (id: string) => id.replace(userId.slice(0, 8), 'U');
      results.push({
        tier: plan.tier,
        customer: plan.customer && same(plan.customer),
        subscription: plan.subscription && same(plan.subscription),
        subscriptions: [...subs].map(([id, s]) => [same(id), s]).sort(),
        paid: history.body.entries
          .filter((e: { event: string }) =>
            ['InvoicePaid', 'CheckoutCompleted', 'SubscriptionCanceled'].includes(e.event),
          )
          .map((e: { event: string; amount: number | null; date: string }) => [e.event, e.amount])
          .sort(),
      });
    }
    expect(results[0]).toMatchObject({ tier: 'business', subscription: 'sub_U_2', customer: 'cus_U' });
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
  });

  it('a webhook our store cannot record (disk full) is answered 5xx with Retry-After, so Stripe redelivers it, and the redelivery is recorded once', async () => {
    const { cookie, userId } = await signUp(h);
    const live = { id: 'sub_full', status: 'active', customer: 'cus_full', price: PRICES.premium, userId };
    stand.subscriptions.set('sub_full', live);
    const event = stripeEvent('checkout.session.completed', checkoutSession(userId, 'sub_full', 'cus_full'));
    const store = h.deps.eventStore;
    h.deps.eventStore = new Proxy(store, {
      get(target, property) {
        if (property === 'append')
          return async () =>
            Promise.reject(new NoSpaceFault('event-store', { detail: 'SQLITE_FULL: database or disk is full' }));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      const refused = await deliver(event);
      expect(refused.status).toBe(507);
      expect(refused.headers['retry-after']).toBe('60');
    } finally {
      h.deps.eventStore = store;
    }
    expect(await streamTypes(`billing-${userId}`)).toEqual([]);
    await deliver(event).expect(200);
    await deliver(event).expect(200);
    expect(await streamTypes(`billing-${userId}`)).toEqual(['CheckoutCompleted']);
    expect((await planOf(cookie)).tier).toBe('premium');
  });

  it('a plan change made in the portal and a failed payment move the plan; Stripe unreachable answers 503 so it retries', async () => {
    const { cookie, userId } = await signUp(h);
    const live = { id: 'sub_p1', status: 'active', customer: 'cus_p1', price: PRICES.premium, userId };
    stand.subscriptions.set('sub_p1', live);
    await deliver(stripeEvent('checkout.session.completed', checkoutSession(userId, 'sub_p1', 'cus_p1'))).expect(200);
    stand.subscriptions.set('sub_p1', { ...live, price: PRICES.business });
    await deliver(
      stripeEvent('customer.subscription.updated', subscriptionEventObject({ ...live, price: PRICES.business })),
    ).expect(200);
    expect((await planOf(cookie)).tier).toBe('business');
    stand.subscriptions.set('sub_p1', { ...live, price: PRICES.business, status: 'unpaid' });
    await deliver(
      stripeEvent('invoice.payment_failed', invoiceObject('in_p1', 'sub_p1', 'cus_p1', userId, 3900)),
    ).expect(200);
    expect((await planOf(cookie)).tier).toBe('free');
    const changes = (await h.deps.eventStore.readStream(`user-${userId}`))
      .filter((e) => e.type === 'PlanChanged')
      .map((e) => e.data);
    expect(changes).toMatchObject([
      { from: 'free', to: 'premium', reason: 'checkout' },
      { from: 'premium', to: 'business', reason: 'subscription_updated' },
      { from: 'business', to: 'free', reason: 'payment_failed' },
    ]);
    expect(await streamTypes(`billing-${userId}`)).toEqual([
      'CheckoutCompleted',
      'SubscriptionChanged',
      'InvoicePaymentFailed',
      'SubscriptionChanged',
    ]);

    // Stripe cannot be reached for the re-read: nothing recorded, 503, and the redelivery works.
    const down = await startAccountsHarness({
      config: {
        stripe: { secretKey: 'sk_test_jsonable', webhookSecret: SECRET, prices: PRICES, apiBase: 'http://127.0.0.1:9' },
      },
      extraModules: [createBillingModule()],
    });
    try {
      const payload = stripeEvent('customer.subscription.updated', subscriptionEventObject(live));
      const head = await down.deps.eventStore.headPosition();
      const res = await deliverTo(down, payload);
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(billingMessages.providerUnavailable);
      expect(await down.deps.eventStore.headPosition()).toBe(head);
    } finally {
      await down.close();
    }
  });

  it('an event for an account we do not have answers 200 (so Stripe stops retrying) and records nothing', async () => {
    holds('sub_ghost', null, PRICES.premium);
    const head = await h.deps.eventStore.headPosition();
    const res = await deliver(
      stripeEvent('customer.subscription.updated', subscriptionEventObject(stand.subscriptions.get('sub_ghost')!)),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'unknown_user' });
    const missing = await deliver(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession('00000000-0000-4000-8000-000000000000', 'sub_ghost', 'cus_ghost'),
      ),
    );
    expect(missing.body.outcome).toBe('unknown_user');
    const other = await deliver(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(other.body.outcome).toBe('ignored');
    expect(await h.deps.eventStore.headPosition()).toBe(head);
  });

  it('a downgrade below the project count keeps the projects but blocks creating more', async () => {
    const { cookie, userId } = await signUp(h);
    holds('sub_d1', userId, PRICES.premium);
    await deliver(stripeEvent('checkout.session.completed', checkoutSession(userId, 'sub_d1', 'cus_d1'))).expect(200);
    for (const name of ['One', 'Two', 'Three']) {
      await api().post('/api/jsonable/projects').set('Cookie', cookie).send({ name, description: '' }).expect(201);
    }
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionEventObject(holds('sub_d1', userId, PRICES.premium, 'canceled')),
      ),
    ).expect(200);
    expect(await planOf(cookie)).toEqual({ tier: 'free', customer: 'cus_d1', subscription: null });
    const list = await api().get('/api/jsonable/projects').set('Cookie', cookie).expect(200);
    expect(list.body).toHaveLength(3);
    const refused = await api()
      .post('/api/jsonable/projects')
      .set('Cookie', cookie)
      .send({ name: 'Four', description: '' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe('Your Free plan allows 1 project. Upgrade your plan to create more.');
    const last = (await h.deps.eventStore.readStream(`user-${userId}`)).filter((e) => e.type === 'PlanChanged').at(-1)!;
    expect(last.data).toMatchObject({ from: 'premium', to: 'free', reason: 'subscription_canceled' });
  });
});
