import type { RecordedEvent } from '@jsonable/domain/ports';
import type { Checkpoint, DocOp, DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { DocCache } from './doc-cache';
import { checkpointName, physicalCollection } from './naming';
import { BatchOverlay } from './overlay';

export interface InstanceOptions {
  /** Maps a logical collection onto the physical one (default `<logical>__v<version>`). */
  physical?: (logical: string) => string;
  /** Checkpoint name (default `<name>@v<version>`); null keeps the position in memory only. */
  checkpoint?: string | null;
  /** Freeze documents handed to the projection (tests). */
  freeze?: boolean;
  /** Documents kept in the write-through cache (default 200,000). */
  cacheEntries?: number;
  /**
   * Building from zero into collections nobody reads yet: create their indexes only when the
   * projection first queries one (find) or when the build is done (ensureIndexes). Building an
   * index once over loaded rows is much cheaper than maintaining it on every insert.
   */
  deferIndexes?: boolean;
}

/**
 * One projection at one version, writing into its own physical collections. Applies batches of
 * the global log: events at or below its position are skipped (redelivery), every batch is one
 * atomic applyBatch of the documents and the new checkpoint.
 */
export class ProjectionInstance {
  readonly physical: (logical: string) => string;
  readonly checkpoint: string | null;
  private readonly handles: Set<string>;
  private cache: DocCache;
  /** Global position of the last event whose effects are committed. */
  position = 0;
  /** A batch is being prepared (handlers running). */
  private preparing = false;
  /**
   * Batches prepared and handed over but not yet committed or abandoned, oldest first: at most
   * two, the one being committed and the next, prepared meanwhile on top of it.
   */
  private handedOver: Array<{ overlay: BatchOverlay; last: number }> = [];
  /** Logical collections whose indexes are not created yet (deferIndexes). */
  private readonly unindexed = new Set<string>();

  constructor(
    readonly projection: Projection,
    private readonly docs: DocumentStore,
    private readonly options: InstanceOptions = {},
  ) {
    const toPhysical = options.physical ?? ((logical: string) => physicalCollection(logical, projection.version));
    const names = new Map(projection.collections.map((c) => [c.name, toPhysical(c.name)]));
    this.physical = (logical) => {
      const name = names.get(logical);
      if (name === undefined) {
        throw new Error(`Projection ${projection.name} used collection '${logical}', which it does not declare`);
      }
      return name;
    };
    this.checkpoint =
      options.checkpoint === undefined ? checkpointName(projection.name, projection.version) : options.checkpoint;
    this.handles = new Set(projection.handles);
    this.cache = new DocCache(options.cacheEntries ?? 200_000, false);
  }

  get name(): string {
    return this.projection.name;
  }

  get version(): number {
    return this.projection.version;
  }

  /** Creates the collections and loads the checkpoint. */
  async open(): Promise<void> {
    this.position = this.checkpoint ? ((await this.docs.getCheckpoint(this.checkpoint)) ?? 0) : 0;
    const defer = this.options.deferIndexes === true && this.position === 0;
    this.unindexed.clear();
    for (const spec of this.projection.collections) {
      await this.docs.ensureCollection({
        ...spec,
        name: this.physical(spec.name),
        indexes: defer ? [] : spec.indexes,
        compoundIndexes: defer ? [] : spec.compoundIndexes,
        // A substring index is filled from the rows at the end too (SQLite: one pass instead of a trigger per write).
        substringIndexes: defer ? [] : spec.substringIndexes,
        // The store may lay out the fields for the indexes built at the end (SQLite: columns).
        ...(defer
          ? { indexLater: [...spec.indexes, ...(spec.compoundIndexes ?? []).flat(), ...(spec.substringIndexes ?? [])] }
          : {}),
      });
      const indexed =
        spec.indexes.length > 0 || (spec.compoundIndexes?.length ?? 0) > 0 || (spec.substringIndexes?.length ?? 0) > 0;
      if (defer && indexed) this.unindexed.add(spec.name);
    }
    // Documents are only ever committed together with a checkpoint, so no checkpoint means the
    // collections are still empty and the cache starts out knowing all of them.
    this.cache = new DocCache(this.options.cacheEntries ?? 200_000, this.position === 0 && this.checkpoint !== null);
  }

  /**
   * Starts over from an empty read model: the checkpoint goes back to 0 first (so a crash in
   * between makes the next run start from zero rather than trust emptied collections), then the
   * collections are dropped and created again.
   */
  async reset(): Promise<void> {
    if (this.checkpoint) await this.docs.applyBatch([], { name: this.checkpoint, position: 0 });
    for (const spec of this.projection.collections) await this.docs.dropCollection(this.physical(spec.name));
    await this.open();
    this.position = 0;
    this.cache = new DocCache(this.options.cacheEntries ?? 200_000, true);
  }

  /** Creates the deferred indexes (of one collection, or all). Call before the collections serve reads. */
  async ensureIndexes(logical?: string): Promise<void> {
    for (const spec of this.projection.collections) {
      if (!this.unindexed.has(spec.name) || (logical !== undefined && spec.name !== logical)) continue;
      await this.docs.ensureCollection({ ...spec, name: this.physical(spec.name) });
      this.unindexed.delete(spec.name);
    }
  }

  async dropCollections(): Promise<void> {
    for (const spec of this.projection.collections) await this.docs.dropCollection(this.physical(spec.name));
  }

  /**
   * Applies the events past this instance's position, up to `upTo` when given, in a transaction
   * of its own (the offline rebuild and the projection specs; the runner commits the instances of
   * a group together through prepare). Returns whether it committed anything.
   */
  async apply(events: readonly RecordedEvent[], upTo = Number.POSITIVE_INFINITY): Promise<boolean> {
    const batch = await this.prepare(events, upTo);
    if (!batch) return false;
    try {
      await this.docs.applyBatch(batch.ops, batch.checkpoint ?? undefined);
    } catch (error) {
      batch.abandon();
      throw error;
    }
    batch.committed();
    return true;
  }

  /**
   * Runs the projection over the events past its position (up to `upTo`) without committing:
   * the caller commits `ops` and `checkpoint` (the projector: together with other projections'
   * batches, in one transaction) and then calls `committed()`, or `abandon()` if that failed.
   * Null when no event moved the position.
   *
   * One more batch may be prepared while the previous one is being committed: it starts where
   * that one ends and reads its writes as stored. Batches must then be committed in the order
   * they were prepared; abandoning one abandons the one prepared on top of it too.
   */
  async prepare(events: readonly RecordedEvent[], upTo = Number.POSITIVE_INFINITY): Promise<PreparedBatch | null> {
    const label = `Projection ${this.projection.name}@v${this.projection.version}`;
    // Two batches prepared at once would both start from the same position and apply events twice.
    if (this.preparing || this.handedOver.length >= 2) throw new Error(`${label}: overlapping batches`);
    this.preparing = true;
    try {
      const below = this.handedOver.at(-1) ?? null;
      const start = below ? below.last : this.position;
      let last = start;
      const overlay = new BatchOverlay(
        this.docs,
        this.physical,
        this.cache,
        this.options.freeze ?? false,
        this.unindexed.size > 0 ? (logical) => this.ensureIndexes(logical) : null,
        below?.overlay ?? null,
      );
      for (const event of events) {
        if (event.position <= last || event.position > upTo) continue;
        if (this.handles.has(event.type)) {
          try {
            await this.projection.handle(event, overlay);
          } catch (error) {
            throw new Error(
              `Projection ${this.projection.name}@v${this.projection.version} failed on ${event.type} at position ${event.position}: ${
                error instanceof Error ? error.message : String(error)
              }`,
              { cause: error },
            );
          }
        }
        last = event.position;
      }
      if (last === start) return null;
      const entry = { overlay, last };
      this.handedOver.push(entry);
      let done = false;
      return {
        ops: overlay.ops(),
        checkpoint: this.checkpoint ? { name: this.checkpoint, position: last } : null,
        committed: () => {
          if (done) throw new Error(`${label}: batch finished twice`);
          if (this.handedOver[0] !== entry) throw new Error(`${label}: batches committed out of order`);
          done = true;
          this.handedOver.shift();
          overlay.committed();
          this.position = last;
          // The next batch no longer needs this one: the cache and the store have its writes.
          const next = this.handedOver[0];
          if (next) next.overlay.below = null;
        },
        abandon: () => {
          if (done) return;
          done = true;
          // A batch prepared on top of this one is void too: its caller abandons it as well.
          const at = this.handedOver.indexOf(entry);
          if (at >= 0) this.handedOver.splice(at);
        },
      };
    } finally {
      this.preparing = false;
    }
  }
}

/** A projection's batch, handled but not committed yet (ProjectionInstance.prepare). */
export interface PreparedBatch {
  ops: DocOp[];
  checkpoint: Checkpoint | null;
  /** The batch is stored: the instance moves its position and cache on. */
  committed(): void;
  /** The batch was not stored: the instance stays where it was. */
  abandon(): void;
}
