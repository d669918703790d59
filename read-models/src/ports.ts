/**
 * The read side's port: named collections of JSON documents. Embedded: SQLite. Servers: MongoDB.
 * No driver is imported here.
 */

export interface Doc {
  /** Document id, unique inside its collection. */
  id: string;
  [field: string]: unknown;
}

export type Scalar = string | number | boolean | null;

/**
 * Equality on a field, or a small set of comparison operators. Fields are top-level document fields.
 * `$contains`: the field is a string holding the operand as a substring (case-sensitive: store a
 * lower-cased copy of what is searched and lower-case the operand for a case-insensitive search).
 * It cannot use an index: keep it next to an indexed equality that narrows the documents first.
 */
export type FieldCondition =
  | Scalar
  | { $in: Scalar[] }
  | { $contains: string }
  | { $lt?: Scalar; $lte?: Scalar; $gt?: Scalar; $gte?: Scalar; $ne?: Scalar };

export type Filter = Record<string, FieldCondition>;

export interface FindOptions {
  /** e.g. [['createdAt', -1], ['id', 1]] */
  sort?: Array<[field: string, direction: 1 | -1]>;
  limit?: number;
  skip?: number;
  /**
   * Keyset paging: only documents that come strictly after this position in the sort order, given
   * as one value per `sort` entry (so `sort` must end in `id` to make positions unique). Unlike
   * `skip`, a page boundary stays put when documents are added or removed before it, and the
   * store seeks to it through a compound index instead of reading the skipped documents.
   * The sorted fields must hold values of the position's types (a string field: strings).
   */
  after?: Scalar[];
}

export interface CollectionSpec {
  name: string;
  /** Top-level fields that filters and sorts use; the adapter indexes each of them. */
  indexes: string[];
  /**
   * Compound indexes, each a list of top-level fields (ascending; `id` allowed last), for queries
   * that filter on equalities and sort or page on the fields after them, e.g.
   * `['ownerId', 'createdAt', 'id']` for one owner's documents newest first.
   */
  compoundIndexes?: string[][];
  /**
   * String fields searched with `$contains` over many documents: an adapter may keep a substring
   * index of them (SQLite: an FTS5 trigram table kept by triggers), so a search reads the
   * documents that hold the operand instead of every document of the equality it sits next to.
   * Results are the same with or without it (MongoDB's adapter keeps none).
   */
  substringIndexes?: string[];
  /**
   * Operational data (sessions, previews, rate-limit windows): documents may carry `expiresAt`
   * (epoch milliseconds); expired documents are never returned and are removed in the background.
   */
  expiring?: boolean;
  /**
   * Fields a later ensureCollection of this collection will list in `indexes` (a projection built
   * from zero gets its indexes once at the end). An adapter that keeps indexed fields outside the
   * document (the SQLite one, in columns) prepares for them now; others may ignore this.
   */
  indexLater?: string[];
}

export type DocOp = { op: 'put'; collection: string; doc: Doc } | { op: 'delete'; collection: string; id: string };

export interface Checkpoint {
  /** Projection name (its versioned name, e.g. `users@v1`). */
  name: string;
  /** Global position of the last event whose effects are in the batch. */
  position: number;
}

/**
 * A fencing token for applyBatch: the batch commits only if document `id` of `collection` has
 * `field` equal to `value` at commit time. The projector passes its lease's token, so an instance
 * that stalled past its lease cannot commit one more batch after another one took over.
 */
export interface Fence {
  collection: string;
  id: string;
  field: string;
  value: string | number;
}

/** applyBatch refused: the fence document no longer holds the expected value. Nothing was written. */
export class FencedWriteError extends Error {
  constructor(readonly fence: Fence) {
    super(`Write fenced off: ${fence.collection}/${fence.id} no longer has ${fence.field} = ${String(fence.value)}`);
    this.name = 'FencedWriteError';
  }
}

export interface DocumentStore {
  /** Creates the collection and its indexes if needed; safe to call many times. */
  ensureCollection(spec: CollectionSpec): Promise<void>;
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /**
   * Applies the operations in order, atomically, together with the checkpoint(s) when given:
   * either all of them and every checkpoint are stored, or none. Several checkpoints let the
   * projector commit the batches of several projections in one transaction. With a fence, the
   * fence document is checked in the same transaction and FencedWriteError thrown (nothing
   * written) on a mismatch.
   */
  applyBatch(ops: DocOp[], checkpoint?: Checkpoint | readonly Checkpoint[], fence?: Fence): Promise<void>;
  getCheckpoint(name: string): Promise<number | null>;
  /** Removes a collection entirely (used when a rebuilt projection replaces an old version). */
  dropCollection(collection: string): Promise<void>;
  /**
   * Compare-and-set for operational documents (rate limits, leases, idempotency keys):
   * writes `doc` only if the stored document's `version` field equals `expectedVersion`
   * (null: only if absent). Returns whether it wrote.
   */
  putIf(collection: string, doc: Doc, expectedVersion: number | null): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
