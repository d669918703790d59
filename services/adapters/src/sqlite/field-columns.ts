/**
 * Declared fields of a SQLite collection live in two columns next to the JSON document:
 * `"v:field"`, the value exactly as `json_extract(doc, '$."field"')` returns it, and `"t:field"`,
 * its JSON type exactly as `json_type(doc, '$."field"')` returns it. They are computed here, in
 * JavaScript, from the object that is being serialised anyway, so SQLite parses no JSON on write
 * and index maintenance is a plain column index. The SQL of document-store.ts reads these
 * columns where it used to call json_extract/json_type, so query semantics do not change.
 *
 * The columns have no declared type (BLOB affinity): SQLite keeps each value in the storage class
 * it was bound with, as json_extract would return it (TEXT, INTEGER/REAL, NULL).
 */
import { assertFieldName } from '../documents/names';

export const valueColumn = (field: string): string => `"v:${assertFieldName(field)}"`;
export const typeColumn = (field: string): string => `"t:${assertFieldName(field)}"`;

/**
 * From this magnitude on JSON.stringify writes numbers with an exponent (1e+21). json_type calls
 * every number written with digits only 'integer' (SQLite 3.45+, JSONB), even past 2^63 where
 * json_extract hands it back as a REAL; with an exponent or a fraction it says 'real'.
 */
const EXPONENT_FROM = 1e21;

/**
 * Appends the value and the JSON type of `value` (a document's own field, undefined when absent)
 * as json_extract/json_type would report them for `JSON.stringify(doc)`.
 */
export function pushField(out: unknown[], value: unknown): void {
  switch (typeof value) {
    case 'string':
      out.push(value, 'text');
      return;
    case 'number':
      // JSON.stringify writes NaN and ±Infinity as null.
      if (!Number.isFinite(value)) out.push(null, 'null');
      else out.push(value, Number.isInteger(value) && Math.abs(value) < EXPONENT_FROM ? 'integer' : 'real');
      return;
    case 'boolean':
      // json_extract gives 1/0 for true/false; the type column tells them apart from numbers.
      out.push(value ? 1 : 0, value ? 'true' : 'false');
      return;
    case 'object': {
      if (value === null) {
        out.push(null, 'null');
        return;
      }
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') {
        // A Date (or anything with toJSON) is stored as what toJSON returns.
        const json = JSON.stringify(value) as string | undefined;
        pushField(out, json === undefined ? undefined : (JSON.parse(json) as unknown));
        return;
      }
      out.push(JSON.stringify(value), Array.isArray(value) ? 'array' : 'object');
      return;
    }
    default:
      // undefined, functions and symbols are left out of the JSON: the field is absent.
      out.push(null, null);
  }
}

/** The declared fields' columns of one document, in `fields` order (value, type, value, type…). */
export function fieldColumns(out: unknown[], doc: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) pushField(out, Object.prototype.hasOwnProperty.call(doc, field) ? doc[field] : undefined);
}
