/**
 * Usage over time (GET /api/jsonable/user/usage): renders per day over the last 12 months, for
 * the account or one project (`none`: renders without a project), from the server's read model.
 */
import useSWR from 'swr';
import { USAGE_NO_PROJECT, usageHistorySchema, type UsageHistory } from '@jsonable/contracts/usage-history';
import { api } from '../../../lib/api-client';
import { USAGE_HISTORY_KEY } from '../../../lib/api/keys';

export { USAGE_NO_PROJECT, type UsageHistory };

/** `project`: '' for the whole account, a project id, or USAGE_NO_PROJECT. Null `enabled` fetches nothing. */
export function useUsageHistory(project: string, enabled: boolean) {
  const key = enabled ? `${USAGE_HISTORY_KEY}${project ? `?projectId=${encodeURIComponent(project)}` : ''}` : null;
  const { data, error, isLoading } = useSWR<UsageHistory>(key, (path: string) => api.get(path, usageHistorySchema), {
    keepPreviousData: true,
  });
  return { history: data ?? null, error: error as unknown, isLoading };
}
