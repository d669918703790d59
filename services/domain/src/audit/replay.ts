/**
 * The auditors' replay: every user's usage per period and billing history, from the event log
 * alone (never from a read model). One forward pass in commit order.
 */
import type { ImageDeleted, PlanChanged, TableRendered, UserRegistered } from '@jsonable/contracts/events';
import { usagePeriodBounds, type PlanTier } from '@jsonable/contracts/plans';
import { historyRow, type HistoryRow } from '@jsonable/read-models/billing/billing-history';
import { bump, NO_PROJECT, renderDay } from '@jsonable/read-models/counts';
import type { EventStore, RecordedEvent } from '../ports';

export interface PeriodUsage {
  period: number;
  start: string;
  end: string;
  /** Tables counted against the allowance (deleting an image does not give one back). */
  renders: number;
  byFormat: Record<string, number>;
  /** Project id → renders; '-' for renders without a project. */
  byProject: Record<string, number>;
  /** UTC day → renders. */
  perDay: Record<string, number>;
  /** Images of this period deleted since. */
  deletions: number;
}

export interface PlanChange {
  at: string;
  from: PlanTier;
  to: PlanTier;
  reason: PlanChanged['data']['reason'];
}

export interface UserAudit {
  userId: string;
  email: string;
  registeredAt: string;
  plan: PlanTier;
  periods: PeriodUsage[];
  planChanges: PlanChange[];
  /** Billing history rows in log order (the same rows as the settings page). */
  billing: HistoryRow[];
}

const BATCH = 5000;

/** The whole log in commit order, in batches, up to `upTo` (inclusive) when given. */
export async function* readLog(eventStore: EventStore, upTo?: number): AsyncGenerator<RecordedEvent> {
  let after = 0;
  for (;;) {
    const batch = await eventStore.readAll({ after, maxCount: BATCH });
    for (const e of batch) {
      if (upTo !== undefined && e.position > upTo) return;
      yield e;
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.position;
  }
}

/** Replays every user (or only `onlyUserId`) from the log. */
export async function replayAudit(
  eventStore: EventStore,
  options: { onlyUserId?: string; upTo?: number } = {},
): Promise<Map<string, UserAudit>> {
  const users = new Map<string, UserAudit>();
  const periods = new Map<string, Map<number, PeriodUsage>>();
  /** imageId → owner and period, to put a deletion in the period its render was counted in. */
  const images = new Map<string, { userId: string; period: number }>();
  const deleted = new Set<string>();
  const rows = new Set<string>();

  const periodOf = (audit: UserAudit, period: number): PeriodUsage => {
    let byPeriod = periods.get(audit.userId);
    if (!byPeriod) periods.set(audit.userId, (byPeriod = new Map()));
    let usage = byPeriod.get(period);
    if (!usage) {
      const { start, end } = usagePeriodBounds(audit.registeredAt, period);
      usage = {
        period,
        start: start.toISOString(),
        end: end.toISOString(),
        renders: 0,
        byFormat: {},
        byProject: {},
        perDay: {},
        deletions: 0,
      };
      byPeriod.set(period, usage);
    }
    return usage;
  };

  for await (const e of readLog(eventStore, options.upTo)) {
    const userId = (e.data as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'string' || (options.onlyUserId && userId !== options.onlyUserId)) continue;
    if (e.type === 'UserRegistered') {
      const d = (e as unknown as UserRegistered).data;
      if (!users.has(userId)) {
        users.set(userId, {
          userId,
          email: d.email,
          registeredAt: d.registeredAt,
          plan: d.plan,
          periods: [],
          planChanges: [],
          billing: [],
        });
      }
      continue;
    }
    const audit = users.get(userId);
    if (!audit) continue;
    switch (e.type) {
      case 'TableRendered': {
        const d = (e as unknown as TableRendered).data;
        if (images.has(d.imageId)) break;
        images.set(d.imageId, { userId, period: d.period });
        const usage = periodOf(audit, d.period);
        usage.renders += 1;
        bump(usage.byFormat, d.format);
        bump(usage.byProject, d.projectId ?? NO_PROJECT);
        bump(usage.perDay, renderDay(d.renderedAt));
        break;
      }
      case 'ImageDeleted': {
        const d = (e as unknown as ImageDeleted).data;
        const image = images.get(d.imageId);
        if (!image || deleted.has(d.imageId)) break;
        deleted.add(d.imageId);
        periodOf(audit, image.period).deletions += 1;
        break;
      }
      case 'PlanChanged': {
        const d = (e as unknown as PlanChanged).data;
        audit.plan = d.to;
        audit.planChanges.push({ at: e.createdAt, from: d.from, to: d.to, reason: d.reason });
        break;
      }
      default:
        break;
    }
    const row = historyRow(e);
    if (row && !rows.has(row.rowId)) {
      rows.add(row.rowId);
      audit.billing.push(row);
    }
  }
  for (const audit of users.values()) {
    audit.periods = [...(periods.get(audit.userId)?.values() ?? [])].sort((a, b) => a.period - b.period);
  }
  return users;
}
