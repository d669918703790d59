/**
 * statistics: per user and period, renders per UTC day, per format and per project (the
 * dashboard's statistics card). One document per `{userId}:{period}`.
 */
import { bump, NO_PROJECT, renderDay, userPeriodId } from '../counts';
import type { Doc } from '../ports';
import { alreadyApplied, defineProjection } from '../projection';

export const STATISTICS = 'statistics';

export interface StatisticsDoc extends Doc {
  id: string;
  userId: string;
  period: number;
  perDay: Record<string, number>;
  byFormat: Record<string, number>;
  byProject: Record<string, number>;
  position: number;
}

export const statisticsProjection = defineProjection({
  name: 'statistics',
  version: 1,
  collections: [{ name: STATISTICS, indexes: ['userId'] }],
  handles: ['TableRendered'],
  async handle(event, tx) {
    const d = event.data;
    const id = userPeriodId(d.userId, d.period);
    // Changed in place (a private copy per batch): the count maps grow with the days and projects
    // of a period, and copying them on every render was the dearest part of a rebuild.
    const doc = await tx.getForUpdate<StatisticsDoc>(STATISTICS, id);
    if (alreadyApplied(doc, event.position)) return;
    const next = doc ?? {
      id,
      userId: d.userId,
      period: d.period,
      perDay: {},
      byFormat: {},
      byProject: {},
      position: 0,
    };
    bump(next.perDay, renderDay(d.renderedAt));
    bump(next.byFormat, d.format);
    bump(next.byProject, d.projectId ?? NO_PROJECT);
    next.position = event.position;
    tx.put(STATISTICS, next);
  },
});
