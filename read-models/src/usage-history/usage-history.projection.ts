/**
 * usage_days: renders per user and UTC day, with that day's counts per project and per format
 * (issue #30 item 4, "usage over time"). One document per `{userId}:{YYYY-MM-DD}`, so a year of
 * an account's usage is at most 366 small documents read through one index range, however many
 * images the account holds. Renders count as they happened: ImageDeleted changes nothing here.
 */
import { bump, NO_PROJECT, renderDay } from '../counts';
import type { Doc } from '../ports';
import { alreadyApplied, defineProjection } from '../projection';

export const USAGE_DAYS = 'usage_days';

export interface UsageDayDoc extends Doc {
  id: string;
  userId: string;
  /** UTC date of the renders, YYYY-MM-DD. */
  day: string;
  count: number;
  /** Renders per project id at render time (NO_PROJECT: none). */
  byProject: Record<string, number>;
  byFormat: Record<string, number>;
  /** Renders per `{project key}/{format}`: a project's formats. */
  byProjectFormat: Record<string, number>;
  position: number;
}

export const usageDayId = (userId: string, day: string): string => `${userId}:${day}`;

export const usageHistoryProjection = defineProjection({
  name: 'usage-history',
  version: 1,
  collections: [{ name: USAGE_DAYS, indexes: [], compoundIndexes: [['userId', 'day']] }],
  handles: ['TableRendered'],
  async handle(event, tx) {
    const d = event.data;
    const day = renderDay(d.renderedAt);
    const id = usageDayId(d.userId, day);
    const doc = await tx.getForUpdate<UsageDayDoc>(USAGE_DAYS, id);
    if (alreadyApplied(doc, event.position)) return;
    const next = doc ?? {
      id,
      userId: d.userId,
      day,
      count: 0,
      byProject: {},
      byFormat: {},
      byProjectFormat: {},
      position: 0,
    };
    const project = d.projectId ?? NO_PROJECT;
    next.count += 1;
    bump(next.byProject, project);
    bump(next.byFormat, d.format);
    bump(next.byProjectFormat, `${project}/${d.format}`);
    next.position = event.position;
    tx.put(USAGE_DAYS, next);
  },
});
