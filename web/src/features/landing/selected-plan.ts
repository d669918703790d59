import type { PlanTier } from '@jsonable/contracts/plans';

/** Local-storage key for the plan picked on the landing page (SPEC §2). */
export const SELECTED_PLAN_KEY = 'selectedPlan';

export function storeSelectedPlan(tier: PlanTier): void {
  try {
    window.localStorage.setItem(SELECTED_PLAN_KEY, tier);
  } catch {
    /* storage disabled: the choice is only a hint */
  }
}
