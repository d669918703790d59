import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent, Subscription } from '@jsonable/domain/ports';
import { FencedWriteError, type DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { ProjectionInstance, type PreparedBatch } from './instance';
import { Lease } from './lease';
import { silentLogger, type ProjectorLogger } from './logger';
import { Mutex } from './mutex';
import { physicalCollection } from './naming';
import {
  ensureRegistry,
  readRegistry,
  writeRegistry,
  RegistryCache,
  type RegistryDoc,
  type RegistryEntry,
} from './registry';
import { checkpointsReached, sleep } from './wait';

export interface ProjectorState {
  leader: boolean;
  live: boolean;
  /** Position every serving projection has committed (null when not leading). */
  position: number | null;
  /** Projections being built from zero (new or bumped versions). */
  rebuilding: string[];
  /** Failed terms in a row. */
  failures: number;
  failing: { since: string; retryAt: string; error: string } | null;
}

function describeError(error: unknown): string {
  if (
    error &&
    typeof error === 'object' &&
    'describe' in error &&
    typeof (error as { describe: unknown }).describe === 'function'
  ) {
    return String((error as { describe(): string }).describe());
  }
  return error instanceof Error ? error.message : String(error);
}

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  logger?: ProjectorLogger;
  /** Largest batch of the log applied (one transaction for all projections) while live (default 2000). */
  batchSize?: number;
  /**
   * Batch size while building a projection from zero or a new version (default 5,000): nobody
   * reads those collections yet, so bigger transactions buy throughput, up to where a batch's
   * documents outgrow the young generation and while one batch is committed the next is handled
   * (measured: 5,000 beat 2,500 and 10,000; docs/benchmarks.md).
   */
  rebuildBatchSize?: number;
  /** Identifies this instance in the lease (default host-pid-random). */
  owner?: string;
  /** A lease not renewed for this long may be taken over (default 15 s). */
  leaseTtlMs?: number;
  /** How often the holder renews (default 5 s). */
  leaseRenewMs?: number;
  /** How often a waiting instance tries to take the lease (default 2 s). */
  leaseRetryMs?: number;
  /** Old collections outlive a switch this long, so readers with a cached registry finish (default 30 s). */
  dropGraceMs?: number;
  /** Shared with the process's ReadModels so a switch is visible at once. */
  registry?: RegistryCache;
  /** Told after a projection switched to a rebuilt version. */
  onSwitch?: (projection: string, version: number) => void;
}

/** A set of instances fed by one subscription; everything ≤ cursor is committed by all of them. */
interface Group {
  name: 'main' | 'rebuild';
  instances: ProjectionInstance[];
  cursor: number;
  subscription: Subscription | null;
  mutex: Mutex;
  live: boolean;
  /**
   * The group's last batch while the store commits it. The next batch is prepared meanwhile and
   * sent once this one is through; whatever needs exact positions drains it first (drain).
   */
  inFlight: Promise<void> | null;
}

const emptyGroup = (name: Group['name']): Group => ({
  name,
  instances: [],
  cursor: 0,
  subscription: null,
  mutex: new Mutex(),
  live: false,
  inFlight: null,
});

/** One period of holding the lease. Ends on stop, lease loss or a failure. */
interface Term {
  ended: boolean;
  end(reason: string, error?: unknown): void;
  done: Promise<{ reason: string; error?: unknown }>;
  main: Group;
  rebuild: Group;
  timers: NodeJS.Timeout[];
}

/**
 * Runs every projection over the global log. Projections whose registered version is the one in
 * the code run in the main group from their checkpoints and go live; a projection whose version
 * changed (or that is new) is built from zero in a separate rebuild group, so the others stay
 * live meanwhile, and joins the main group — switching reads over — once it has caught up.
 * Only the holder of the lease writes; other instances wait for it.
 */
export class ProjectionRunner {
  readonly owner: string;
  readonly registry: RegistryCache;
  private readonly logger: ProjectorLogger;
  private readonly lease: Lease;
  private readonly batchSize: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private term: Term | null = null;
  private wakeSleep: (() => void) | null = null;
  /** Resolved whenever the main group commits a batch (wakes read-your-writes waiters). */
  private progress = Promise.withResolvers<void>();
  private caughtUpWaiters: Array<() => void> = [];
  private failures = 0;
  /** The failure that ended the last term, until the projector is live again (health reports it). */
  private failing: { error: unknown; since: string; retryAt: string } | null = null;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.owner = options.owner ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.logger = options.logger ?? silentLogger;
    this.lease = new Lease(options.docs, this.owner, options.leaseTtlMs ?? 15_000);
    this.batchSize = options.batchSize ?? 2000;
    this.registry = options.registry ?? new RegistryCache(options.docs);
  }

  get isLeader(): boolean {
    return this.term !== null && !this.term.ended;
  }

  /** Starts in the background: waits for the lease, catches up, goes live. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.acquireLoop();
  }

  /** Stops processing, lets the batch in flight finish, and releases the lease. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.term?.end('stopped');
    this.wakeSleep?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * Resolves once this instance holds the lease, every projection serves its current version
   * and the main group is live. For tests, the CLI and startup logs.
   */
  whenCaughtUp(): Promise<void> {
    if (this.isCaughtUp()) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  /**
   * Read-your-writes: resolves true once every serving projection has committed `position`,
   * false after `timeoutMs`. Never throws.
   */
  async waitForPosition(position: number, timeoutMs = 2000): Promise<boolean> {
    if (position <= 0) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const term = this.term;
      let reached: boolean;
      if (term && !term.ended) {
        reached = term.main.cursor >= position;
      } else {
        // Another instance (or nobody yet) runs the projections: ask the stored checkpoints.
        try {
          reached = await checkpointsReached(this.options.docs, this.registry, this.options.projections, position);
        } catch {
          reached = false;
        }
      }
      if (reached) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const signal = this.progress.promise;
      await Promise.race([signal, sleep(Math.min(left, term && !term.ended ? 250 : 25))]);
    }
  }

  /**
   * Cuts the wait before the next attempt short (after a failure, or for the lease): the server
   * calls it when a failing store recovers, so the read models catch up at once, not after the
   * backoff.
   */
  retryNow(): void {
    this.wakeSleep?.();
  }

  /**
   * What the health probe reports: whether this instance leads, is live, where its main group
   * stands, and the failure it is retrying after (null once it is live again).
   */
  state(): ProjectorState {
    const term = this.term;
    const leading = !!term && !term.ended;
    return {
      leader: leading,
      live: leading && term.main.live,
      position: leading ? term.main.cursor : null,
      rebuilding: leading ? term.rebuild.instances.map((i) => i.name) : [],
      failures: this.failures,
      failing: this.failing
        ? { since: this.failing.since, retryAt: this.failing.retryAt, error: describeError(this.failing.error) }
        : null,
    };
  }

  private isCaughtUp(): boolean {
    const term = this.term;
    return !!term && !term.ended && term.main.live && term.rebuild.instances.length === 0;
  }

  private notifyCaughtUp(): void {
    if (!this.isCaughtUp()) return;
    const waiters = this.caughtUpWaiters;
    this.caughtUpWaiters = [];
    for (const w of waiters) w();
  }

  private signalProgress(): void {
    const previous = this.progress;
    this.progress = Promise.withResolvers<void>();
    previous.resolve();
  }

  private async pause(ms: number): Promise<void> {
    const { promise, resolve } = Promise.withResolvers<void>();
    const timer = setTimeout(resolve, ms);
    this.wakeSleep = () => {
      clearTimeout(timer);
      resolve();
    };
    await promise;
    this.wakeSleep = null;
  }

  private async acquireLoop(): Promise<void> {
    const retryMs = this.options.leaseRetryMs ?? 2000;
    let waitingLogged = false;
    while (this.running) {
      let backoff = retryMs;
      try {
        if (await this.lease.tryAcquire()) {
          waitingLogged = false;
          this.logger.info('projector lease acquired', { owner: this.owner });
          const outcome = await this.lead();
          if (outcome.error !== undefined) {
            this.failures++;
            backoff = Math.min(60_000, 1000 * 2 ** Math.min(this.failures, 6));
            this.failing = {
              error: outcome.error,
              since: this.failing?.since ?? new Date().toISOString(),
              retryAt: new Date(Date.now() + backoff).toISOString(),
            };
            this.logger.error('projector stopped on an error; restarting from the checkpoints', {
              error: outcome.error,
              retryInMs: backoff,
            });
          } else {
            this.logger.info('projector term ended', { reason: outcome.reason });
          }
        } else if (!waitingLogged) {
          waitingLogged = true;
          this.logger.info('another projector holds the lease; waiting', { owner: this.owner });
        }
      } catch (error) {
        this.logger.error('projector lease check failed', { error });
        this.failing = {
          error,
          since: this.failing?.since ?? new Date().toISOString(),
          retryAt: new Date(Date.now() + backoff).toISOString(),
        };
      }
      if (this.running) await this.pause(backoff);
    }
    await this.lease.release().catch(() => undefined);
  }

  /** Holds the lease: sets up both groups and runs until the term ends. */
  private async lead(): Promise<{ reason: string; error?: unknown }> {
    const ended = Promise.withResolvers<{ reason: string; error?: unknown }>();
    const term: Term = {
      ended: false,
      done: ended.promise,
      end: (reason, error) => {
        if (term.ended) return;
        term.ended = true;
        ended.resolve({ reason, error });
      },
      main: emptyGroup('main'),
      rebuild: emptyGroup('rebuild'),
      timers: [],
    };
    this.term = term;

    const renewMs = this.options.leaseRenewMs ?? 5000;
    const renew = setInterval(() => {
      this.lease.renew().then(
        (ok) => {
          if (!ok) term.end('lease lost to another instance');
        },
        (error: unknown) => this.logger.warn('projector lease renewal failed', { error }),
      );
    }, renewMs);
    renew.unref();
    term.timers.push(renew);

    try {
      await this.setUp(term);
      if (!term.ended) this.startGroups(term);
    } catch (error) {
      term.end('set-up failed', error);
    }
    const outcome = await term.done;
    await this.tearDown(term);
    return outcome;
  }

  private async setUp(term: Term): Promise<void> {
    const { docs, eventStore, projections } = this.options;
    await ensureRegistry(docs);
    const registry = await readRegistry(docs);
    for (const projection of projections) {
      const entry = registry.get(projection.name);
      const serving = !!entry && entry.active === projection.version;
      // Collections being built serve no reads yet: their indexes are built once at the end.
      // Batches are committed by applyTogether, fenced with this term's lease token.
      const instance = new ProjectionInstance(projection, docs, { deferIndexes: !serving });
      await instance.open();
      if (serving && entry) {
        term.main.instances.push(instance);
        if (entry.rebuilding !== null) await this.saveRegistry(entry, { ...entry, rebuilding: null });
      } else {
        term.rebuild.instances.push(instance);
        if (entry && entry.rebuilding !== projection.version) {
          await this.saveRegistry(entry, { ...entry, rebuilding: projection.version });
        }
        this.logger.info(entry ? 'projection rebuild needed' : 'new projection: building', {
          projection: projection.name,
          version: projection.version,
          serving: entry?.active ?? null,
          from: instance.position,
        });
      }
      if (entry && entry.retired.length > 0) this.scheduleDrop(term, projection.name);
    }
    term.main.cursor =
      term.main.instances.length > 0
        ? Math.min(...term.main.instances.map((i) => i.position))
        : await eventStore.headPosition();
    term.rebuild.cursor =
      term.rebuild.instances.length > 0 ? Math.min(...term.rebuild.instances.map((i) => i.position)) : 0;
    this.registry.invalidate();
  }

  private startGroups(term: Term): void {
    const { eventStore } = this.options;
    const fail = (group: string) => (error: unknown) =>
      error instanceof FencedWriteError
        ? term.end('lease lost to another instance (batch fenced off)')
        : term.end(`${group} subscription failed`, error);

    term.main.subscription = eventStore.subscribeToAll({
      after: term.main.cursor,
      batchSize: this.batchSize,
      onEvents: (events) => term.main.mutex.run(() => this.applyMain(term, events)),
      onLive: () => {
        // Live once the last batch of the catch-up is committed, not merely sent.
        void term.main.mutex.run(async () => {
          await this.drain(term.main);
          if (term.ended || term.main.live) return;
          term.main.live = true;
          this.failures = 0;
          if (this.failing) this.logger.info('projector recovered', { failingSince: this.failing.since });
          this.failing = null;
          this.logger.info('projector live', { position: term.main.cursor, projections: term.main.instances.length });
          this.notifyCaughtUp();
        });
      },
      onError: fail('main'),
    });

    if (term.rebuild.instances.length > 0) {
      term.rebuild.subscription = eventStore.subscribeToAll({
        after: term.rebuild.cursor,
        batchSize: this.options.rebuildBatchSize ?? Math.max(this.batchSize, 5_000),
        // The rebuild group's lock keeps its batches and its joins from overlapping.
        onEvents: (events) => term.rebuild.mutex.run(() => this.applyRebuild(term, events)),
        onLive: () => {
          term.rebuild.live = true;
          void term.rebuild.mutex
            .run(() => this.joinCaughtUp(term))
            .catch((error: unknown) => term.end('switch failed', error));
        },
        onError: fail('rebuild'),
      });
    }
  }

  private async applyMain(term: Term, events: RecordedEvent[]): Promise<void> {
    if (term.ended || events.length === 0) return;
    await this.applyTogether(term, term.main, events);
  }

  private async applyRebuild(term: Term, events: RecordedEvent[]): Promise<void> {
    if (term.ended || events.length === 0) return;
    await this.applyTogether(term, term.rebuild, events);
    // Joining needs committed positions, so only drain when this batch may have caught up.
    if (events[events.length - 1]!.position >= term.main.cursor) await this.joinCaughtUp(term);
  }

  /**
   * Runs every instance of a group over a batch of the log and commits all their documents and
   * checkpoints in one transaction. Live, a render's one event moves every projection's
   * checkpoint, and one commit instead of one per projection is most of the projector's cost per
   * event. All or nothing: on a failure no instance moves. The commit is fenced with the lease
   * token: after a stall past the lease, a takeover makes it fail instead of overwriting newer
   * documents.
   *
   * Pipelined: it returns once the batch is sent, so the next batch is read and handled while
   * the store commits this one (the SQLite store does it on its writer thread, MongoDB on the
   * server); the next one is only sent after this one is committed. A failed commit ends the
   * term, and the batch prepared on top of it is abandoned with it.
   */
  private async applyTogether(term: Term, group: Group, events: RecordedEvent[]): Promise<void> {
    const position = events[events.length - 1]!.position;
    const batches: PreparedBatch[] = [];
    try {
      for (const instance of group.instances) {
        const batch = await instance.prepare(events);
        if (batch) batches.push(batch);
      }
      // The store applies batches in the order they are sent, and one that failed voids this one.
      if (group.inFlight) await group.inFlight;
    } catch (error) {
      for (const batch of batches) batch.abandon();
      throw error;
    }
    if (term.ended) {
      for (const batch of batches) batch.abandon();
      return;
    }
    const done = (): void => {
      group.cursor = Math.max(group.cursor, position);
      if (group === term.main) this.signalProgress();
    };
    if (batches.length === 0) {
      done();
      return;
    }
    const checkpoints = batches.flatMap((b) => (b.checkpoint ? [b.checkpoint] : []));
    const commit = this.options.docs
      .applyBatch(
        batches.length === 1 ? batches[0]!.ops : batches.flatMap((b) => b.ops),
        checkpoints,
        this.lease.fence() ?? undefined,
      )
      .then(
        () => {
          for (const batch of batches) batch.committed();
          done();
        },
        (error: unknown) => {
          for (const batch of batches) batch.abandon();
          throw error;
        },
      );
    group.inFlight = commit;
    commit.then(
      () => {
        if (group.inFlight === commit) group.inFlight = null;
      },
      (error: unknown) => {
        if (group.inFlight === commit) group.inFlight = null;
        if (error instanceof FencedWriteError) term.end('lease lost to another instance (batch fenced off)');
        else term.end(`${group.name} commit failed`, error);
      },
    );
  }

  /** Waits until the group's last batch is committed (or failed: the term then ends). */
  private async drain(group: Group): Promise<void> {
    while (group.inFlight) await group.inFlight.catch(() => undefined);
  }

  /**
   * Moves every rebuilt instance that has caught up with the main group into it and switches
   * reads over. Runs under the rebuild group's lock; takes the main group's lock inside (always
   * in that order).
   */
  private async joinCaughtUp(term: Term): Promise<void> {
    await this.drain(term.rebuild);
    for (const instance of [...term.rebuild.instances]) {
      if (term.ended || instance.position < term.main.cursor) continue;
      // Indexes first, outside the main group's lock: live projections keep going meanwhile.
      await instance.ensureIndexes();
      await term.main.mutex.run(async () => {
        // Under the main group's lock, once its last batch is committed, the cursor is exact.
        await this.drain(term.main);
        if (term.ended || instance.position < term.main.cursor || !term.rebuild.instances.includes(instance)) return;
        await this.switchOver(term, instance);
        term.rebuild.instances = term.rebuild.instances.filter((i) => i !== instance);
        term.main.instances.push(instance);
      });
    }
    if (term.rebuild.instances.length === 0 && term.rebuild.subscription) {
      const subscription = term.rebuild.subscription;
      term.rebuild.subscription = null;
      // Not awaited: this may run inside that subscription's own callback.
      void subscription.stop();
    }
    this.notifyCaughtUp();
  }

  private async switchOver(term: Term, instance: ProjectionInstance): Promise<void> {
    const { docs } = this.options;
    await instance.ensureIndexes();
    const current = (await readRegistry(docs)).get(instance.name) ?? null;
    const retired = current ? [...current.retired] : [];
    if (current && current.active !== instance.version) {
      retired.push({ version: current.active, collections: current.collections });
    }
    await this.saveRegistry(current, {
      id: instance.name,
      active: instance.version,
      collections: instance.projection.collections.map((c) => c.name),
      rebuilding: null,
      retired,
    });
    this.registry.invalidate();
    this.logger.info('projection switched to rebuilt version', {
      projection: instance.name,
      version: instance.version,
      replaced: current?.active ?? null,
      position: instance.position,
    });
    this.options.onSwitch?.(instance.name, instance.version);
    if (retired.length > 0) this.scheduleDrop(term, instance.name);
  }

  private scheduleDrop(term: Term, projection: string): void {
    const timer = setTimeout(() => {
      void term.main.mutex
        .run(async () => {
          await this.drain(term.main);
          await this.dropRetired(projection);
        })
        .catch((error: unknown) => this.logger.warn('dropping retired collections failed', { projection, error }));
    }, this.options.dropGraceMs ?? 30_000);
    timer.unref();
    term.timers.push(timer);
  }

  private async dropRetired(projection: string): Promise<void> {
    const { docs } = this.options;
    const entry = (await readRegistry(docs)).get(projection);
    if (!entry || entry.retired.length === 0) return;
    for (const old of entry.retired) {
      if (old.version === entry.active) continue;
      for (const logical of old.collections) await docs.dropCollection(physicalCollection(logical, old.version));
    }
    await this.saveRegistry(entry, { ...entry, retired: [] });
    this.logger.info('dropped retired collections', { projection, versions: entry.retired.map((r) => r.version) });
  }

  private async saveRegistry(current: RegistryDoc | null, next: RegistryEntry): Promise<void> {
    const written = await writeRegistry(this.options.docs, current, next);
    if (!written) throw new Error(`Registry entry of ${next.id} was changed by someone else`);
  }

  private async tearDown(term: Term): Promise<void> {
    for (const timer of term.timers) clearTimeout(timer);
    const subscriptions = [term.main.subscription, term.rebuild.subscription];
    term.main.subscription = null;
    term.rebuild.subscription = null;
    await Promise.all(subscriptions.map((s) => s?.stop().catch(() => undefined)));
    // Let batches that were already running commit before the lease is given up.
    await term.rebuild.mutex.run(() => this.drain(term.rebuild));
    await term.main.mutex.run(() => this.drain(term.main));
    if (this.term === term) this.term = null;
    if (!this.running) await this.lease.release().catch(() => undefined);
  }
}
