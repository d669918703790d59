/**
 * `npm run cli -- audit --user <email> [--format csv|json]`: one account's usage per period and
 * billing history, replayed from the event log alone.
 * `npm run cli -- audit --verify`: every account replayed and compared with the usage,
 * statistics, images, billing and users read models; exit 1 on a difference.
 */
import { checkpointName } from '@jsonable/projector';
import { auditCsv, auditJson } from '@jsonable/domain/audit/format';
import { replayAudit } from '@jsonable/domain/audit/replay';
import { verifyAudit, type Checkpoints } from '@jsonable/domain/audit/verify';
import type { CliCommand, CliContext } from './commands';
import { accountOfEmail } from '@jsonable/domain/audit/account-of-email';

const SHOWN = 50;

async function checkpoints(ctx: CliContext): Promise<Checkpoints | string> {
  const out: Partial<Checkpoints> = {};
  for (const name of ['usage', 'statistics', 'images', 'billing', 'users'] as const) {
    const projection = ctx.projections.find((p) => p.name === name);
    if (!projection) return `the ${name} read model is not part of this installation`;
    out[name] = (await ctx.docs.getCheckpoint(checkpointName(projection.name, projection.version))) ?? 0;
  }
  return out as Checkpoints;
}

async function verify(ctx: CliContext): Promise<number> {
  const head = await ctx.eventStore.headPosition();
  const at = await checkpoints(ctx);
  if (typeof at === 'string') {
    ctx.out(`audit --verify: cannot verify: ${at}.`);
    return 2;
  }
  const behind = Object.entries(at)
    .filter(([, p]) => p < head)
    .map(([n, p]) => `${n} at ${p}`);
  ctx.out(
    `audit --verify: ${head} events in the log${behind.length ? `; compared at each read model's checkpoint (${behind.join(', ')})` : ''}`,
  );
  const result = await verifyAudit(ctx.eventStore, ctx.readModels, at);
  if (result.differences.length === 0) {
    ctx.out(`Usage and billing of ${result.users} accounts equal the replay of the event log.`);
    return 0;
  }
  for (const d of result.differences.slice(0, SHOWN)) ctx.out(`  ${d.email} (${d.userId}): ${d.what}`);
  if (result.differences.length > SHOWN) ctx.out(`  … and ${result.differences.length - SHOWN} more`);
  ctx.out(`Verification failed: ${result.differences.length} differences between the read models and the event log.`);
  return 1;
}

export const auditCommand: CliCommand = {
  name: 'audit',
  usage: [
    'audit --user <email> [--format csv|json]   usage per period (renders by format and project, deletions) and billing history, replayed from the event log',
    '  audit --verify                             replay every account and compare with the usage and billing read models (exit 1 on a difference)',
  ].join('\n'),
  options: { verify: { type: 'boolean' }, user: { type: 'string' }, format: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, ctx) {
    if (values.verify && values.user === undefined && values.format === undefined) return verify(ctx);
    const email = typeof values.user === 'string' ? values.user : undefined;
    const format = typeof values.format === 'string' ? values.format : 'json';
    if (values.verify || !email || (format !== 'csv' && format !== 'json')) {
      ctx.out(`usage: npm run cli -- ${this.usage}`);
      return 2;
    }
    const account = await accountOfEmail(ctx.eventStore, email);
    if (!account) {
      ctx.out(`No account with the address ${email.trim().toLowerCase()}.`);
      return 1;
    }
    const audit = (await replayAudit(ctx.eventStore, { onlyUserId: account.userId })).get(account.userId);
    if (!audit) {
      ctx.out(`No account with the address ${account.email}.`);
      return 1;
    }
    ctx.out(format === 'csv' ? auditCsv(audit) : auditJson(audit));
    return 0;
  },
};
