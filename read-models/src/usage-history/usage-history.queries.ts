import { IMAGE_FORMATS, type ImageFormat } from '@jsonable/contracts/formats';
import {
  addUsageDays,
  USAGE_HISTORY_MAX_DAYS,
  USAGE_HISTORY_MAX_PROJECTS,
  type UsageHistory,
} from '@jsonable/contracts/usage-history';
import type { ReadModels } from '../projection';
import { PROJECTS, type ProjectDoc } from '../projects/projects.projection';
import { NO_PROJECT } from '../counts';
import { USAGE_DAYS, type UsageDayDoc } from './usage-history.projection';

/**
 * A user's renders per day from `from` to `to` (UTC dates, both included, at most
 * USAGE_HISTORY_MAX_DAYS apart: the caller validates), for the whole account (`projectId`
 * undefined), one project, or renders without a project (null). Reads at most one document per
 * day of the window and one per project named.
 */
export async function usageHistory(
  readModels: ReadModels,
  userId: string,
  window: { from: string; to: string; projectId?: string | null },
): Promise<UsageHistory> {
  const docs = await readModels.find<UsageDayDoc>(
    USAGE_DAYS,
    { userId, day: { $gte: window.from, $lte: window.to } },
    { sort: [['day', 1]], limit: USAGE_HISTORY_MAX_DAYS + 1 },
  );
  const key = window.projectId === undefined ? undefined : (window.projectId ?? NO_PROJECT);
  const perDay = new Map<string, number>();
  const perProject = new Map<string, number>();
  const byFormat = Object.fromEntries(IMAGE_FORMATS.map((f) => [f, 0])) as Record<ImageFormat, number>;
  for (const doc of docs) {
    perDay.set(doc.day, key === undefined ? doc.count : (doc.byProject[key] ?? 0));
    for (const [project, count] of Object.entries(doc.byProject))
      perProject.set(project, (perProject.get(project) ?? 0) + count);
    for (const format of Object.keys(byFormat) as Array<keyof typeof byFormat>) {
      byFormat[format] += (key === undefined ? doc.byFormat[format] : doc.byProjectFormat[`${key}/${format}`]) ?? 0;
    }
  }
  const days: UsageHistory['days'] = [];
  for (
    let date = window.from;
    date <= window.to && days.length < USAGE_HISTORY_MAX_DAYS;
    date = addUsageDays(date, 1)
  ) {
    days.push({ date, count: perDay.get(date) ?? 0 });
  }
  const ranked = [...perProject.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = ranked.slice(0, USAGE_HISTORY_MAX_PROJECTS);
  const rest = ranked.slice(USAGE_HISTORY_MAX_PROJECTS);
  const ids = shown.map(([id]) => id).filter((id) => id !== NO_PROJECT);
  const projects = ids.length ? await readModels.find<ProjectDoc>(PROJECTS, { id: { $in: ids } }) : [];
  const names = new Map(projects.filter((p) => p.userId === userId && p.isActive).map((p) => [p.id, p.name]));
  return {
    from: window.from,
    to: window.to,
    ...(key === undefined ? {} : { projectId: window.projectId ?? null }),
    total: days.reduce((sum, d) => sum + d.count, 0),
    days,
    byProject: shown.map(([id, count]) =>
      id === NO_PROJECT
        ? { projectId: null, name: 'No project', count }
        : { projectId: id, name: names.get(id) ?? 'Deleted project', count },
    ),
    otherProjects: { projects: rest.length, count: rest.reduce((sum, [, count]) => sum + count, 0) },
    byFormat,
  };
}
