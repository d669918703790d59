/**
 * `npm run cli -- set-plan <email> <tier>`: the operator's plan change when billing is off (or
 * for Enterprise). It appends PlanChanged (reason 'operator') like any other event; the new
 * limits apply from the next table.
 */
import { planOf, planTiers, type PlanTier } from '@jsonable/contracts/plans';
import { changePlan, loadUser } from '@jsonable/domain/accounts/accounts.handlers';
import type { CliCommand } from './commands';
import { accountOfEmail } from '@jsonable/domain/audit/account-of-email';

export const setPlanCommand: CliCommand = {
  name: 'set-plan',
  usage: `set-plan <email> <tier>      change an account's plan (tiers: ${planTiers.join(', ')}); appends PlanChanged with reason 'operator'`,
  options: {},
  positionals: { min: 2, max: 2 },
  async run({ positionals }, ctx) {
    const [email = '', tier = ''] = positionals;
    if (!(planTiers as readonly string[]).includes(tier)) {
      ctx.out(`Unknown tier '${tier}'. Tiers: ${planTiers.join(', ')}.`);
      return 2;
    }
    const account = await accountOfEmail(ctx.eventStore, email);
    if (!account) {
      ctx.out(`No account with the address ${email.trim().toLowerCase()}.`);
      return 1;
    }
    const to = tier as PlanTier;
    const before = (await loadUser(ctx.eventStore, account.userId)).plan;
    const result = await changePlan(ctx, { userId: account.userId, to, reason: 'operator' });
    if (!result.changed) {
      ctx.out(`${account.email} is already on ${planOf(to).name} (${to}); nothing changed.`);
      return 0;
    }
    const describe = (t: PlanTier) => {
      const p = planOf(t);
      const projects =
        p.projects === null ? 'unlimited projects' : `${p.projects} project${p.projects === 1 ? '' : 's'}`;
      return `${p.name} (${t}: ${p.tablesPerPeriod ?? 'unlimited'} tables per 30 days, ${projects})`;
    };
    ctx.out(`${account.email}: ${describe(before)} → ${describe(to)}.`);
    ctx.out(`PlanChanged appended at log position ${result.position}; the new limits apply from the next table.`);
    return 0;
  },
};
