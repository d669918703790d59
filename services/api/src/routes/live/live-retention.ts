/**
 * Retention of living images' versions (issue #25): a version older than the owner's plan
 * allows (Plan.liveVersionRetentionDays) is purged with its file — never the current version
 * nor the newest one. Runs inside the hourly retention job of the images module.
 */
import { planOf, plans } from '@jsonable/contracts/plans';
import { purgeLiveVersions } from '@jsonable/domain/live/live.handlers';
import { getUserById } from '@jsonable/read-models/accounts/users.queries';
import { liveImagesToPurge } from '@jsonable/read-models/live/live-images.queries';
import type { AppDeps } from '../../deps';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shortest retention of any plan: nothing younger is ever purged. */
const SHORTEST_DAYS = Math.min(
  ...Object.values(plans).flatMap((p) => (p.liveVersionRetentionDays === null ? [] : [p.liveVersionRetentionDays])),
);

export async function purgeExpiredLiveVersions(deps: AppDeps, batch = 1000): Promise<number> {
  const now = deps.clock.now().getTime();
  const candidates = await liveImagesToPurge(
    deps.readModels,
    new Date(now - SHORTEST_DAYS * DAY_MS).toISOString(),
    batch,
  );
  let purged = 0;
  for (const doc of candidates) {
    const days = planOf((await getUserById(deps.readModels, doc.userId))?.current_plan_tier).liveVersionRetentionDays;
    if (days === null) continue;
    const renderedBefore = new Date(now - days * DAY_MS).toISOString();
    if (doc.purgeableFrom === null || doc.purgeableFrom >= renderedBefore) continue;
    purged += (await purgeLiveVersions(deps, { projectId: doc.projectId, name: doc.name, renderedBefore })).purged;
  }
  return purged;
}
