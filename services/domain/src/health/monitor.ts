/**
 * The process's health: which dependency is failing, how, and since when. One instance per
 * process (server.ts builds it into AppDeps as `health`); the status route answers from it, and
 * anything else that reports health (e.g. /metrics) reads the same `check()` / `snapshot()`.
 *
 * It learns in two ways:
 * - from traffic: the ports are wrapped (monitorPort) so that every fault a store or provider
 *   throws is recorded against its component, and every later success clears it again —
 *   recovery needs no restart and no operator;
 * - from probes, run on every `check()`: store pings, free disk space, the projector.
 *
 * Clearing rules. A read that succeeds proves a store reachable, not writable: it clears
 * `unreachable` and `timeout`, while `no_space` and `busy` need a write that succeeds (or, for
 * no_space of a store on the local disk, the disk probe seeing room again). `busy` also lapses
 * when no store call has been busy for BUSY_LAPSE_MS: contention passes without anyone writing.
 */
import { isFault, type DependencyFault, type FaultKind } from '../faults';

/** What a component's problem is: a fault kind, or a condition a probe reports. */
export type ProblemKind = FaultKind | 'low_space' | 'failing' | 'lagging';

export interface Problem {
  kind: ProblemKind;
  /** Says what is wrong in words a user of the status page can read (no paths, no secrets). */
  message: string;
  /** Operator detail (driver code, path, figures) for logs and metrics. */
  detail?: string;
}

export interface ComponentHealth extends Problem {
  component: string;
  /** ISO time the problem was first seen (without a recovery in between). */
  since: string;
  /** ISO time it was last seen. */
  lastSeen: string;
}

export interface HealthReport {
  /**
   * operational: nothing wrong. degraded: serving, but something is failing (see components).
   * unavailable: a store every request needs does not answer.
   */
  status: 'operational' | 'degraded' | 'unavailable';
  /** Earliest `since` of the current problems. */
  since: string | null;
  components: ComponentHealth[];
  /** Figures the probes add (free bytes, projector lag …), by component. */
  info: Record<string, Record<string, unknown>>;
}

export interface ProbeResult {
  problem: Problem | null;
  info?: Record<string, unknown>;
  /** A failed ping of a store that every request needs: the report says unavailable. */
  unavailable?: boolean;
}

export interface HealthProbe {
  component: string;
  check(): Promise<ProbeResult>;
}

export type HealthListener = (component: string, now: ComponentHealth | null, before: ComponentHealth | null) => void;

export const BUSY_LAPSE_MS = 30_000;
const PROBE_TIMEOUT_MS = 2000;

const FAULT_MESSAGES: Record<FaultKind, string> = {
  no_space: 'out of storage space: new images and changes cannot be saved',
  busy: 'busy: some requests wait or fail and should be retried',
  unreachable: 'not reachable: requests that need it fail',
  timeout: 'answering too slowly: some requests time out',
  provider: 'the provider is failing: this feature is unavailable for now',
};

interface Entry extends ComponentHealth {
  fromProbe: boolean;
}

export class HealthMonitor {
  private readonly entries = new Map<string, Entry>();
  private readonly probes: HealthProbe[] = [];
  private readonly listeners: HealthListener[] = [];
  private readonly unavailable = new Set<string>();
  private lastInfo: Record<string, Record<string, unknown>> = {};

  constructor(
    private readonly now: () => number = Date.now,
    /** Components whose no_space is the local disk's (the embedded stores): the disk probe clears it. */
    private readonly onLocalDisk: ReadonlySet<string> = new Set(),
  ) {}

  onChange(listener: HealthListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  addProbe(probe: HealthProbe): void {
    this.probes.push(probe);
  }

  /** A store or provider call failed with this fault. */
  fault(fault: DependencyFault): void {
    this.set(fault.component, { kind: fault.kind, message: FAULT_MESSAGES[fault.kind], detail: fault.detail }, false);
  }

  /** A call of `component` succeeded; a write proves more than a read (see the clearing rules). */
  succeeded(component: string, write: boolean): void {
    const entry = this.entries.get(component);
    if (!entry || entry.fromProbe) return;
    if (write || entry.kind === 'unreachable' || entry.kind === 'timeout' || entry.kind === 'provider')
      this.clear(component);
  }

  /** Sets or clears a condition (a probe's finding). */
  report(component: string, problem: Problem | null): void {
    if (problem) this.set(component, problem, true);
    else if (this.entries.get(component)?.fromProbe) this.clear(component);
  }

  /** Runs the probes (each bounded by a timeout), then answers. */
  async check(): Promise<HealthReport> {
    const info: Record<string, Record<string, unknown>> = {};
    await Promise.all(
      this.probes.map(async (probe) => {
        let result: ProbeResult;
        try {
          result = await withTimeout(probe.check(), PROBE_TIMEOUT_MS);
        } catch (error) {
          result = isFault(error)
            ? {
                problem: { kind: error.kind, message: FAULT_MESSAGES[error.kind], detail: error.detail },
                unavailable: true,
              }
            : {
                problem: {
                  kind: 'unreachable',
                  message: FAULT_MESSAGES.unreachable,
                  detail: error instanceof Error ? error.message : String(error),
                },
                unavailable: true,
              };
        }
        if (result.info) info[probe.component] = result.info;
        if (result.unavailable) this.unavailable.add(probe.component);
        else this.unavailable.delete(probe.component);
        if (result.problem) {
          this.set(probe.component, result.problem, true);
        } else {
          // The probe found nothing: its own finding goes, and a store that answered is reachable.
          this.report(probe.component, null);
          this.succeeded(probe.component, false);
        }
      }),
    );
    this.lastInfo = info;
    return this.snapshot();
  }

  /** The current state without probing. */
  snapshot(): HealthReport {
    this.lapse();
    const components = [...this.entries.values()].map(({ fromProbe: _, ...entry }) => entry);
    components.sort((a, b) => a.component.localeCompare(b.component));
    const since = components.reduce<string | null>((min, c) => (min === null || c.since < min ? c.since : min), null);
    const status = this.unavailable.size > 0 ? 'unavailable' : components.length > 0 ? 'degraded' : 'operational';
    return { status, since, components, info: this.lastInfo };
  }

  /** The disk probe saw room again: no_space of the stores on that disk is over. */
  diskHasRoom(): void {
    for (const [component, entry] of this.entries) {
      if (entry.kind === 'no_space' && !entry.fromProbe && this.onLocalDisk.has(component)) this.clear(component);
    }
  }

  private lapse(): void {
    const now = this.now();
    for (const [component, entry] of this.entries) {
      if (entry.kind === 'busy' && now - Date.parse(entry.lastSeen) > BUSY_LAPSE_MS) this.clear(component);
    }
  }

  private set(component: string, problem: Problem, fromProbe: boolean): void {
    const at = new Date(this.now()).toISOString();
    const before = this.entries.get(component) ?? null;
    // A call's fault outranks a probe's milder finding, and is not cleared by it.
    if (before && !before.fromProbe && fromProbe && problem.kind !== 'unreachable') return;
    const entry: Entry = {
      component,
      kind: problem.kind,
      message: problem.message,
      ...(problem.detail !== undefined ? { detail: problem.detail } : {}),
      since: before && before.kind === problem.kind ? before.since : at,
      lastSeen: at,
      fromProbe,
    };
    this.entries.set(component, entry);
    if (!before || before.kind !== entry.kind) this.emit(component, entry, before);
  }

  private clear(component: string): void {
    const before = this.entries.get(component);
    if (!before) return;
    this.entries.delete(component);
    this.emit(component, null, before);
  }

  private emit(component: string, now: Entry | null, before: Entry | null): void {
    const strip = (e: Entry | null): ComponentHealth | null => {
      if (!e) return null;
      const { fromProbe: _, ...rest } = e;
      return rest;
    };
    for (const listener of this.listeners) {
      try {
        listener(component, strip(now), strip(before));
      } catch {
        // A listener (a log line) must not break the caller that reported.
      }
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The port with every call reported to the monitor: faults as faults, successes as recoveries
 * (`writes` names the methods whose success proves the store writable). Methods run on the port
 * itself, so the adapter's own calls between its methods are not counted twice.
 */
export function monitorPort<T extends object>(
  port: T,
  component: string,
  health: HealthMonitor,
  writes: ReadonlyArray<keyof T & string>,
): T {
  const writeSet = new Set<string>(writes);
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(port, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'constructor') return value;
      let fn = wrapped.get(property);
      if (!fn) {
        const write = typeof property === 'string' && writeSet.has(property);
        const original = value as (...args: unknown[]) => unknown;
        fn = (...args: unknown[]) => {
          const failed = (error: unknown): never => {
            if (isFault(error)) health.fault(error);
            throw error;
          };
          let result: unknown;
          try {
            result = original.apply(target, args);
          } catch (error) {
            return failed(error);
          }
          if (result instanceof Promise) {
            return result.then((value: unknown) => {
              health.succeeded(component, write);
              return value;
            }, failed);
          }
          return result;
        };
        wrapped.set(property, fn);
      }
      return fn;
    },
  });
}
