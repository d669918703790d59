/**
 * billing: the billing history the settings page lists (one row per provider fact and plan
 * change), and which user each provider customer belongs to (webhooks without our metadata).
 */
import type { Doc } from '../ports';
import { defineProjection } from '../projection';
import { BILLING_HISTORY_TYPES } from '@jsonable/contracts/billing';
import { historyRow } from './billing-history';

export const BILLING_HISTORY = 'billing_history';
export const BILLING_CUSTOMERS = 'billing_customers';

export interface BillingHistoryDoc extends Doc {
  id: string;
  userId: string;
  date: string;
  event: string;
  plan: string | null;
  amount: number | null;
  currency: string | null;
  subscriptionId: string | null;
  position: number;
}

export interface BillingCustomerDoc extends Doc {
  id: string;
  userId: string;
  position: number;
}

export const billingProjection = defineProjection({
  name: 'billing',
  version: 1,
  collections: [
    { name: BILLING_HISTORY, indexes: ['userId', 'date'] },
    { name: BILLING_CUSTOMERS, indexes: [] },
  ],
  handles: BILLING_HISTORY_TYPES,
  async handle(event, tx) {
    const row = historyRow(event);
    if (!row) return;
    // A row once written is a fact: a redelivered or repeated event leaves it as it is.
    if (!(await tx.get<BillingHistoryDoc>(BILLING_HISTORY, row.rowId))) {
      tx.put(BILLING_HISTORY, {
        id: row.rowId,
        userId: row.userId,
        date: row.entry.date,
        event: row.entry.event,
        plan: row.entry.plan,
        amount: row.entry.amount,
        currency: row.entry.currency,
        subscriptionId: row.subscriptionId,
        position: event.position,
      } satisfies BillingHistoryDoc);
    }
    if (event.type === 'CheckoutCompleted') {
      const d = event.data;
      if (d.customerId && !(await tx.get<BillingCustomerDoc>(BILLING_CUSTOMERS, d.customerId))) {
        tx.put(BILLING_CUSTOMERS, {
          id: d.customerId,
          userId: d.userId,
          position: event.position,
        } satisfies BillingCustomerDoc);
      }
    }
  },
});
