/**
 * The signed-in account as the dashboard sees it (GET /api/jsonable/user): plan, usage against the
 * plan's allowance and the reset date; and the statistics read model (renders per day).
 */
import useSWR from 'swr';
import { z } from 'zod';
import { planOf, type Plan } from '@jsonable/contracts/plans';
import { api } from '../../../lib/api-client';
import { ACCOUNT_KEY, STATISTICS_KEY } from './keys';

export const accountSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  current_plan_tier: z.string().nullish(),
  stripe_subscription_id: z.string().nullish(),
  usage_count: z.number().nullish(),
  usage_limit: z.number().nullish(),
  usage_reset_date: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Account = z.infer<typeof accountSchema>;

const accountAnswerSchema = z.union([
  z.looseObject({ user: accountSchema }).transform((o) => o.user),
  accountSchema,
]);

export function useAccount() {
  const { data, error, isLoading } = useSWR<Account>(ACCOUNT_KEY, (path: string) => api.get(path, accountAnswerSchema));
  return { account: data ?? null, error: error as unknown, isLoading };
}

/** The plan the account is on; a missing or unknown tier counts as basic (SPEC §3). */
export function accountPlan(account: Account | null): Plan {
  return planOf(account?.current_plan_tier);
}

const dayCountSchema = z.looseObject({ date: z.string(), count: z.number() });
export const statisticsSchema = z.looseObject({
  perDay: z.array(dayCountSchema).default([]),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export function useStatistics() {
  const { data, error, isLoading } = useSWR<Statistics>(STATISTICS_KEY, (path: string) => api.get(path, statisticsSchema));
  return { statistics: data ?? null, error: error as unknown, isLoading };
}
