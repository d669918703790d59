/**
 * Billing from the web app: whether card billing is on, Checkout and the Customer Portal, and
 * the billing history the settings page lists.
 */
import useSWR from 'swr';
import {
  billingHistorySchema,
  billingRedirectSchema,
  billingStatusSchema,
  type BillingHistoryEntry,
  type BillingStatus,
  type PurchasablePlan,
} from '@jsonable/contracts/billing';
import { api } from '../api-client';

export const BILLING_STATUS_KEY = '/api/billing/status';
export const BILLING_HISTORY_KEY = '/api/billing/history';

export function useBillingStatus() {
  const { data, error, isLoading } = useSWR<BillingStatus>(BILLING_STATUS_KEY, (path: string) =>
    api.get(path, billingStatusSchema),
  );
  return { status: data ?? null, enabled: data?.enabled ?? null, error: error as unknown, isLoading };
}

/** Starts Stripe Checkout for a plan; resolves with the page to send the browser to. */
export async function startCheckout(plan: PurchasablePlan): Promise<string> {
  const { url } = await api.post('/api/billing/checkout', { plan }, billingRedirectSchema);
  return url;
}

export async function openPortal(): Promise<string> {
  const { url } = await api.post('/api/billing/portal', {}, billingRedirectSchema);
  return url;
}

export type BillingEntry = BillingHistoryEntry;

const historySchema = billingHistorySchema.transform((h) => h.entries);

export function useBillingHistory() {
  // The newest 200 entries (the history is paged; years of monthly invoices fit in one page).
  const { data, error, isLoading } = useSWR<BillingEntry[]>(BILLING_HISTORY_KEY, (path: string) =>
    api.get(`${path}?limit=200`, historySchema),
  );
  return { entries: data ?? [], error: error as unknown, isLoading, loaded: data !== undefined };
}

/** Amounts arrive in the currency's minor unit (cents), as the card provider sends them. */
export function formatAmount(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  const code = (currency ?? 'usd').toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}
