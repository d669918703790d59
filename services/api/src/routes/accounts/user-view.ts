/**
 * GET /api/jsonable/user: the user with its plan. Kept as one small function so other contexts
 * can enrich it (the projects context adds usage_count, usage_limit and usage_reset_date).
 */
import type { UserWithPlan } from '@jsonable/contracts/accounts';
import type { UserUsageFields } from '@jsonable/contracts/render-api';
import { planOf } from '@jsonable/contracts/plans';
import { toPublicUser, type UserDoc } from '@jsonable/read-models/accounts/users.queries';
import { usageFields } from '@jsonable/read-models/usage/usage.queries';
import type { AppDeps } from '../../deps';

export async function userView(deps: AppDeps, user: UserDoc): Promise<UserWithPlan & UserUsageFields> {
  const plan = planOf(user.current_plan_tier);
  return {
    ...toPublicUser(user),
    plan: { tier: plan.tier, name: plan.name, tablesPerPeriod: plan.tablesPerPeriod, projects: plan.projects },
    ...(await usageFields(deps.readModels, user, deps.clock.now())),
  };
}
