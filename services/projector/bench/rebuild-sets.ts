/**
 * The projection sets the rebuild bench measures, by name, so that a measuring process
 * (rebuild-run.ts) can load the same set as the process that wrote the log.
 */
import type { Projection } from '@jsonable/read-models/projection';
import { allProjections } from '../../api/src/read-models';
import { generateAppEvents } from './app-events';
import { generateMixEvents, projectionMix, type MixEvent } from './projections';

export interface RebuildSet {
  /** Names the set in the result rows. */
  label: string;
  projections: readonly Projection[];
  /** The log's content. */
  generate: (count: number, seed: number) => MixEvent[];
}

export const rebuildSetNames = ['mix', 'app'] as const;
export type RebuildSetName = (typeof rebuildSetNames)[number];

export function rebuildSet(name: RebuildSetName): RebuildSet {
  if (name === 'mix') {
    return {
      label: `bench mix of ${projectionMix.length} projections`,
      projections: projectionMix,
      generate: generateMixEvents,
    };
  }
  const projections = allProjections();
  return { label: `the app's ${projections.length} registered projections`, projections, generate: generateAppEvents };
}
