/**
 * The API status panel (SPEC §4): operational until the first check says otherwise; checked on
 * load and every 60 s; a failed request or an unreadable answer means unavailable.
 */
import useSWR from 'swr';
import { statusResponseSchema } from '@jsonable/contracts/render-api';
import { api } from '../../../lib/api-client';

export const STATUS_KEY = '/api/jsonable/status';
export const STATUS_POLL_MS = 60_000;

export type ApiStatus = 'operational' | 'unavailable';

async function checkStatus(path: string): Promise<ApiStatus> {
  try {
    const { status } = await api.get(path, statusResponseSchema);
    return status === 'operational' ? 'operational' : 'unavailable';
  } catch (err) {
    console.error('Error checking API status:', err);
    return 'unavailable';
  }
}

export function useApiStatus(): ApiStatus {
  const { data } = useSWR<ApiStatus>(STATUS_KEY, checkStatus, { refreshInterval: STATUS_POLL_MS });
  return data ?? 'operational';
}
