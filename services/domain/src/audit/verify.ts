/**
 * audit --verify: the usage and billing read models against a replay of the log. Each read
 * model is compared at its own checkpoint (a projector running meanwhile may be ahead or behind
 * the head), so only real differences are reported.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ReadModels } from '@jsonable/read-models/projection';
import { USERS, type UserDoc } from '@jsonable/read-models/accounts/users.projection';
import { BILLING_HISTORY, type BillingHistoryDoc } from '@jsonable/read-models/billing/billing.projection';
import { IMAGES, type ImageDoc } from '@jsonable/read-models/images/images.projection';
import { STATISTICS, type StatisticsDoc } from '@jsonable/read-models/statistics/statistics.projection';
import { USAGE, type UsageDoc } from '@jsonable/read-models/usage/usage.projection';
import type { EventStore } from '../ports';
import { replayAudit, type UserAudit } from './replay';

export interface AuditDifference {
  userId: string;
  email: string;
  what: string;
}

/** Projection name → checkpoint, for the read models compared here. */
export type Checkpoints = Record<'usage' | 'statistics' | 'images' | 'billing' | 'users', number>;

const show = (v: unknown) => JSON.stringify(v) ?? 'absent';
const nonZero = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).filter(([, n]) => n !== 0));

export interface VerifyResult {
  users: number;
  differences: AuditDifference[];
}

export async function verifyAudit(
  eventStore: EventStore,
  readModels: ReadModels,
  checkpoints: Checkpoints,
): Promise<VerifyResult> {
  const replays = new Map<number, Map<string, UserAudit>>();
  const replayAt = async (upTo: number) => {
    let r = replays.get(upTo);
    if (!r) replays.set(upTo, (r = await replayAudit(eventStore, { upTo })));
    return r;
  };
  const differences: AuditDifference[] = [];
  const everyone = await replayAt(Math.max(...Object.values(checkpoints)));

  for (const [userId, latest] of everyone) {
    const diff = (what: string) => differences.push({ userId, email: latest.email, what });
    const at = async (name: keyof Checkpoints) => (await replayAt(checkpoints[name])).get(userId);

    const usage = await at('usage');
    const usageDocs = await readModels.find<UsageDoc>(USAGE, { userId });
    const counted = new Map(usageDocs.map((d) => [d.period, d.count]));
    for (const p of usage?.periods ?? []) {
      if ((counted.get(p.period) ?? 0) !== p.renders)
        diff(`usage period ${p.period}: read model ${counted.get(p.period) ?? 0} tables, log ${p.renders}`);
      counted.delete(p.period);
    }
    for (const [period, count] of counted)
      if (count !== 0) diff(`usage period ${period}: read model ${count} tables, log 0`);

    const stats = await at('statistics');
    const statDocs = new Map((await readModels.find<StatisticsDoc>(STATISTICS, { userId })).map((d) => [d.period, d]));
    for (const p of stats?.periods ?? []) {
      const doc = statDocs.get(p.period);
      statDocs.delete(p.period);
      for (const field of ['byFormat', 'byProject', 'perDay'] as const) {
        const live = nonZero(doc?.[field] ?? {});
        if (!isDeepStrictEqual(live, p[field]))
          diff(`statistics period ${p.period} ${field}: read model ${show(live)}, log ${show(p[field])}`);
      }
    }
    for (const period of statDocs.keys())
      diff(`statistics period ${period}: in the read model but no render in the log`);

    const imgs = await at('images');
    const deletedDocs = await readModels.find<ImageDoc>(IMAGES, { userId, deleted: true });
    const deletedByPeriod = new Map<number, number>();
    for (const d of deletedDocs) deletedByPeriod.set(d.period, (deletedByPeriod.get(d.period) ?? 0) + 1);
    for (const p of imgs?.periods ?? []) {
      if ((deletedByPeriod.get(p.period) ?? 0) !== p.deletions) {
        diff(`deletions period ${p.period}: read model ${deletedByPeriod.get(p.period) ?? 0}, log ${p.deletions}`);
      }
      deletedByPeriod.delete(p.period);
    }
    for (const [period, n] of deletedByPeriod) diff(`deletions period ${period}: read model ${n}, log 0`);

    const billing = await at('billing');
    const rows = new Map((await readModels.find<BillingHistoryDoc>(BILLING_HISTORY, { userId })).map((d) => [d.id, d]));
    for (const r of billing?.billing ?? []) {
      const doc = rows.get(r.rowId);
      rows.delete(r.rowId);
      const live = doc && {
        id: doc.id,
        date: doc.date,
        event: doc.event,
        plan: doc.plan,
        amount: doc.amount,
        currency: doc.currency,
      };
      if (!isDeepStrictEqual(live, r.entry))
        diff(`billing ${r.entry.event} ${r.rowId}: read model ${show(live)}, log ${show(r.entry)}`);
    }
    for (const id of rows.keys()) diff(`billing row ${id}: in the read model but not in the log`);

    const account = await at('users');
    const user = await readModels.get<UserDoc>(USERS, userId);
    if (account && user?.current_plan_tier !== account.plan)
      diff(`plan: read model ${show(user?.current_plan_tier)}, log ${show(account.plan)}`);
  }
  return { users: everyone.size, differences };
}
