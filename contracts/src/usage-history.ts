/**
 * Usage over time (issue #30 item 4): GET /api/jsonable/user/usage answers renders per UTC day
 * over a window of at most USAGE_HISTORY_MAX_DAYS days (the last 365 days by default), for the
 * whole account or one project, with the window's totals per project and per format. Renders are
 * counted as they happened: deleting an image later does not take its render back.
 */
import { z } from 'zod';
import { imageFormatSchema } from './render-api';

/** The widest window, in days (a leap year's 12 months). */
export const USAGE_HISTORY_MAX_DAYS = 366;
/** The window when none is given: the last 365 days, today (UTC) included. */
export const USAGE_HISTORY_DEFAULT_DAYS = 365;
/** Projects listed by name in `byProject`; the rest are summed in `otherProjects`. */
export const USAGE_HISTORY_MAX_PROJECTS = 100;
/** `projectId=none`: renders made without a project. */
export const USAGE_NO_PROJECT = 'none';

export const usageHistoryMessages = {
  date: (name: 'from' | 'to') => `${name} must be a date (YYYY-MM-DD)`,
  range: 'from must not be after to',
  span: `from and to may span at most ${USAGE_HISTORY_MAX_DAYS} days`,
  projectId: 'projectId must be a project id or none',
  once: (name: string) => `${name} must be given once`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (UTC dates YYYY-MM-DD). */
export function usageDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The UTC date `days` after (or before, when negative) `date`. */
export function addUsageDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const once = (name: string) =>
  z.unknown().transform((value, ctx) => {
    if (typeof value === 'string') return value;
    ctx.addIssue({ code: 'custom', message: usageHistoryMessages.once(name) });
    return z.NEVER;
  });

/** A calendar date that reads back as written (2026-02-30 is refused), years 1970–9999. */
const day = (name: 'from' | 'to') =>
  once(name).pipe(
    z.string().refine((text) => {
      if (!DATE.test(text)) return false;
      const ms = Date.parse(`${text}T00:00:00.000Z`);
      return Number.isFinite(ms) && ms >= 0 && new Date(ms).toISOString().startsWith(text);
    }, usageHistoryMessages.date(name)),
  );

/** The query as given; the route fills in the default window from today's date. */
export const usageHistoryQuerySchema = z
  .object({
    from: day('from').optional(),
    to: day('to').optional(),
    projectId: once('projectId')
      .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, usageHistoryMessages.projectId))
      .optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: usageHistoryMessages.range })
  .refine(
    (q) => q.from === undefined || q.to === undefined || usageDaysBetween(q.from, q.to) <= USAGE_HISTORY_MAX_DAYS,
    {
      message: usageHistoryMessages.span,
    },
  );
export type UsageHistoryQuery = z.output<typeof usageHistoryQuerySchema>;

/**
 * The window's bounds: both given, or one given and the other USAGE_HISTORY_DEFAULT_DAYS away,
 * or the default window ending `today`. Null when the filled-in window breaks the span limit.
 */
export function usageWindow(query: UsageHistoryQuery, today: string): { from: string; to: string } {
  const span = USAGE_HISTORY_DEFAULT_DAYS - 1;
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  if (query.from !== undefined) return { from: query.from, to: addUsageDays(query.from, span) };
  const to = query.to ?? today;
  return { from: addUsageDays(to, -span), to };
}

const count = z.number().int().nonnegative();

export const usageHistorySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The project the figures are limited to; null for a project-less filter, absent for the whole account. */
  projectId: z.string().nullable().optional(),
  total: count,
  /** Every day of the window, oldest first, days without renders as 0. */
  days: z.array(z.object({ date: z.string(), count })),
  /** Renders in the window per project, most first (null: without a project), whichever project is selected. */
  byProject: z.array(z.object({ projectId: z.string().nullable(), name: z.string(), count })),
  /** Projects beyond the USAGE_HISTORY_MAX_PROJECTS listed ones: how many, and their renders. */
  otherProjects: z.object({ projects: count, count }),
  /** Renders in the window per format (of the selected project, when one is). */
  byFormat: z.record(imageFormatSchema, count),
});
export type UsageHistory = z.infer<typeof usageHistorySchema>;
