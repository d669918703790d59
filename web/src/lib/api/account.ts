/**
 * The signed-in account as the dashboard sees it (GET /api/jsonable/user): plan, usage against the
 * plan's allowance and the reset date; and the statistics read model (GET /api/jsonable/user/stats).
 */
import useSWR from 'swr';
import { userWithPlanSchema } from '@jsonable/contracts/accounts';
import { planOf, type Plan } from '@jsonable/contracts/plans';
import { userStatsSchema, userUsageFieldsSchema, type UserStats } from '@jsonable/contracts/render-api';
import { api } from '../api-client';
import { ACCOUNT_KEY, STATISTICS_KEY } from './keys';

// Usage fields are optional here so the card degrades to the plan table if a server lacks them.
export const accountSchema = userWithPlanSchema.extend(userUsageFieldsSchema.partial().shape);
export type Account = ReturnType<typeof accountSchema.parse>;

export function useAccount() {
  const { data, error, isLoading } = useSWR<Account>(ACCOUNT_KEY, (path: string) => api.get(path, accountSchema));
  return { account: data ?? null, error: error as unknown, isLoading };
}

/** The plan the account is on; a missing or unknown tier counts as basic (SPEC §3). */
export function accountPlan(account: Account | null): Plan {
  return planOf(account?.current_plan_tier);
}

export function useStatistics() {
  const { data, error, isLoading } = useSWR<UserStats>(STATISTICS_KEY, (path: string) =>
    api.get(path, userStatsSchema),
  );
  return { statistics: data ?? null, error: error as unknown, isLoading };
}
