import type { EventStore } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { ProjectionInstance } from './instance';

export interface RebuildOptions {
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  /**
   * Physical name of a projection's logical collection in the rebuild. Default: the projection's
   * own versioned collections, with its checkpoint (an offline repair: the projector must not
   * run meanwhile). With a function: throw-away collections, no checkpoint.
   */
  physical?: (projection: Projection, logical: string) => string;
  /** Stop each projection at this position (default: the head when the rebuild starts). */
  upTo?: (projection: Projection) => number;
  batchSize?: number;
  /** Called after every batch (progress reports). */
  onBatch?: (position: number, events: number) => void;
}

/**
 * Builds projections from zero in one pass over the log: into throw-away collections without
 * checkpoints (`replay --verify`), or into their own collections (`replay --rebuild`).
 */
export async function rebuildInto(options: RebuildOptions): Promise<ProjectionInstance[]> {
  const { eventStore, docs, projections } = options;
  const head = await eventStore.headPosition();
  const physical = options.physical;
  const instances = projections.map((p) =>
    physical
      ? new ProjectionInstance(p, docs, {
          physical: (logical) => physical(p, logical),
          checkpoint: null,
          deferIndexes: true,
        })
      : new ProjectionInstance(p, docs, { deferIndexes: true }),
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
  for (const instance of instances) await instance.ensureIndexes();
  return instances;
}
