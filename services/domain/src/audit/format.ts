/** An audit as JSON (everything) or CSV (one line per figure, for spreadsheets). */
import type { UserAudit } from './replay';

export function auditJson(audit: UserAudit): string {
  return JSON.stringify(
    {
      user: { id: audit.userId, email: audit.email, registeredAt: audit.registeredAt, plan: audit.plan },
      usage: audit.periods,
      planChanges: audit.planChanges,
      billing: audit.billing.map((r) => r.entry),
    },
    null,
    2,
  );
}

const CSV_HEADER = [
  'record',
  'period',
  'period_start',
  'period_end',
  'key',
  'value',
  'date',
  'event',
  'plan',
  'amount',
  'currency',
];

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  // Quote what a spreadsheet would split or read as a formula.
  const safe = typeof value === 'string' && s.length > 1 && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function auditCsv(audit: UserAudit): string {
  const lines: Array<Array<string | number | null>> = [CSV_HEADER];
  for (const p of audit.periods) {
    const at = (record: string, key: string, value: number) => [
      record,
      p.period,
      p.start,
      p.end,
      key,
      value,
      null,
      null,
      null,
      null,
      null,
    ];
    lines.push(at('renders', '', p.renders));
    for (const [format, n] of Object.entries(p.byFormat).sort()) lines.push(at('renders_by_format', format, n));
    for (const [project, n] of Object.entries(p.byProject).sort()) lines.push(at('renders_by_project', project, n));
    lines.push(at('deletions', '', p.deletions));
  }
  for (const r of audit.billing) {
    lines.push([
      'billing',
      null,
      null,
      null,
      r.entry.id,
      null,
      r.entry.date,
      r.entry.event,
      r.entry.plan,
      r.entry.amount,
      r.entry.currency,
    ]);
  }
  return lines.map((l) => l.map(cell).join(',')).join('\n');
}
