import type { EventOf, JsonableEventType, RecordedEvent } from '@jsonable/contracts/events';
import type { CollectionSpec, Doc, Filter, FindOptions } from './ports';

/** The event a projection sees: what the EventStore recorded. */
export type ProjectedEvent<Type extends string = string, Data = unknown> = RecordedEvent<Type, Data>;

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

/** A projected event of one catalogue type: the store's envelope (position, createdAt…) with its typed data. */
export type ProjectedOf<T extends JsonableEventType> = T extends JsonableEventType
  ? Omit<ProjectedEvent<T>, 'data'> & { data: EventOf<T>['data'] }
  : never;

/**
 * The one way to write a projection: `handles` lists catalogue event types, and `handle` receives
 * those events typed (a `switch (event.type)` narrows `event.data`), so no projection casts. The
 * runner only hands over events whose type is in `handles`; this checks it again, so a wrong
 * delivery is skipped instead of being read as another shape.
 */
export function defineProjection<const Types extends readonly JsonableEventType[]>(spec: {
  name: string;
  version: number;
  collections: CollectionSpec[];
  handles: Types;
  handle(event: ProjectedOf<Types[number]>, tx: ProjectionTx): Promise<void>;
}): Projection {
  const types = new Set<string>(spec.handles);
  return {
    ...spec,
    handle: async (event, tx) => {
      if (types.has(event.type)) await spec.handle(event as ProjectedOf<Types[number]>, tx);
    },
  };
}

/** A read-model document that remembers the global position of the last event applied to it. */
export interface Positioned extends Doc {
  position: number;
}

/**
 * The idempotency guard of every projection: an event at or below the position a document
 * remembers was applied already (a redelivery), so it changes nothing. That is also why deleted
 * things are kept as tombstones rather than removed: a removed document would forget its position.
 */
export function alreadyApplied(doc: Positioned | null | undefined, position: number): boolean {
  return doc != null && doc.position >= position;
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
