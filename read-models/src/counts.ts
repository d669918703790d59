/**
 * Counting renders, one way for every read model that counts them (statistics, usage history,
 * image counts) and for the auditors' replay, which checks those counts against the log.
 */

/** The key of renders made without a project, wherever renders are counted per project. */
export const NO_PROJECT = '-';

/** Adds one to `counts[key]`. */
export function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** The UTC day (YYYY-MM-DD) a render counts on. */
export const renderDay = (renderedAt: string): string => renderedAt.slice(0, 10);

/** The id of a document of one user's usage period (usage, statistics). */
export const userPeriodId = (userId: string, period: number): string => `${userId}:${period}`;
