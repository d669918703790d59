import type { CollectionSpec, Doc, DocumentStore, Filter, FindOptions } from '@jsonable/read-models/ports';
import type { Projection, ReadModels } from '@jsonable/read-models/projection';
import { physicalCollection } from './naming';
import type { RegistryCache } from './registry';

/**
 * Queries see logical collection names (`users`); this resolves each to the physical collection
 * of the version that currently serves reads (`users__v2`), using the cached registry.
 */
export class ActiveReadModels implements ReadModels {
  private readonly owners = new Map<string, { projection: Projection; spec: CollectionSpec }>();
  /** Physical collections known to exist (created here once, so a query never hits a missing one). */
  private readonly ensured = new Set<string>();

  constructor(
    private readonly docs: DocumentStore,
    projections: readonly Projection[],
    private readonly registry: RegistryCache,
  ) {
    for (const p of projections) for (const c of p.collections) this.owners.set(c.name, { projection: p, spec: c });
  }

  async resolve(collection: string): Promise<string> {
    const owner = this.owners.get(collection);
    if (!owner) throw new Error(`Unknown read model collection '${collection}': no registered projection owns it`);
    const entry = (await this.registry.get()).get(owner.projection.name);
    const physical = physicalCollection(collection, entry?.active ?? owner.projection.version);
    if (!this.ensured.has(physical)) {
      await this.docs.ensureCollection({ ...owner.spec, name: physical });
      this.ensured.add(physical);
    }
    return physical;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    return this.docs.get<T>(await this.resolve(collection), id);
  }

  async find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    return this.docs.find<T>(await this.resolve(collection), filter, options);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return this.docs.count(await this.resolve(collection), filter);
  }

  /** Called by an in-process projector right after it switched a projection over. */
  refresh(): void {
    this.registry.invalidate();
    this.ensured.clear();
  }
}
