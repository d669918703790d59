import type { BillingHistoryEntry } from '@jsonable/contracts/billing';
import type { ReadModels } from '../projection';
import {
  BILLING_CUSTOMERS,
  BILLING_HISTORY,
  type BillingCustomerDoc,
  type BillingHistoryDoc,
} from './billing.projection';

export function toHistoryEntry(doc: BillingHistoryDoc): BillingHistoryEntry {
  return {
    id: doc.id,
    date: doc.date,
    event: doc.event as BillingHistoryEntry['event'],
    plan: doc.plan as BillingHistoryEntry['plan'],
    amount: doc.amount,
    currency: doc.currency,
  };
}

/** A keyset position in the billing history: the (date, id) of the last entry of a page. */
export type BillingPosition = [date: string, id: string];

/** A page of the user's billing history, newest first, after `after` when given. */
export async function billingHistory(
  readModels: ReadModels,
  userId: string,
  page: { limit: number; after?: BillingPosition } = { limit: 200 },
): Promise<{ entries: BillingHistoryEntry[]; next: BillingPosition | null }> {
  const found = await readModels.find<BillingHistoryDoc>(
    BILLING_HISTORY,
    { userId },
    {
      sort: [
        ['date', -1],
        ['id', -1],
      ],
      limit: page.limit + 1,
      ...(page.after ? { after: page.after } : {}),
    },
  );
  const docs = found.slice(0, page.limit);
  const last = docs[docs.length - 1];
  return { entries: docs.map(toHistoryEntry), next: found.length > page.limit && last ? [last.date, last.id] : null };
}

export function countBillingHistory(readModels: ReadModels, userId: string): Promise<number> {
  return readModels.count(BILLING_HISTORY, { userId });
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
