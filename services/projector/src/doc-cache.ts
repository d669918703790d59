import type { Doc } from '@jsonable/read-models/ports';

/**
 * What one projection instance knows about its committed documents, so a long run (a rebuild,
 * a busy live projector) does not keep reading back what it wrote itself. Only the instance
 * writes its physical collections, so this cannot go stale while it holds the lease.
 *
 * - Documents the projection has read (counters, users it updates) are kept and kept current
 *   on every commit: the hot set of read-modify-write projections.
 * - Documents only written (one image per render) are not kept — only their ids, while the
 *   cache is `complete` (the collections were empty when the instance started): a get of an id
 *   never written is then a definite "absent" without a read. This keeps a rebuild from
 *   holding the whole read model in memory.
 */
export class DocCache {
  private readonly docs = new Map<string, Map<string, Doc | null>>();
  private readonly written = new Map<string, Set<string>>();
  private docCount = 0;
  private idCount = 0;

  constructor(
    private readonly maxEntries: number,
    public complete: boolean,
  ) {}

  /** undefined: unknown (read the store); null: known absent. */
  lookup(collection: string, id: string): Doc | null | undefined {
    const hit = this.docs.get(collection)?.get(id);
    if (hit !== undefined) return hit;
    if (this.complete && !this.written.get(collection)?.has(id)) return null;
    return undefined;
  }

  /** A document read from the store (or found absent there). */
  rememberRead(collection: string, id: string, doc: Doc | null): void {
    let map = this.docs.get(collection);
    if (!map) {
      map = new Map();
      this.docs.set(collection, map);
    }
    if (!map.has(id)) this.docCount++;
    map.set(id, doc);
    if (this.docCount > this.maxEntries) {
      // Dropping the hot set is simpler than LRU bookkeeping; the store is still the truth.
      this.docs.clear();
      this.docCount = 0;
    }
  }

  /** A document just committed (null: deleted). */
  rememberWrite(collection: string, id: string, doc: Doc | null): void {
    const map = this.docs.get(collection);
    if (map?.has(id)) map.set(id, doc);
    if (!this.complete) return;
    let ids = this.written.get(collection);
    if (!ids) {
      ids = new Set();
      this.written.set(collection, ids);
    }
    if (!ids.has(id)) {
      ids.add(id);
      if (++this.idCount > this.maxEntries * 10) {
        // Past this many ids, stop vouching for absence; reads of unknown ids go to the store.
        this.written.clear();
        this.idCount = 0;
        this.complete = false;
      }
    }
  }
}
