/**
 * What one event means in a user's billing history. Shared by the billing-history projection
 * and the auditors' replay, so both speak the same rows.
 */
import type { BillingHistoryEntry } from '@jsonable/contracts/billing';
import type { BillingEvent, PlanChanged } from '@jsonable/contracts/events';

export interface HistoryRow {
  /** Row id: the event id, except one row per subscription state (a state may be said twice). */
  rowId: string;
  userId: string;
  entry: BillingHistoryEntry;
  subscriptionId: string | null;
}

/** `createdAt` is when the event was recorded: the date of a plan change. */
export function historyRow(event: { id: string; type: string; data: unknown; createdAt: string }): HistoryRow | null {
  const e = { type: event.type, data: event.data } as BillingEvent | PlanChanged;
  const row = (
    entry: Omit<BillingHistoryEntry, 'id' | 'event'>,
    userId: string,
    subscriptionId: string | null,
    rowId = event.id,
  ): HistoryRow => ({
    rowId,
    userId,
    subscriptionId,
    entry: { id: rowId, event: e.type, ...entry },
  });
  switch (e.type) {
    case 'CheckoutCompleted':
      return row(
        { date: e.data.occurredAt, plan: e.data.plan, amount: e.data.amount, currency: e.data.currency },
        e.data.userId,
        e.data.subscriptionId,
      );
    case 'SubscriptionChanged':
      // One row per state a subscription reached: the same state said again adds no row.
      return row(
        { date: e.data.occurredAt, plan: e.data.plan, amount: null, currency: null },
        e.data.userId,
        e.data.subscriptionId,
        `sub:${e.data.userId}:${e.data.subscriptionId}:${e.data.status}:${e.data.plan}`,
      );
    case 'SubscriptionCanceled':
      return row(
        { date: e.data.occurredAt, plan: null, amount: null, currency: null },
        e.data.userId,
        e.data.subscriptionId,
        `cancel:${e.data.userId}:${e.data.subscriptionId}`,
      );
    case 'InvoicePaid':
    case 'InvoicePaymentFailed':
      return row(
        { date: e.data.occurredAt, plan: null, amount: e.data.amount, currency: e.data.currency },
        e.data.userId,
        e.data.subscriptionId,
      );
    case 'PlanChanged':
      return row(
        { date: event.createdAt, plan: e.data.to, amount: null, currency: null },
        e.data.userId,
        e.data.subscriptionId ?? null,
      );
    default:
      return null;
  }
}
