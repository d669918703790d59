/**
 * The Filter language of read-models/src/ports.ts, checked once and normalised, so that the SQLite
 * and MongoDB adapters translate the same thing and agree on what it means:
 * - equality on a scalar; `null` matches a null or missing field (as in MongoDB);
 * - `$in`: equality with any of the listed scalars (an empty list matches nothing);
 * - `$ne`: everything that equality would not match (also documents missing the field);
 * - `$lt/$lte/$gt/$gte` compare only values of the operand's own JSON type (numbers with numbers,
 *   strings with strings by UTF-8 bytes, booleans with booleans); `null` is not a range operand.
 * - `$contains`: the field is a string that holds the operand as a substring (case-sensitive;
 *   any string contains '');
 * Several operators on one field are combined with AND.
 *
 * Keyset positions (FindOptions.after) are checked here too: one scalar per sort entry.
 */
import type { Filter, Scalar } from '@jsonable/read-models/ports';
import { assertFieldName } from './names';

export type RangeOp = '$lt' | '$lte' | '$gt' | '$gte';

export type Condition =
  | { kind: 'eq'; field: string; value: Scalar }
  | { kind: 'in'; field: string; values: Scalar[] }
  | { kind: 'ne'; field: string; value: Scalar }
  | { kind: 'contains'; field: string; value: string }
  | { kind: 'range'; field: string; op: RangeOp; value: string | number | boolean };

const RANGE_OPS: readonly string[] = ['$lt', '$lte', '$gt', '$gte'];

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function scalar(field: string, value: unknown): Scalar {
  if (!isScalar(value))
    throw new Error(`Filter on ${field}: only strings, finite numbers, booleans and null can be compared`);
  return value;
}

export function normaliseFilter(filter: Filter | undefined): Condition[] {
  const conditions: Condition[] = [];
  for (const [field, condition] of Object.entries(filter ?? {})) {
    assertFieldName(field);
    if (condition === null || typeof condition !== 'object') {
      conditions.push({ kind: 'eq', field, value: scalar(field, condition) });
      continue;
    }
    const entries = Object.entries(condition);
    if (entries.length === 0) throw new Error(`Filter on ${field}: empty condition`);
    for (const [op, operand] of entries) {
      if (op === '$in') {
        if (!Array.isArray(operand)) throw new Error(`Filter on ${field}: $in needs an array`);
        conditions.push({ kind: 'in', field, values: operand.map((v) => scalar(field, v)) });
      } else if (op === '$contains') {
        if (typeof operand !== 'string') throw new Error(`Filter on ${field}: $contains needs a string`);
        conditions.push({ kind: 'contains', field, value: operand });
      } else if (op === '$ne') {
        conditions.push({ kind: 'ne', field, value: scalar(field, operand) });
      } else if (RANGE_OPS.includes(op)) {
        const value = scalar(field, operand);
        if (value === null) throw new Error(`Filter on ${field}: ${op} cannot compare with null`);
        conditions.push({ kind: 'range', field, op: op as RangeOp, value });
      } else {
        throw new Error(`Filter on ${field}: unknown operator ${op}`);
      }
    }
  }
  return conditions;
}

export function checkPaging(options: { limit?: number; skip?: number }): void {
  for (const key of ['limit', 'skip'] as const) {
    const value = options[key];
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      throw new Error(`${key} must be a non-negative integer`);
    }
  }
}

/**
 * The keyset position of FindOptions.after, checked against the sort: one non-null scalar per
 * sort entry. Returns the (field, direction, value) triples, or null without a position.
 */
export function keysetOf(
  sort: ReadonlyArray<[string, 1 | -1]> | undefined,
  after: readonly Scalar[] | undefined,
): Array<{ field: string; direction: 1 | -1; value: string | number | boolean }> | null {
  if (after === undefined) return null;
  if (!Array.isArray(after)) throw new Error('after must be an array of values');
  const keys = sort ?? [];
  if (keys.length === 0 || after.length !== keys.length) throw new Error('after needs one value per sort field');
  return keys.map(([field, direction], i) => {
    const value = scalar(assertFieldName(field), after[i]);
    if (value === null) throw new Error(`after: the position of ${field} cannot be null`);
    return { field, direction, value };
  });
}
