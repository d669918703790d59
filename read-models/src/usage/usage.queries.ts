import { planOf, usagePeriodBounds, usagePeriodIndex } from '@jsonable/contracts/plans';
import type { UserUsageFields } from '@jsonable/contracts/render-api';
import type { ReadModels } from '../projection';
import { userPeriodId } from '../counts';
import { USAGE, type UsageDoc } from './usage.projection';

export async function tablesUsed(readModels: ReadModels, userId: string, period: number): Promise<number> {
  try {
    return (await readModels.get<UsageDoc>(USAGE, userPeriodId(userId, period)))?.count ?? 0;
  } catch (error) {
    // A process composed without the images module (e.g. the accounts tests) has no usage read
    // model: nothing was counted there. Same convention as the project-key look-up of accounts.
    if (error instanceof Error && /unknown read model collection/i.test(error.message)) return 0;
    throw error;
  }
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
