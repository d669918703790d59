import type { Checkpoint } from '@jsonable/read-models/ports';

/** The checkpoint argument of applyBatch as a list, each one checked (both adapters). */
export function checkpointList(checkpoint: Checkpoint | readonly Checkpoint[] | undefined): readonly Checkpoint[] {
  const list: readonly Checkpoint[] =
    checkpoint === undefined ? [] : Array.isArray(checkpoint) ? checkpoint : [checkpoint as Checkpoint];
  for (const c of list) {
    if (!Number.isSafeInteger(c.position) || c.position < 0)
      throw new Error('A checkpoint position is a non-negative integer');
  }
  return list;
}
