/**
 * Names that reach SQL identifiers, JSON paths or MongoDB collection names. Checked before use so
 * that a collection or field name can never carry quotes, `$` operators or path tricks.
 */

/** Collection and checkpoint-style names: `users@v1`, `images.previews`, `rate-limits`. */
const COLLECTION = /^[A-Za-z_][A-Za-z0-9_.@-]*$/;
/** Top-level document fields (no dots: a dot would mean a nested path in MongoDB). */
const FIELD = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function assertCollectionName(name: string): string {
  if (typeof name !== 'string' || name.length > 120 || !COLLECTION.test(name)) {
    throw new Error(`Invalid collection name: ${JSON.stringify(name)}`);
  }
  return name;
}

export function assertFieldName(name: string): string {
  if (typeof name !== 'string' || name.length > 120 || !FIELD.test(name)) {
    throw new Error(`Invalid field name: ${JSON.stringify(name)}`);
  }
  return name;
}
