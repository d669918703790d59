/**
 * In-memory evaluation of the DocumentStore filter language (read-models/src/ports.ts), used
 * where a projection's find() must merge its uncommitted writes with the stored documents.
 * It follows the adapters' documented semantics: null matches null or missing; $ne matches
 * missing fields; ranges compare values of the operand's own type only.
 */
import type { Doc, FieldCondition, Filter, FindOptions, Scalar } from '@jsonable/read-models/ports';

function eq(value: unknown, operand: Scalar): boolean {
  if (operand === null) return value === null || value === undefined;
  return value === operand;
}

function compareStrings(a: string, b: string): number {
  // UTF-8 byte order, as SQLite and MongoDB compare strings.
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function inRange(value: unknown, op: string, operand: string | number | boolean): boolean {
  if (typeof value !== typeof operand) return false;
  const c =
    typeof operand === 'string'
      ? compareStrings(value as string, operand)
      : Number(value as number | boolean) - Number(operand);
  switch (op) {
    case '$lt':
      return c < 0;
    case '$lte':
      return c <= 0;
    case '$gt':
      return c > 0;
    case '$gte':
      return c >= 0;
    default:
      throw new Error(`Unknown operator ${op}`);
  }
}

function matchesCondition(value: unknown, condition: FieldCondition): boolean {
  if (condition === null || typeof condition !== 'object') return eq(value, condition);
  for (const [op, operand] of Object.entries(condition)) {
    if (op === '$in') {
      if (!(operand as Scalar[]).some((o) => eq(value, o))) return false;
    } else if (op === '$ne') {
      if (eq(value, operand as Scalar)) return false;
    } else if (!inRange(value, op, operand as string | number | boolean)) {
      return false;
    }
  }
  return true;
}

export function matchesFilter(doc: Doc, filter: Filter | undefined): boolean {
  if (!filter) return true;
  for (const [field, condition] of Object.entries(filter)) {
    if (!matchesCondition(doc[field], condition)) return false;
  }
  return true;
}

/** Type rank for sorting mixed values: missing/null < numbers < strings < booleans (MongoDB's order). */
function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  if (typeof v === 'boolean') return 3;
  return 4;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if ((typeof a === 'number' || typeof a === 'boolean') && typeof a === typeof b) return Number(a) - Number(b);
  return 0;
}

export function sortAndPage<T extends Doc>(docs: T[], options: FindOptions = {}): T[] {
  const sort = options.sort ?? [];
  let out = docs;
  if (sort.length > 0) {
    out = [...docs].sort((x, y) => {
      for (const [field, direction] of sort) {
        const c = compareValues(x[field], y[field]);
        if (c !== 0) return c * direction;
      }
      return 0;
    });
  }
  const skip = options.skip ?? 0;
  return options.limit === undefined ? out.slice(skip) : out.slice(skip, skip + options.limit);
}
