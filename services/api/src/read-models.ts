import type { Projection } from '@jsonable/read-models/projection';
import type { ApiModule } from './module';
import { modules as registered } from './modules/index';

/**
 * Every projection of every module. Names and logical collection names must be unique: the
 * projector keys checkpoints by name and the read side resolves a collection to its owner.
 */
export function allProjections(modules: ApiModule[] = registered): Projection[] {
  const projections = modules.flatMap((m) => m.projections ?? []);
  const names = new Set<string>();
  const collections = new Map<string, string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`Two projections are named '${p.name}'`);
    names.add(p.name);
    for (const c of p.collections) {
      const owner = collections.get(c.name);
      if (owner) throw new Error(`Collection '${c.name}' is owned by both '${owner}' and '${p.name}'`);
      collections.set(c.name, p.name);
    }
  }
  return projections;
}
