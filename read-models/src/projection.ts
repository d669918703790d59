import type { CollectionSpec, Doc, Filter, FindOptions } from './ports';

/** The event a projection sees: what the EventStore recorded. */
export interface ProjectedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  revision: number;
  position: number;
  createdAt: string;
}

/**
 * What a projection may do while handling one event. Reads see the writes made earlier in the
 * same batch. Collection names are the projection's logical names; the runner maps them onto the
 * versioned physical collections.
 */
export interface ProjectionTx {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  /**
   * The document for changing in place (null when absent): a private deep copy on the first call
   * for this id in the batch, the same object again on later calls once it was put, so a document
   * updated by every event (a counter, a map of counts) is copied once per batch instead of once
   * per event. Changes only count when the object is passed to put; after a put, change it only
   * to put it again. Documents from get stay read-only.
   */
  getForUpdate<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  put(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
}

export interface Projection {
  /** Stable name, e.g. 'users'. */
  name: string;
  /** Bump to rebuild into fresh collections; the runner switches reads over once caught up. */
  version: number;
  /** The logical collections this projection owns (only it writes them). */
  collections: CollectionSpec[];
  /** Event types it handles; others are skipped without calling handle. */
  handles: readonly string[];
  /** Must be deterministic: the same events give the same documents (a rebuild must equal the live ones). */
  handle(event: ProjectedEvent, tx: ProjectionTx): Promise<void>;
}

/**
 * Read access for queries: resolves a projection's logical collection to the active physical one.
 * Queries live next to their projection and take a ReadModels.
 */
export interface ReadModels {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
}
