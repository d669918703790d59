/**
 * dataProcessing (SPEC §3): filter map, type-aware sort, groupBy with group header rows, and
 * aggregates (sum/avg/min/max/count) as summary rows. Works on resolved cells so that sorting and
 * aggregates see the numbers behind "$1,234.00" or "Jan 5, 2024".
 */
import type { AggregateFn, DataProcessing } from '@jsonable/contracts/table';
import { badRequest } from '../errors';
import type { ModelCell } from '../model';
import { formatNumber, toNumber } from './format';

/** A data row before span placement: one resolved cell per column index (or undefined). */
export interface SourceRow {
  cells: (ModelCell | undefined)[];
  /** Array rows shorter than the column count follow the HTML convention (spans skip slots). */
  sequential: boolean;
  /** 1-based position in the data as sent, for row numbers. */
  number: number;
}

export type ProcessedItem =
  | { type: 'row'; row: SourceRow }
  | { type: 'group'; label: string; count: number }
  | { type: 'summary'; label: string; values: Map<number, string> };

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function columnIndex(columns: string[], name: string, what: string): number {
  let i = columns.indexOf(name);
  if (i < 0) i = columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  if (i < 0) throw badRequest(`Unknown column in ${what}: ${name}`);
  return i;
}

const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function looseEquals(actual: unknown, expected: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined || actual === '';
  const a = toNumber(actual);
  const e = toNumber(expected);
  if (a !== null && e !== null) return a === e;
  if (typeof actual === 'boolean' || typeof expected === 'boolean') return String(actual) === String(expected);
  return String(actual ?? '').toLowerCase() === String(expected).toLowerCase();
}

function compareValues(a: unknown, b: unknown): number {
  const an = typeof a === 'number' ? a : toNumber(a);
  const bn = typeof b === 'number' ? b : toNumber(b);
  if (an !== null && bn !== null) return an - bn;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

function matches(cell: ModelCell | undefined, expected: unknown): boolean {
  const actual = cell?.raw;
  if (Array.isArray(expected)) return expected.some((e) => matches(cell, e));
  if (expected !== null && typeof expected === 'object') {
    const ops = expected as Record<string, unknown>;
    const value = cell?.sortValue ?? actual;
    for (const [op, target] of Object.entries(ops)) {
      switch (op) {
        case 'eq':
          if (!looseEquals(actual, target)) return false;
          break;
        case 'ne':
        case 'neq':
          if (looseEquals(actual, target)) return false;
          break;
        case 'gt':
          if (!(compareValues(value, target) > 0)) return false;
          break;
        case 'gte':
          if (!(compareValues(value, target) >= 0)) return false;
          break;
        case 'lt':
          if (!(compareValues(value, target) < 0)) return false;
          break;
        case 'lte':
          if (!(compareValues(value, target) <= 0)) return false;
          break;
        case 'contains':
          if (
            !String(cell?.text ?? '')
              .toLowerCase()
              .includes(String(target).toLowerCase())
          )
            return false;
          break;
        case 'in':
          if (!Array.isArray(target) || !target.some((t) => looseEquals(actual, t))) return false;
          break;
        default:
          throw badRequest(`Unknown filter operator: ${op} (use eq, ne, gt, gte, lt, lte, contains or in)`);
      }
    }
    return true;
  }
  return looseEquals(actual, expected);
}

/** Nulls sort last in either direction; numbers before text; text with numeric collation. */
function compareCells(a: ModelCell | undefined, b: ModelCell | undefined): number {
  const av = a?.sortValue ?? null;
  const bv = b?.sortValue ?? null;
  if (av === null && bv === null) return 0;
  if (av === null) return 1;
  if (bv === null) return -1;
  if (typeof av === 'number' && typeof bv === 'number') return av - bv;
  if (typeof av === 'number') return -1;
  if (typeof bv === 'number') return 1;
  return collator.compare(av, bv);
}

function aggregate(fn: AggregateFn, cells: (ModelCell | undefined)[]): number | null {
  if (fn === 'count') return cells.filter((c) => c && c.kind !== 'null' && c.text !== '').length;
  const nums = cells
    .map((c) => (typeof c?.sortValue === 'number' && c.kind !== 'date' ? c.sortValue : null))
    .filter((n): n is number => n !== null);
  if (nums.length === 0) return null;
  switch (fn) {
    case 'sum':
      return nums.reduce((s, n) => s + n, 0);
    case 'avg':
      return nums.reduce((s, n) => s + n, 0) / nums.length;
    case 'min':
      return nums.reduce((m, n) => Math.min(m, n), Infinity);
    case 'max':
      return nums.reduce((m, n) => Math.max(m, n), -Infinity);
  }
}

const FN_LABEL: Record<AggregateFn, string> = { sum: 'Sum', avg: 'Avg', min: 'Min', max: 'Max', count: 'Count' };
const FN_WORD: Record<Exclude<AggregateFn, 'sum'>, string> = {
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  count: 'Count',
};

/**
 * What a summary row is called: 'Subtotal' / 'Total' for sums or a mix (whose values carry their
 * function's name), else the one function ('Average', 'Overall average'): a maximum labelled
 * 'Total' read as a sum.
 */
function summaryLabel(aggs: readonly { fns: readonly AggregateFn[] }[], row: 'group' | 'overall' | 'table'): string {
  const fns = new Set(aggs.flatMap((a) => a.fns));
  const only = fns.size === 1 ? [...fns][0]! : 'sum';
  if (only === 'sum') return row === 'group' ? 'Subtotal' : 'Total';
  return row === 'overall' ? `Overall ${FN_WORD[only].toLowerCase()}` : FN_WORD[only];
}

function summaryValues(
  rows: SourceRow[],
  aggs: { index: number; fns: AggregateFn[] }[],
  locale: string,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const { index, fns } of aggs) {
    const cells = rows.map((r) => r.cells[index]);
    const fmt = cells.find((c) => c?.formatValue)?.formatValue;
    const parts = fns.map((fn) => {
      const v = aggregate(fn, cells);
      const shown =
        v === null
          ? '-'
          : fn === 'count'
            ? formatNumber(v, locale)
            : fmt
              ? fmt(v)
              : formatNumber(v, locale, { maximumFractionDigits: 2 });
      return fns.length === 1 ? shown : `${FN_LABEL[fn]} ${shown}`;
    });
    out.set(index, parts.join('\n'));
  }
  return out;
}

export interface Pagination {
  enabled: boolean;
  pageSize: number;
  currentPage: number;
}

/**
 * filter → sort → paginate → group/aggregate. Pagination comes before grouping so a page shows
 * its own groups and subtotals.
 */
export function processRows(
  rows: SourceRow[],
  columns: string[],
  dp: DataProcessing | undefined,
  pagination: Pagination,
  locale: string,
): ProcessedItem[] {
  let out = rows;
  if (dp?.filter) {
    const filters = Object.keys(dp.filter).map((name) => ({
      index: columnIndex(columns, name, 'filter'),
      expected: dp.filter![name],
    }));
    out = out.filter((r) => filters.every((f) => matches(r.cells[f.index], f.expected)));
  }
  const sortCols = asList(dp?.sortBy).map((n) => columnIndex(columns, n, 'sortBy'));
  const groupCols = asList(dp?.groupBy).map((n) => columnIndex(columns, n, 'groupBy'));
  const dir = dp?.sortDirection === 'desc' ? -1 : 1;
  if (sortCols.length > 0) {
    out = [...out].sort((a, b) => {
      for (const c of sortCols) {
        const av = a.cells[c]?.sortValue ?? null;
        const bv = b.cells[c]?.sortValue ?? null;
        const cmp = compareCells(a.cells[c], b.cells[c]);
        // Keep nulls last whatever the direction.
        if (cmp !== 0) return av === null || bv === null ? cmp : cmp * dir;
      }
      return 0;
    });
  }
  if (pagination.enabled) {
    const start = (pagination.currentPage - 1) * pagination.pageSize;
    out = out.slice(start, start + pagination.pageSize);
  }
  const aggs = Object.entries(dp?.aggregate ?? {}).map(([name, fn]) => ({
    index: columnIndex(columns, name, 'aggregate'),
    fns: Array.isArray(fn) ? fn : [fn],
  }));
  if (groupCols.length === 0) {
    const items: ProcessedItem[] = out.map((row) => ({ type: 'row', row }));
    if (aggs.length > 0)
      items.push({ type: 'summary', label: summaryLabel(aggs, 'table'), values: summaryValues(out, aggs, locale) });
    return items;
  }
  const groups = new Map<string, SourceRow[]>();
  for (const r of out) {
    const key = groupCols.map((c) => r.cells[c]?.text ?? '').join(' · ');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  const label = groupCols.map((c) => columns[c]).join(' · ');
  const items: ProcessedItem[] = [];
  for (const [key, members] of groups) {
    items.push({ type: 'group', label: `${label}: ${key === '' ? '-' : key}`, count: members.length });
    for (const row of members) items.push({ type: 'row', row });
    if (aggs.length > 0)
      items.push({ type: 'summary', label: summaryLabel(aggs, 'group'), values: summaryValues(members, aggs, locale) });
  }
  if (aggs.length > 0 && groups.size > 1)
    items.push({ type: 'summary', label: summaryLabel(aggs, 'overall'), values: summaryValues(out, aggs, locale) });
  return items;
}
