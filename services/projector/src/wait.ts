import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { checkpointName } from './naming';
import type { RegistryCache } from './registry';

/**
 * Whether every serving projection has committed `position`, read from the stored checkpoints
 * (for API processes that do not run the projector). Projections not serving yet (never
 * switched on) or being rebuilt (their active version is frozen until the switch) are not
 * waited for: their reads are stale by design until the switch.
 */
export async function checkpointsReached(
  docs: DocumentStore,
  registry: RegistryCache,
  projections: readonly Projection[],
  position: number,
): Promise<boolean> {
  if (position <= 0) return true;
  const entries = await registry.get();
  for (const p of projections) {
    const entry = entries.get(p.name);
    if (!entry || entry.rebuilding !== null) continue;
    const at = (await docs.getCheckpoint(checkpointName(p.name, entry.active))) ?? 0;
    if (at < position) return false;
  }
  return true;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Read-your-writes for a process without the projector: polls the checkpoints until they pass
 * `position` or `timeoutMs` runs out. Resolves true when reached, false on timeout; never throws
 * (a slow read model must not fail the write that already succeeded).
 */
export function createCheckpointWaiter(options: {
  docs: DocumentStore;
  registry: RegistryCache;
  projections: readonly Projection[];
  pollMs?: number;
}): (position: number, timeoutMs?: number) => Promise<boolean> {
  const pollMs = options.pollMs ?? 25;
  return async (position, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        if (await checkpointsReached(options.docs, options.registry, options.projections, position)) return true;
      } catch {
        // The store is briefly unavailable: keep trying until the deadline.
      }
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
    }
  };
}
