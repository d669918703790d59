import type { Doc } from '@jsonable/read-models/ports';

/**
 * What one projection instance has committed, kept in memory so a long run (a rebuild, a busy
 * live projector) does not read back from the store every document it wrote itself. Only the
 * instance writes its physical collections, so the cache cannot go stale while it holds the
 * lease.
 *
 * `complete` means the cache knows every stored document (the collections were empty when the
 * instance started and nothing was evicted): a miss then is a definite "absent" and costs no
 * read at all — which is what makes a rebuild from zero fast.
 */
export class DocCache {
  private readonly collections = new Map<string, Map<string, Doc | null>>();
  private size = 0;

  constructor(
    private readonly maxEntries: number,
    public complete: boolean,
  ) {}

  /** undefined: unknown (read the store); null: known absent. */
  lookup(collection: string, id: string): Doc | null | undefined {
    const hit = this.collections.get(collection)?.get(id);
    if (hit !== undefined) return hit;
    return this.complete ? null : undefined;
  }

  remember(collection: string, id: string, doc: Doc | null): void {
    let map = this.collections.get(collection);
    if (!map) {
      map = new Map();
      this.collections.set(collection, map);
    }
    if (!map.has(id)) this.size++;
    map.set(id, doc);
    if (this.size > this.maxEntries) {
      // Dropping everything is simpler than LRU bookkeeping and keeps the hot path cheap;
      // the store is still the truth.
      this.collections.clear();
      this.size = 0;
      this.complete = false;
    }
  }
}
