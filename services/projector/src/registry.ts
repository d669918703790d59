import type { Doc, DocumentStore } from '@jsonable/read-models/ports';
import { REGISTRY_COLLECTION } from './naming';

/**
 * One document per projection saying which version serves reads. The collections of a version
 * are recorded with it, so a retired version can be dropped after its code is gone.
 */
export interface RegistryEntry {
  id: string;
  active: number;
  collections: string[];
  /** A newer (or rolled-back) version being built while `active` keeps serving reads. */
  rebuilding: number | null;
  /** Versions replaced by a switch whose collections are still to be dropped. */
  retired: Array<{ version: number; collections: string[] }>;
}

export interface RegistryDoc extends RegistryEntry, Doc {
  /** Compare-and-set counter for putIf. */
  version: number;
  updatedAt: string;
}

export async function ensureRegistry(docs: DocumentStore): Promise<void> {
  await docs.ensureCollection({ name: REGISTRY_COLLECTION, indexes: [] });
}

export async function readRegistry(docs: DocumentStore): Promise<Map<string, RegistryDoc>> {
  const all = await docs.find<RegistryDoc>(REGISTRY_COLLECTION);
  return new Map(all.map((d) => [d.id, d]));
}

/** Writes `next` over `current` (null: creates); returns false when someone else wrote first. */
export async function writeRegistry(
  docs: DocumentStore,
  current: RegistryDoc | null,
  next: RegistryEntry,
): Promise<RegistryDoc | null> {
  const doc: RegistryDoc = {
    id: next.id,
    active: next.active,
    collections: next.collections,
    rebuilding: next.rebuilding,
    retired: next.retired,
    version: (current?.version ?? 0) + 1,
    updatedAt: new Date().toISOString(),
  };
  const ok = await docs.putIf(REGISTRY_COLLECTION, doc, current ? current.version : null);
  return ok ? doc : null;
}

/**
 * The registry as the read side sees it, cached: it changes only when a rebuilt version takes
 * over, and the projector tells in-process readers at once (refresh); other processes pick the
 * switch up within `ttlMs` (old collections are dropped only after a longer grace period).
 */
export class RegistryCache {
  private cached: Map<string, RegistryDoc> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<string, RegistryDoc>> | null = null;
  private ensured = false;

  constructor(
    private readonly docs: DocumentStore,
    private readonly ttlMs = 5000,
  ) {}

  async get(): Promise<Map<string, RegistryDoc>> {
    if (this.cached && Date.now() - this.loadedAt < this.ttlMs) return this.cached;
    this.loading ??= (async () => {
      try {
        if (!this.ensured) {
          await ensureRegistry(this.docs);
          this.ensured = true;
        }
        const map = await readRegistry(this.docs);
        this.cached = map;
        this.loadedAt = Date.now();
        return map;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  invalidate(): void {
    this.cached = null;
  }
}
