import { describe, expect, it } from 'vitest';
import { runProjectionTwice } from '@jsonable/projector/testing';
import { BILLING_CUSTOMERS, BILLING_HISTORY, billingProjection } from './billing.projection';

const at = '2026-03-01T09:00:00.000Z';
const events = [
  {
    type: 'UserRegistered',
    streamId: 'user-u1',
    data: {
      userId: 'u1',
      email: 'a@b.co',
      passwordHash: null,
      authProvider: 'magic_link',
      registeredAt: at,
      plan: 'free',
    },
  },
  {
    type: 'CheckoutCompleted',
    streamId: 'billing-u1',
    data: {
      userId: 'u1',
      providerEventId: 'evt_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      plan: 'premium',
      amount: 900,
      currency: 'usd',
      occurredAt: at,
    },
  },
  {
    type: 'PlanChanged',
    streamId: 'user-u1',
    data: { userId: 'u1', from: 'free', to: 'premium', reason: 'checkout', subscriptionId: 'sub_1' },
    createdAt: '2026-03-01T09:00:01.000Z',
  },
  {
    type: 'InvoicePaid',
    streamId: 'billing-u1',
    data: {
      userId: 'u1',
      providerEventId: 'evt_2',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      amount: 900,
      currency: 'usd',
      occurredAt: '2026-03-01T09:00:02.000Z',
    },
  },
  {
    type: 'SubscriptionChanged',
    streamId: 'billing-u1',
    data: {
      userId: 'u1',
      providerEventId: 'evt_3',
      subscriptionId: 'sub_1',
      status: 'past_due',
      plan: 'premium',
      currentPeriodEnd: null,
      occurredAt: '2026-03-02T00:00:00.000Z',
    },
  },
  // The same state said again (a late checkout re-pointing the account) adds no row.
  {
    type: 'SubscriptionChanged',
    streamId: 'billing-u1',
    data: {
      userId: 'u1',
      providerEventId: 'evt_9',
      subscriptionId: 'sub_1',
      status: 'past_due',
      plan: 'premium',
      currentPeriodEnd: null,
      occurredAt: '2026-03-05T00:00:00.000Z',
    },
  },
  {
    type: 'SubscriptionCanceled',
    streamId: 'billing-u1',
    data: { userId: 'u1', providerEventId: 'evt_4', subscriptionId: 'sub_1', occurredAt: '2026-03-03T00:00:00.000Z' },
  },
  {
    type: 'SubscriptionCanceled',
    streamId: 'billing-u1',
    data: { userId: 'u1', providerEventId: 'evt_5', subscriptionId: 'sub_1', occurredAt: '2026-03-04T00:00:00.000Z' },
  },
];

describe('billing projection', () => {
  it('lists one row per fact and plan change, once per subscription state, and maps customers to users', async () => {
    const docs = await runProjectionTwice(billingProjection, events);
    const rows = docs[BILLING_HISTORY]!.map((d) => [d.event, d.date, d.plan, d.amount]);
    expect(rows.sort()).toEqual([
      ['CheckoutCompleted', at, 'premium', 900],
      ['InvoicePaid', '2026-03-01T09:00:02.000Z', null, 900],
      ['PlanChanged', '2026-03-01T09:00:01.000Z', 'premium', null],
      ['SubscriptionCanceled', '2026-03-03T00:00:00.000Z', null, null],
      ['SubscriptionChanged', '2026-03-02T00:00:00.000Z', 'premium', null],
    ]);
    expect(docs[BILLING_CUSTOMERS]).toEqual([{ id: 'cus_1', userId: 'u1', position: 2 }]);
  });
});
