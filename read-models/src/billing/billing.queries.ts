import type { BillingHistoryEntry } from '@jsonable/contracts/billing';
import type { ReadModels } from '../projection';
import { BILLING_CUSTOMERS, BILLING_HISTORY, type BillingCustomerDoc, type BillingHistoryDoc } from './billing.projection';

export function toHistoryEntry(doc: BillingHistoryDoc): BillingHistoryEntry {
  return {
    id: doc.id, date: doc.date, event: doc.event as BillingHistoryEntry['event'],
    plan: doc.plan as BillingHistoryEntry['plan'], amount: doc.amount, currency: doc.currency,
  };
}

/** The user's billing history, newest first. */
export async function billingHistory(readModels: ReadModels, userId: string, limit = 200): Promise<BillingHistoryEntry[]> {
  const docs = await readModels.find<BillingHistoryDoc>(BILLING_HISTORY, { userId }, { sort: [['date', -1], ['id', 1]], limit });
  return docs.map(toHistoryEntry);
}

/** The user a provider customer belongs to, when a checkout of theirs was recorded. */
export async function findCustomerOwner(readModels: ReadModels, customerId: string): Promise<string | null> {
  try {
    return (await readModels.get<BillingCustomerDoc>(BILLING_CUSTOMERS, customerId))?.userId ?? null;
  } catch (error) {
    // A process composed without the billing module has no such read model: nobody is known.
    if (error instanceof Error && /unknown read model collection/i.test(error.message)) return null;
    throw error;
  }
}
