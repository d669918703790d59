import type { EventStore } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { ProjectionInstance } from './instance';

export interface RebuildOptions {
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  /** Physical name of a projection's logical collection in the rebuild (must not be a live one). */
  physical: (projection: Projection, logical: string) => string;
  /** Stop each projection at this position (default: the head when the rebuild starts). */
  upTo?: (projection: Projection) => number;
  batchSize?: number;
  /** Called after every batch (progress reports). */
  onBatch?: (position: number, events: number) => void;
}

/**
 * Builds projections from zero into the given (throw-away) collections without checkpoints and
 * without touching the live read models: `replay --verify` and the rebuild bench use it.
 * One pass over the log feeds every projection.
 */
export async function rebuildInto(options: RebuildOptions): Promise<ProjectionInstance[]> {
  const { eventStore, docs, projections } = options;
  const head = await eventStore.headPosition();
  const instances = projections.map(
    (p) => new ProjectionInstance(p, docs, { physical: (logical) => options.physical(p, logical), checkpoint: null }),
  );
  const targets = projections.map((p) => options.upTo?.(p) ?? head);
  for (const instance of instances) await instance.reset();
  const end = Math.max(0, ...targets);
  const batchSize = options.batchSize ?? 5000;
  let after = 0;
  let seen = 0;
  while (after < end) {
    const events = await eventStore.readAll({ after, maxCount: batchSize });
    if (events.length === 0) break;
    for (let i = 0; i < instances.length; i++) await instances[i]!.apply(events, targets[i]);
    after = events[events.length - 1]!.position;
    seen += events.length;
    options.onBatch?.(after, seen);
  }
  return instances;
}
