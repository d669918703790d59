import type { BillingHistoryEntry } from '@jsonable/contracts/billing';
import { findPage, type KeysetOrder, type KeysetPosition, type PageRequest } from '../paging';
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

const NEWEST_FIRST: KeysetOrder<BillingHistoryDoc> = [
  ['date', -1],
  ['id', -1],
];

/** A page of the user's billing history, newest first, after `page.after` when given. */
export async function billingHistory(
  readModels: ReadModels,
  userId: string,
  page: PageRequest = { limit: 200 },
): Promise<{ entries: BillingHistoryEntry[]; next: KeysetPosition | null }> {
  const { docs, next } = await findPage(readModels, BILLING_HISTORY, { userId }, NEWEST_FIRST, page);
  return { entries: docs.map(toHistoryEntry), next };
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
