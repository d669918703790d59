/**
 * Keyset paging of a read-model list (issue #30), the one home of "read one more than the page,
 * cut, and name where the next page starts" for every paged list (projects, images, billing
 * history, sessions) on every DocumentStore. A list is ordered by one string field and then the
 * id, so every position is unique; the position of a page is its last document's (field, id),
 * and the next page is what comes strictly after it (FindOptions.after). A page boundary
 * therefore stays put while documents are added or removed before or after it: following the
 * positions gives every document that existed throughout exactly once, in order (the property
 * in testing/document-store.contract.ts). The API turns positions into opaque cursors
 * (services/api/src/routes/paging.ts).
 */
import type { Doc, Filter } from './ports';
import type { ReadModels } from './projection';

/** Where a page ends: the sort field's value and the id of its last document. */
export type KeysetPosition = [string, string];

/** A list's order: one string field of its documents, then the id (each ascending 1 or descending -1). */
export type KeysetOrder<T extends Doc> = readonly [
  readonly [field: keyof T & string, direction: 1 | -1],
  readonly [field: 'id', direction: 1 | -1],
];

export interface PageRequest {
  limit: number;
  /** The position of the previous page; absent for the first page. */
  after?: KeysetPosition;
}

export interface KeysetPage<T> {
  docs: T[];
  /** The position to continue after, or null on the last page. */
  next: KeysetPosition | null;
}

function positionOf<T extends Doc>(doc: T, [[field]]: KeysetOrder<T>): KeysetPosition {
  const value = doc[field];
  // A list paged on a field that is not a string could not be continued from a cursor.
  if (typeof value !== 'string') throw new Error(`Paged on ${field}, which is not a string in ${doc.id}`);
  return [value, doc.id];
}

/**
 * One page of the documents of `collection` matching `filter` in `order`, after `page.after` when
 * given. Reads `limit + 1` documents, so whether there is a next page is known without counting;
 * memory and time depend on the page, not on how many documents the list holds.
 */
export async function findPage<T extends Doc>(
  readModels: Pick<ReadModels, 'find'>,
  collection: string,
  filter: Filter,
  order: KeysetOrder<T>,
  page: PageRequest,
): Promise<KeysetPage<T>> {
  const found = await readModels.find<T>(collection, filter, {
    sort: order.map(([field, direction]): [string, 1 | -1] => [field, direction]),
    limit: page.limit + 1,
    ...(page.after ? { after: page.after } : {}),
  });
  const docs = found.slice(0, page.limit);
  const last = docs[docs.length - 1];
  return { docs, next: found.length > page.limit && last ? positionOf(last, order) : null };
}
