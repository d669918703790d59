import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '@jsonable/contracts/events';
import { foldEvents } from '../runtime/decider';
import { testDecider } from '../runtime/testing';
import { billingDecider, paidPlan, type ObservedSubscription, type RecordWebhook } from './billing.decider';

const spec = testDecider(billingDecider);
const at = '2026-11-01T10:00:00.000Z';
const sub = (status: string, plan: ObservedSubscription['plan'] = 'premium', id = 'sub_1'): ObservedSubscription => ({
  id,
  status,
  plan,
  customerId: 'cus_1',
  currentPeriodEnd: '2026-12-01T10:00:00.000Z',
});
const checkout = (
  eventId: string,
  subscription: ObservedSubscription | null,
  subscriptionId = 'sub_1',
): RecordWebhook => ({
  type: 'RecordWebhook',
  data: {
    userId: 'u1',
    subscription,
    webhook: {
      kind: 'checkout_completed',
      eventId,
      occurredAt: at,
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId,
      plan: 'premium',
      amount: 900,
      currency: 'usd',
    },
  },
});
const updated = (
  eventId: string,
  subscription: ObservedSubscription | null,
  kind: 'subscription_updated' | 'subscription_deleted' = 'subscription_updated',
): RecordWebhook => ({
  type: 'RecordWebhook',
  data: {
    userId: 'u1',
    subscription,
    webhook: {
      kind,
      eventId,
      occurredAt: at,
      subscriptionId: subscription?.id ?? 'sub_1',
      customerId: 'cus_1',
      userId: 'u1',
    },
  },
});
const completed = (eventId: string, id = 'sub_1', plan: 'premium' | 'business' = 'premium'): BillingEvent => ({
  type: 'CheckoutCompleted',
  data: {
    userId: 'u1',
    providerEventId: eventId,
    customerId: 'cus_1',
    subscriptionId: id,
    plan,
    amount: 900,
    currency: 'usd',
    occurredAt: at,
  },
});
const changed = (
  eventId: string,
  status: string,
  { id = 'sub_1', plan = 'premium', currentPeriodEnd = null }: Partial<ObservedSubscription> = {},
): BillingEvent => ({
  type: 'SubscriptionChanged',
  data: { userId: 'u1', providerEventId: eventId, subscriptionId: id, status, plan, currentPeriodEnd, occurredAt: at },
});
const canceled = (eventId: string, id = 'sub_1'): BillingEvent => ({
  type: 'SubscriptionCanceled',
  data: {
    userId: 'u1',
    providerEventId: eventId,
    subscriptionId: id,
    occurredAt: at,
  },
});

describe('billing decider', () => {
  it('records a checkout', () => {
    spec
      .given([])
      .when(checkout('evt_1', sub('active')))
      .then([completed('evt_1')]);
  });

  it('changes nothing on a redelivered checkout event', () => {
    spec
      .given([completed('evt_1')])
      .when(checkout('evt_1', sub('active')))
      .thenNothing();
  });

  it('records nothing when the provider copy of the subscription equals the stream', () => {
    spec
      .given([completed('evt_1')])
      .when(updated('evt_2', sub('active')))
      .thenNothing();
  });

  it('records a subscription whose provider copy differs from the stream', () => {
    spec
      .given([completed('evt_1')])
      .when(updated('evt_2', sub('past_due')))
      .then([changed('evt_2', 'past_due', { currentPeriodEnd: '2026-12-01T10:00:00.000Z' })]);
  });

  it('records a deleted subscription as canceled', () => {
    spec
      .given([completed('evt_1')])
      .when(updated('evt_3', sub('canceled'), 'subscription_deleted'))
      .then([canceled('evt_3')]);
  });

  it('never revives an ended subscription from a stale copy', () => {
    spec
      .given([completed('evt_1'), canceled('evt_3')])
      .when(updated('evt_2', sub('active')))
      .thenNothing();
  });

  it('says again that a subscription ended when its checkout arrives late', () => {
    spec
      .given([canceled('evt_3')])
      .when(checkout('evt_1', sub('canceled')))
      .then([completed('evt_1'), canceled('evt_1')]);
  });

  it('after a late checkout of an ended subscription, points back at the one that still grants a plan', () => {
    const business = changed('evt_9', 'active', { id: 'sub_2', plan: 'business' });
    const events = spec
      .given([business, canceled('evt_3')])
      .when(checkout('evt_1', sub('canceled')))
      .then([
        completed('evt_1'),
        canceled('evt_1'),
        {
          ...business,
          data: { ...business.data, providerEventId: 'evt_1' },
        } as BillingEvent,
      ]);
    expect(paidPlan(foldEvents(billingDecider, [business, canceled('evt_3'), ...events]))).toBe('business');
  });
});

describe('the paid plan', () => {
  it('is none without subscriptions', () => {
    expect(paidPlan(billingDecider.initialState())).toBeNull();
  });

  it('is the best granting subscription', () => {
    expect(paidPlan(foldEvents(billingDecider, [completed('e1', 'sub_1'), completed('e2', 'sub_2', 'business')]))).toBe(
      'business',
    );
  });

  it('is free once the subscription is canceled', () => {
    expect(paidPlan(foldEvents(billingDecider, [completed('e1', 'sub_1'), canceled('e2', 'sub_1')]))).toBe('free');
  });

  it('is free while the subscription is unpaid', () => {
    const unpaid = changed('e3', 'unpaid');
    expect(paidPlan(foldEvents(billingDecider, [completed('e1'), unpaid]))).toBe('free');
  });
});

describe('billing decider: invoices', () => {
  const invoice = (kind: 'invoice_paid' | 'invoice_payment_failed', eventId: string): RecordWebhook => ({
    type: 'RecordWebhook',
    data: {
      userId: 'u1',
      subscription: null,
      webhook: {
        kind,
        eventId,
        occurredAt: at,
        invoiceId: 'in_1',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        userId: 'u1',
        amount: 900,
        currency: 'usd',
      },
    },
  });
  const paid: BillingEvent[] = [
    {
      type: 'InvoicePaid',
      data: {
        userId: 'u1',
        providerEventId: 'e1',
        invoiceId: 'in_1',
        subscriptionId: 'sub_1',
        amount: 900,
        currency: 'usd',
        occurredAt: at,
      },
    },
  ];

  it('records a paid invoice', () => {
    spec.given([]).when(invoice('invoice_paid', 'e1')).then(paid);
  });

  it('records an invoice as paid only once', () => {
    spec.given(paid).when(invoice('invoice_paid', 'e2')).thenNothing();
  });

  it('records each failed payment attempt as its own fact, also after the invoice was paid', () => {
    spec
      .given(paid)
      .when(invoice('invoice_payment_failed', 'e3'))
      .then([
        {
          type: 'InvoicePaymentFailed',
          data: {
            userId: 'u1',
            providerEventId: 'e3',
            invoiceId: 'in_1',
            subscriptionId: 'sub_1',
            amount: 900,
            currency: 'usd',
            occurredAt: at,
          },
        },
      ]);
  });
});
