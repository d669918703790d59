import { IMAGE_FORMATS, type ImageFormat } from '@jsonable/contracts/formats';
import { planOf, usagePeriodBounds, usagePeriodIndex } from '@jsonable/contracts/plans';
import type { UserStats } from '@jsonable/contracts/render-api';
import type { ReadModels } from '../projection';
import { countUserImages } from '../images/images.queries';
import { PROJECTS, type ProjectDoc } from '../projects/projects.projection';
import { tablesUsed } from '../usage/usage.queries';
import { NO_PROJECT, userPeriodId } from '../counts';
import { STATISTICS, type StatisticsDoc } from './statistics.projection';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every UTC day from the period's start to `now` (at most the period's 30 days). */
function daysOf(start: Date, end: Date, now: Date): string[] {
  const last = Math.min(now.getTime(), end.getTime() - 1);
  const days: string[] = [];
  for (let t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()); t <= last; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export async function userStatistics(
  readModels: ReadModels,
  user: { id: string; created_at: string; current_plan_tier: string | null | undefined },
  now: Date,
): Promise<UserStats> {
  const plan = planOf(user.current_plan_tier);
  const index = usagePeriodIndex(user.created_at, now);
  const { start, end } = usagePeriodBounds(user.created_at, index);
  const [doc, used, totalImages] = await Promise.all([
    readModels.get<StatisticsDoc>(STATISTICS, userPeriodId(user.id, index)),
    tablesUsed(readModels, user.id, index),
    countUserImages(readModels, user.id),
  ]);
  const perDay = daysOf(start, end, now).map((date) => ({ date, count: doc?.perDay[date] ?? 0 }));
  const byFormat = { ...Object.fromEntries(IMAGE_FORMATS.map((f) => [f, 0])), ...(doc?.byFormat ?? {}) } as Record<
    ImageFormat,
    number
  >;
  const byProject = await Promise.all(
    Object.entries(doc?.byProject ?? {}).map(async ([projectId, count]) => {
      if (projectId === NO_PROJECT) return { projectId: null, name: 'No project', count };
      const project = await readModels.get<ProjectDoc>(PROJECTS, projectId);
      return { projectId, name: project?.isActive ? project.name : 'Deleted project', count };
    }),
  );
  byProject.sort((a, b) => b.count - a.count);
  return {
    period: { index, start: start.toISOString(), end: end.toISOString() },
    plan: { tier: plan.tier, name: plan.name },
    used,
    limit: plan.tablesPerPeriod,
    remaining: plan.tablesPerPeriod === null ? null : Math.max(0, plan.tablesPerPeriod - used),
    totalImages,
    perDay,
    byFormat,
    byProject,
  };
}
