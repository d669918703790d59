/**
 * The API status panel (SPEC §4): operational until the first check says otherwise; checked on
 * load and every 60 s; a failed request or an unreadable answer means unavailable. 'degraded'
 * (the API serves, but a part of it fails: storage full, e-mail or payments down …) is shown as
 * such, with the parts named, rather than as down.
 */
import useSWR from 'swr';
import { statusResponseSchema, type StatusResponse } from '@jsonable/contracts/render-api';
import { api } from '../../../lib/api-client';

export const STATUS_KEY = '/api/jsonable/status';
export const STATUS_POLL_MS = 60_000;

export interface ApiStatus {
  state: 'operational' | 'degraded' | 'unavailable';
  /** For degraded: the affected parts in the product's words, and what is wrong with each. */
  parts: Array<{ name: string; message: string }>;
}

const PART_NAMES: Record<string, string> = {
  'event-store': 'storage',
  'document-store': 'storage',
  'blob-store': 'storage',
  disk: 'storage',
  mailer: 'e-mail',
  billing: 'payments',
  projector: 'dashboard updates',
};

export function toApiStatus(response: StatusResponse): ApiStatus {
  if (response.status === 'operational') return { state: 'operational', parts: [] };
  if (response.status !== 'degraded') return { state: 'unavailable', parts: [] };
  const parts = new Map<string, string>();
  for (const c of response.components ?? []) {
    const name = PART_NAMES[c.component] ?? c.component;
    if (!parts.has(name)) parts.set(name, c.message);
  }
  return { state: 'degraded', parts: [...parts].map(([name, message]) => ({ name, message })) };
}

async function checkStatus(path: string): Promise<ApiStatus> {
  try {
    return toApiStatus(await api.get(path, statusResponseSchema));
  } catch (err) {
    console.error('Error checking API status:', err);
    return { state: 'unavailable', parts: [] };
  }
}

const ASSUMED: ApiStatus = { state: 'operational', parts: [] };

export function useApiStatus(): ApiStatus {
  const { data } = useSWR<ApiStatus>(STATUS_KEY, checkStatus, { refreshInterval: STATUS_POLL_MS });
  return data ?? ASSUMED;
}
