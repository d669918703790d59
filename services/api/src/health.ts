/**
 * The process's HealthMonitor with its probes: store pings, free space under DATA_DIR, and the
 * projector (failure and lag). server.ts builds it and wraps the ports so that their faults and
 * recoveries reach it; the status route answers from it. Anything else that reports health
 * (e.g. /metrics) reads `deps.health` — `check()` probes, `snapshot()` does not.
 */
import { statfs } from 'node:fs/promises';
import type { FaultComponent } from '@jsonable/domain/faults';
import { HealthMonitor, monitorPort, type HealthProbe } from '@jsonable/domain/health/monitor';
import type { BlobStore, EventStore, Mailer } from '@jsonable/domain/ports';
import type { ProjectionRunner } from '@jsonable/projector';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { AppDeps, Logger } from './deps';

/** More events than this between the log's head and the projections reads as lagging. */
export const PROJECTOR_LAG_EVENTS = 1000;
export const DEFAULT_MIN_FREE_DISK_MB = 100;

const MB = 1024 * 1024;

export function storeProbe(component: FaultComponent, ping: () => Promise<void>): HealthProbe {
  return {
    component,
    async check() {
      await ping();
      return { problem: null };
    },
  };
}

/**
 * Free space of the file system holding `dir` (the embedded stores, the blobs, the outbox).
 * Under `minFreeBytes` the status is degraded; once above, no_space faults of the local stores
 * are over (the next write will find room).
 */
export function diskProbe(dir: string, minFreeBytes: number, health: HealthMonitor): HealthProbe {
  return {
    component: 'disk',
    async check() {
      let free: number;
      let total: number;
      try {
        const stats = await statfs(dir);
        free = stats.bavail * stats.bsize;
        total = stats.blocks * stats.bsize;
      } catch {
        // No such folder (server stores only): nothing of ours is on a local disk.
        return { problem: null };
      }
      const info = { freeBytes: free, totalBytes: total, minFreeBytes };
      if (free < minFreeBytes) {
        return {
          problem: {
            kind: 'low_space',
            message: 'storage space is running out: new images may soon fail to save',
            detail: `${(free / MB).toFixed(1)} MB free under ${dir} (threshold ${(minFreeBytes / MB).toFixed(0)} MB)`,
          },
          info,
        };
      }
      health.diskHasRoom();
      return { problem: null, info };
    },
  };
}

export function projectorProbe(
  runner: ProjectionRunner,
  eventStore: EventStore,
  lagEvents = PROJECTOR_LAG_EVENTS,
): HealthProbe {
  return {
    component: 'projector',
    async check() {
      const state = runner.state();
      const head = await eventStore.headPosition().catch(() => null);
      const lag = head !== null && state.position !== null ? Math.max(0, head - state.position) : null;
      const info = { ...state, head, lag };
      if (state.failing) {
        return {
          problem: {
            kind: 'failing',
            message: 'read models are not being updated: the projector is failing and retrying',
            detail: `${state.failing.error} (failing since ${state.failing.since}, next try ${state.failing.retryAt})`,
          },
          info,
        };
      }
      if (lag !== null && lag > lagEvents) {
        return {
          problem: {
            kind: 'lagging',
            message: 'read models are behind: lists and usage may be late',
            detail: `${lag} events behind`,
          },
          info,
        };
      }
      return { problem: null, info };
    },
  };
}

export interface MonitoredPorts {
  eventStore: EventStore;
  docs: DocumentStore;
  blobs: BlobStore;
}

/** The stores, each reporting its faults and recoveries to `health`. */
export function monitorStores(stores: MonitoredPorts, health: HealthMonitor): MonitoredPorts {
  return {
    eventStore: monitorPort(stores.eventStore, 'event-store', health, ['append']),
    docs: monitorPort(stores.docs, 'document-store', health, [
      'applyBatch',
      'putIf',
      'ensureCollection',
      'dropCollection',
    ]),
    // A delete succeeding on a full disk proves nothing: only a put shows there is room again.
    blobs: monitorPort(stores.blobs, 'blob-store', health, ['put']),
  };
}

export function monitorMailer(mailer: Mailer, health: HealthMonitor): Mailer {
  return monitorPort(mailer, 'mailer', health, ['send']);
}

/** Logs every change of a component's health: when it went wrong, and when it recovered. */
export function logHealthChanges(health: HealthMonitor, logger: Logger): void {
  health.onChange((component, now, before) => {
    if (now) logger.warn('health degraded', { component, problem: now.kind, detail: now.detail, since: now.since });
    else if (before) logger.info('health recovered', { component, problem: before.kind, since: before.since });
  });
}

const fallbacks = new WeakMap<AppDeps, HealthMonitor>();

/** deps.health, or (apps built by tests without one) a monitor that pings the two stores. */
export function healthOf(deps: AppDeps): HealthMonitor {
  if (deps.health) return deps.health;
  let health = fallbacks.get(deps);
  if (!health) {
    health = new HealthMonitor();
    health.addProbe(storeProbe('event-store', () => deps.eventStore.ping()));
    health.addProbe(storeProbe('document-store', () => deps.docs.ping()));
    fallbacks.set(deps, health);
  }
  return health;
}
