import type { DocumentStore, Doc, DocOp, Filter, FindOptions } from '@jsonable/read-models/ports';
import type { ProjectionTx } from '@jsonable/read-models/projection';
import type { DocCache } from './doc-cache';
import { matchesFilter, sortAndPage } from './filter-match';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/**
 * One batch's writes, not yet committed. Reads see earlier writes of the batch; find() merges
 * the pending puts and deletes over the stored documents. Only the final state of each touched
 * document becomes an op, so a counter bumped a thousand times in a batch is written once.
 */
export class BatchOverlay implements ProjectionTx {
  /**
   * logical collection → id → pending doc (null: pending delete). Keyed by the logical name so
   * the hot path builds no strings; physical names are only needed for store calls.
   */
  private readonly pending = new Map<string, Map<string, Doc | null>>();

  constructor(
    private readonly docs: DocumentStore,
    private readonly physical: (logical: string) => string,
    private readonly cache: DocCache,
    /** Tests freeze what projections read, so in-place mutation fails loudly there. */
    private readonly freeze = false,
    /** Creates a collection's deferred indexes before it is queried. */
    private readonly beforeFind: ((logical: string) => Promise<void>) | null = null,
    /**
     * The previous batch while it is being committed (the projector prepares the next batch
     * meanwhile): its writes count as stored, whether the store has them yet or not. Cleared
     * once it is committed, when the cache and the store hold them.
     */
    public below: BatchOverlay | null = null,
  ) {}

  /** Private copies handed out by getForUpdate in this batch (never frozen, never committed state). */
  private readonly drafts = new Set<Doc>();

  private out<T>(doc: T): T {
    return this.freeze && !this.drafts.has(doc as Doc) ? deepFreeze(doc) : doc;
  }

  async getForUpdate<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const pending = this.pending.get(collection)?.get(id);
    // Already this batch's own copy, put back: changing it changes only what this batch writes.
    if (pending && this.drafts.has(pending)) return pending as T;
    const current = await this.get<T>(collection, id);
    if (current === null) return null;
    // A JSON round trip: exactly what the store would give back, sharing nothing with the cache.
    const draft = JSON.parse(JSON.stringify(current)) as T;
    this.drafts.add(draft);
    return draft;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const pending = this.pending.get(collection);
    if (pending) {
      const doc = pending.get(id);
      if (doc !== undefined) return this.out(doc as T | null);
    }
    if (this.below) {
      const doc = this.below.pending.get(collection)?.get(id);
      if (doc !== undefined) return this.out(doc as T | null);
    }
    const cached = this.cache.lookup(collection, id);
    if (cached !== undefined) return this.out(cached as T | null);
    const stored = await this.docs.get<T>(this.physical(collection), id);
    this.cache.rememberRead(collection, id, stored);
    return this.out(stored);
  }

  async find<T extends Doc = Doc>(collection: string, filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    const name = this.physical(collection);
    if (this.beforeFind) await this.beforeFind(collection);
    const pending = this.pendingOf(collection);
    if (!pending || pending.size === 0) return this.out(await this.docs.find<T>(name, filter, options));
    // Paging must happen after the merge: fetch the whole match, overlay, then sort and page.
    const stored = await this.docs.find<T>(name, filter, options.sort ? { sort: options.sort } : {});
    const merged = stored.filter((d) => !pending.has(d.id));
    for (const doc of pending.values()) {
      if (doc && matchesFilter(doc, filter)) merged.push(doc as T);
    }
    return this.out(sortAndPage(merged, options));
  }

  /** This batch's writes to a collection over those of the batch below it, if any. */
  private pendingOf(collection: string): Map<string, Doc | null> | undefined {
    const own = this.pending.get(collection);
    const below = this.below?.pending.get(collection);
    if (!below || below.size === 0) return own;
    const merged = new Map(below);
    if (own) for (const [id, doc] of own) merged.set(id, doc);
    return merged;
  }

  put(collection: string, doc: Doc): void {
    if (typeof doc.id !== 'string' || doc.id === '')
      throw new Error(`put into ${collection}: document needs a string id`);
    this.map(collection).set(doc.id, doc);
  }

  delete(collection: string, id: string): void {
    this.map(collection).set(id, null);
  }

  private map(collection: string): Map<string, Doc | null> {
    let m = this.pending.get(collection);
    if (!m) {
      // Only the projection's own collections: a typo must fail here, not write a stray table.
      this.physical(collection);
      m = new Map();
      this.pending.set(collection, m);
    }
    return m;
  }

  /** The batch as DocumentStore ops (final state per document). */
  ops(): DocOp[] {
    const ops: DocOp[] = [];
    for (const [logical, docs] of this.pending) {
      const collection = this.physical(logical);
      for (const [id, doc] of docs) {
        ops.push(doc ? { op: 'put', collection, doc } : { op: 'delete', collection, id });
      }
    }
    return ops;
  }

  /** After a successful commit: the cache now holds what the store holds. */
  committed(): void {
    for (const [collection, docs] of this.pending) {
      for (const [id, doc] of docs) this.cache.rememberWrite(collection, id, doc);
    }
  }
}
