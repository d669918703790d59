/**
 * usage: tables counted per user and 30-day period (`{userId}:{period}`), from TableRendered.
 * Deleting an image does not give its table back: the render was counted when it happened.
 */
import { userPeriodId } from '../counts';
import type { Doc } from '../ports';
import { alreadyApplied, defineProjection } from '../projection';

export const USAGE = 'usage';

export interface UsageDoc extends Doc {
  id: string;
  userId: string;
  period: number;
  count: number;
  position: number;
}

export const usageProjection = defineProjection({
  name: 'usage',
  version: 1,
  collections: [{ name: USAGE, indexes: ['userId'] }],
  handles: ['TableRendered'],
  async handle(event, tx) {
    const d = event.data;
    const id = userPeriodId(d.userId, d.period);
    const doc = await tx.get<UsageDoc>(USAGE, id);
    if (alreadyApplied(doc, event.position)) return;
    tx.put(USAGE, {
      id,
      userId: d.userId,
      period: d.period,
      count: (doc?.count ?? 0) + 1,
      position: event.position,
    } satisfies UsageDoc);
  },
});
