import { planOf, usagePeriodBounds, usagePeriodIndex } from '@jsonable/contracts/plans';
import type { UserUsageFields } from '@jsonable/contracts/render-api';
import type { ReadModels } from '../projection';
import { USAGE, usageDocId, type UsageDoc } from './usage.projection';

export async function tablesUsed(readModels: ReadModels, userId: string, period: number): Promise<number> {
  return (await readModels.get<UsageDoc>(USAGE, usageDocId(userId, period)))?.count ?? 0;
}

/**
 * The SPEC §3 usage fields of GET /api/jsonable/user for a user registered at `registeredAt`
 * on `planTier`, as of `now`: the current period's count, its allowance and when it resets.
 */
export async function usageFields(
  readModels: ReadModels,
  user: { id: string; created_at: string; current_plan_tier: string | null | undefined },
  now: Date,
): Promise<UserUsageFields> {
  const period = usagePeriodIndex(user.created_at, now);
  return {
    usage_count: await tablesUsed(readModels, user.id, period),
    usage_limit: planOf(user.current_plan_tier).tablesPerPeriod,
    usage_reset_date: usagePeriodBounds(user.created_at, period).end.toISOString(),
  };
}
