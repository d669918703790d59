import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { checkpointName } from './naming';
import type { RegistryCache } from './registry';

/**
 * The lowest committed position over the projections that serve reads, from the stored
 * checkpoints (for processes that do not run the projector). Projections not serving yet
 * (never switched on) or being rebuilt (their active version is frozen until the switch) are
 * left out: their reads are stale by design until the switch. Infinity when none is serving.
 */
export async function servingCheckpoint(
  docs: DocumentStore,
  registry: RegistryCache,
  projections: readonly Projection[],
): Promise<number> {
  const entries = await registry.get();
  let min = Number.POSITIVE_INFINITY;
  for (const p of projections) {
    const entry = entries.get(p.name);
    if (!entry || entry.rebuilding !== null) continue;
    min = Math.min(min, (await docs.getCheckpoint(checkpointName(p.name, entry.active))) ?? 0);
  }
  return min;
}

/** Whether every serving projection has committed `position` (see servingCheckpoint). */
export async function checkpointsReached(
  docs: DocumentStore,
  registry: RegistryCache,
  projections: readonly Projection[],
  position: number,
): Promise<boolean> {
  if (position <= 0) return true;
  return (await servingCheckpoint(docs, registry, projections)) >= position;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Read-your-writes for a process without the projector: polls the checkpoints until they pass
 * `position` or `timeoutMs` runs out. Resolves true when reached, false on timeout; never throws
 * (a slow read model must not fail the write that already succeeded). Concurrent waiters share
 * one poll, so a burst of writes does not multiply the checkpoint reads.
 */
export function createCheckpointWaiter(options: {
  docs: DocumentStore;
  registry: RegistryCache;
  projections: readonly Projection[];
  pollMs?: number;
}): (position: number, timeoutMs?: number) => Promise<boolean> {
  const pollMs = options.pollMs ?? 25;
  let known = 0;
  let polling: Promise<number> | null = null;
  const poll = (): Promise<number> =>
    (polling ??= servingCheckpoint(options.docs, options.registry, options.projections)
      .then(
        (min) => {
          // "Nothing serves yet" is no lower bound for later: a projection may switch on any time.
          if (Number.isFinite(min)) known = min;
          return min;
        },
        // The store is briefly unavailable: keep what we knew and try again on the next poll.
        () => known,
      )
      .finally(() => {
        polling = null;
      }));
  return async (position, timeoutMs = 2000) => {
    if (position <= 0 || known >= position) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await poll()) >= position) return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
    }
  };
}
