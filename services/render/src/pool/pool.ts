/**
 * A pool of render workers (worker_threads) behind the TableRenderer port.
 *
 * - One worker per core by default; each imports the engine once and warms it up (fonts) before
 *   it takes jobs, so no user request pays for font registration.
 * - One job per worker at a time, plus (when renders are waiting) one sent ahead, so that a worker
 *   finishing a job starts the next at once instead of waiting for the main thread, which may be
 *   busy with requests for a few milliseconds, to hear of it and send another. A job sent ahead
 *   that never started (its worker died first) goes back to the front of the queue.
 * - A bounded fair queue in front (fair-queue.ts): one FIFO lane per client (`lane`: the account,
 *   or the demo visitor's IP), served round-robin, so one client's flood delays that client.
 *   Past its bounds (in all, or for one lane), callers get 503 'Renderer busy, try again' at once
 *   rather than waiting behind work they cannot see; a render that waited maxWaitMs for a worker
 *   gets the same answer.
 * - Heavy renders (estimated cost past `heavyCost`: big PDFs, tables of thousands of cells, many
 *   images, images drawn large; cost.ts) run only on the `heavySlots` workers that may take them and
 *   are never sent ahead, so with 2 workers or more the others are always left for ordinary tables:
 *   a 20-row table does not wait 30 s behind someone's 10,000-cell PDF. Light renders go to those
 *   others first.
 * - A memory budget (`memoryBudgetMb`, memory-budget.ts): once laid out, before it fetches,
 *   decodes or paints, a render reserves the memory it will hold (memory.ts, `renderMemoryMb`) and
 *   waits until it fits under what the running renders reserved, so heavy renders never add up past
 *   the budget whatever their mix. Its time limit does not run while it waits; a render that waits
 *   maxWaitMs gets 503 'Renderer busy'.
 * - A per-render timeout: the worker is terminated (the only way to stop synchronous code) and
 *   replaced; only that call fails, with 503 'Rendering timed out'. 503 and not 500 because the
 *   input already passed the engine's size limits, so a timeout means the machine was starved,
 *   and a retry can succeed.
 * - A V8 heap limit per worker (resourceLimits): a worker that exceeds it dies; its job alone
 *   fails (413) and a new worker takes its place. Native memory (Skia's pixel buffers) is not
 *   counted by V8; the engine's pixel limits and image budget bound it (memory.ts adds it up).
 * - The workers that may run heavy renders run at a lower CPU priority than the main thread
 *   (`niceness`), so that while renders saturate the cores the main thread still answers status,
 *   sign-in, lists and image files at once. The workers kept for light renders (`lightNiceness`)
 *   run at the main thread's: a light render is as short as a request's own work, and at nice 10
 *   it got about a tenth of a core whenever the main thread (or anything else at nice 0) wanted the
 *   same one, so an ordinary table waited on every request the server handled meanwhile.
 * - Output bytes come back transferred (moved, not copied).
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { RenderInput, RenderOutput, TableRenderer } from '@jsonable/domain/ports';
import { estimateRenderCost, HEAVY_COST } from './cost';
import { rebuildWorkerError, RenderCrashError, RenderPoolError } from './errors';
import { FairQueue } from './fair-queue';
import { DEFAULT_HEAP_MB, DEFAULT_RENDER_MEMORY_MB, youngGenerationMb } from './memory';
import { MemoryBudget } from './memory-budget';
import type { PoolMessage, SerializedError, WorkerData, WorkerMessage } from './protocol';

export interface RenderPoolOptions {
  /** Number of workers; defaults to the number of cores. */
  size: number;
  /** Per-render time limit, from the moment a worker takes the job. */
  timeoutMs: number;
  /** V8 heap limit per worker (old generation), in MB. */
  maxMemoryMb: number;
  /**
   * Initial V8 heap of each worker, in MB. A render's JavaScript heap is small (~20 MB) but it
   * handles megabytes of pixel buffers outside it; with V8's default (small) starting limits that
   * external memory set off a full mark-compact every few renders, about a third of a worker's CPU.
   * Starting the heap at this size lets garbage build up between collections instead
   * (pool of 2, reference table: ~14.5 → ~9.2 ms of CPU per PNG). 0 keeps V8's default.
   */
  initialHeapMb: number;
  /** Jobs a worker holds at once: the one it runs and those sent ahead (1 turns sending ahead off). */
  jobsPerWorker: number;
  /** Renders allowed to wait for a worker; more are refused with 503. */
  maxQueue: number;
  /** Renders one lane (client) may have waiting; more from it are refused with 503 (default 32, at most maxQueue). */
  maxQueuePerLane: number;
  /** Estimated cost (cost.ts) from which a render counts as heavy. */
  heavyCost: number;
  /** Workers that may run heavy renders at once (default: all but a quarter of them, at least one left free when there are 2+). */
  heavySlots: number;
  /**
   * How long a render may wait for a worker before it is refused with 503 'Renderer busy': under
   * overload the caller hears so (and retries after Retry-After) instead of waiting unseen.
   */
  maxWaitMs: number;
  /**
   * MB that the renders running at once may reserve in all (memory.ts, DEFAULT_RENDER_MEMORY_MB):
   * a render whose reservation does not fit waits for running ones to end.
   */
  memoryBudgetMb: number;
  /** How long a new worker may take to load and warm up before it counts as failed. */
  startupTimeoutMs: number;
  /** file: URL of the job module the workers import (the engine by default). */
  jobModule: string;
  /**
   * The workers' nice value (Linux: per thread; 0–19, higher yields more). Renders are CPU-bound
   * and the main thread's requests are short: with 10, a saturated renderer leaves the main thread
   * the CPU it needs. 0 keeps the process's priority. For the workers that may run heavy renders.
   */
  niceness: number;
  /** The nice value of the workers kept for light renders (default 0: the process's priority). */
  lightNiceness: number;
}

export interface RenderPoolStats {
  workers: number;
  ready: number;
  busy: number;
  queued: number;
  /** Workers replaced after a timeout, a crash or running out of memory. */
  replaced: number;
  /** MB of the memory budget reserved by running renders, and renders waiting for theirs. */
  reservedMb: number;
  waitingForMemory: number;
}

export interface RenderPool extends TableRenderer {
  render(input: RenderInput, options?: RenderCallOptions): Promise<RenderOutput>;
  /** Resolves when every worker has warmed up (useful before a benchmark or at server start). */
  ready(): Promise<void>;
  stats(): RenderPoolStats;
  close(): Promise<void>;
}

/** Per call: which client's lane it waits in, and an override of the time limit. */
export interface RenderCallOptions {
  /** The per-render time limit for this call (e.g. a quick preview). */
  timeoutMs?: number | undefined;
  /** Who asked (`account:…`, `ip:…`): renders of one lane wait in order, lanes take turns. */
  lane?: string | undefined;
}

/** The lane of renders that name none. */
export const DEFAULT_LANE = 'default';

interface Job {
  id: number;
  lane: string;
  heavy: boolean;
  input: RenderInput;
  timeoutMs: number;
  resolve(output: RenderOutput): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  /** When its time limit started running, and the time it had used when it paused to wait for memory. */
  startedAt?: number;
  usedMs?: number;
  /** Runs out while the running job waits for memory (maxWaitMs). */
  memoryWait?: NodeJS.Timeout;
  /** Runs out while the job waits in the queue (maxWaitMs). */
  waitTimer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** May run heavy renders (one of the `heavySlots` workers); the others are kept for light ones. */
  heavy: boolean;
  ready: boolean;
  /** Jobs sent to the worker, in order: the first is running (its timer is set), the rest wait. */
  jobs: Job[];
  /** Set when we terminate it on purpose, so its exit is not taken for a crash. */
  retired: boolean;
  startupTimer?: NodeJS.Timeout;
  /** Why the job module failed to load or warm up, when it did. */
  startupError?: SerializedError;
}

/**
 * Worker threads load module files. From source (tests, `tsx`), the worker registers tsx and loads
 * TypeScript; in the production build (scripts/build.ts) the worker and its job module are bundled
 * next to this code as plain JavaScript.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENGINE_JOB = new URL(FROM_SOURCE ? './engine-job.ts' : './engine-job.js', import.meta.url).href;
const WORKER_ENTRY = new URL(FROM_SOURCE ? './worker-entry.mjs' : './render-worker.js', import.meta.url);
/** Consecutive workers that die before becoming ready, after which queued renders are refused. */
const MAX_STARTUP_FAILURES = 3;

/**
 * A pool, in named parts: `poolOptions` (defaults), `startWorker` (one worker thread with its
 * limits), and inside the pool: `spawn` (a slot for a new worker), `onMessage` → `onReady` /
 * `onJobEnd`, `fail` → `retire` + `refuseQueued` or respawn, `dispatch` (queue → workers),
 * `admits` (503 'busy' at the door), `enqueue` (a job waits with its own maxWaitMs timer).
 */
export function createRenderPool(options: Partial<RenderPoolOptions> = {}): RenderPool {
  const opts = poolOptions(options);
  const slots = new Set<Slot>();
  const queue = new FairQueue<Job>({ maxSize: opts.maxQueue, maxPerLane: opts.maxQueuePerLane });
  const memory = new MemoryBudget<Job>(opts.memoryBudgetMb);
  const readyWaiters: Array<() => void> = [];
  /**
   * Some worker has been ready at least once. Before that the renderer is starting, not overloaded:
   * a render may wait for start-up (startupTimeoutMs) as well as its queue time, so the first
   * requests after a start (or on a slow, loaded machine) are not refused as 'busy'.
   */
  let warmed = false;
  let nextId = 1;
  let replaced = 0;
  let startupFailures = 0;
  let closed = false;

  function spawn(heavy: boolean): void {
    const worker = startWorker(opts, heavy ? opts.niceness : opts.lightNiceness);
    const slot: Slot = { worker, heavy, ready: false, jobs: [], retired: false };
    slot.startupTimer = setTimeout(() => {
      fail(slot, new RenderPoolError('startup-failed', 'Renderer could not start'));
    }, opts.startupTimeoutMs);
    slots.add(slot);

    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const oom = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      fail(
        slot,
        oom ? new RenderPoolError('out-of-memory') : new RenderCrashError('Rendering failed: the renderer crashed'),
      );
    });
    worker.on('messageerror', () => {
      fail(slot, new RenderCrashError('Rendering failed: the renderer sent an unreadable result'));
    });
    worker.on('exit', () => {
      fail(slot, new RenderCrashError('Rendering failed: the renderer stopped unexpectedly'));
    });
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    switch (message.type) {
      case 'ready':
        onReady(slot);
        return;
      case 'startup-failed':
        // The 'error' and 'exit' events follow and retire the slot; keep the reason for callers.
        slot.startupError = message.error;
        return;
      case 'reserve':
        onReserve(slot, message.id, message.mb);
        return;
      case 'done':
      case 'failed':
        onJobEnd(slot, message);
        return;
    }
  }

  function onReady(slot: Slot): void {
    clearTimeout(slot.startupTimer);
    slot.ready = true;
    warmed = true;
    startupFailures = 0;
    if ([...slots].every((s) => s.ready)) wakeReadyWaiters();
    dispatch();
  }

  /**
   * The running job asks for its memory: granted now, or it waits (its time limit paused) until
   * running renders give enough back, at most maxWaitMs, after which it is refused as busy.
   */
  function onReserve(slot: Slot, id: number, mb: number): void {
    const job = slot.jobs[0];
    if (!job || job.id !== id) return;
    const answer = (granted: boolean) => {
      try {
        slot.worker.postMessage({ type: 'memory', id, granted } satisfies PoolMessage);
      } catch {
        /* the worker is gone: its exit settles the job */
      }
    };
    const now = memory.reserve(job, mb, () => {
      if (job.memoryWait === undefined) return answer(true);
      clearTimeout(job.memoryWait);
      job.memoryWait = undefined;
      startTimer(slot, job, job.timeoutMs - (job.usedMs ?? 0));
      answer(true);
    });
    if (now) return;
    clearTimeout(job.timer);
    job.usedMs = performance.now() - (job.startedAt ?? performance.now());
    job.memoryWait = setTimeout(() => {
      job.memoryWait = undefined;
      memory.release(job);
      job.reject(new RenderPoolError('busy', 'Waited too long for render memory'));
      // The worker's render then fails; its end is handled as any other (the job is already settled).
      startTimer(slot, job, job.timeoutMs - (job.usedMs ?? 0));
      answer(false);
    }, opts.maxWaitMs);
  }

  /** A job ended (or its worker did): its memory goes back to the budget, to renders waiting for it. */
  function giveBackMemory(job: Job): void {
    clearTimeout(job.memoryWait);
    job.memoryWait = undefined;
    memory.release(job);
  }

  /** A worker finished its running job: settle it, start the clock of the one sent ahead, send more. */
  function onJobEnd(slot: Slot, message: Extract<WorkerMessage, { type: 'done' | 'failed' }>): void {
    const job = slot.jobs[0];
    if (!job || job.id !== message.id) return;
    clearTimeout(job.timer);
    slot.jobs.shift();
    giveBackMemory(job);
    // The worker has already started the next job it holds: its time runs from now.
    if (slot.jobs.length > 0) startTimer(slot, slot.jobs[0]!);
    if (message.type === 'done') job.resolve(message.output);
    else job.reject(rebuildWorkerError(message.error));
    dispatch();
  }

  function wakeReadyWaiters(): void {
    readyWaiters.splice(0).forEach((wake) => wake());
  }

  /** Refuses every render still waiting in the queue. */
  function refuseQueued(error: RenderPoolError): void {
    queue.drain().forEach((queued) => {
      clearTimeout(queued.waitTimer);
      queued.reject(error);
    });
  }

  /** Takes a worker out of the pool: terminated, its running job failed, the ones sent ahead queued again. */
  function retire(slot: Slot, error: RenderPoolError | RenderCrashError): void {
    slot.retired = true;
    clearTimeout(slot.startupTimer);
    slots.delete(slot);
    void slot.worker.terminate();
    const [job, ...notStarted] = slot.jobs;
    slot.jobs = [];
    if (job) {
      clearTimeout(job.timer);
      giveBackMemory(job);
      job.reject(error);
    }
    // Jobs sent ahead had not started: they keep their place at the front of their lanes.
    queue.putBack(notStarted);
  }

  /** Retires a worker that timed out, crashed or failed to start, and fails only its own job. */
  function fail(slot: Slot, error: RenderPoolError | RenderCrashError): void {
    if (slot.retired) return;
    retire(slot, error);
    if (closed) return;
    if (!slot.ready) {
      startupFailures++;
      if (startupFailures >= MAX_STARTUP_FAILURES) {
        // A worker that cannot start will not start next time either: refuse what waits, and
        // try again only when the next render comes in.
        const reason = slot.startupError ? `: ${slot.startupError.message}` : '';
        refuseQueued(new RenderPoolError('startup-failed', `Renderer could not start${reason}`));
        wakeReadyWaiters();
        return;
      }
    } else {
      replaced++;
    }
    topUp();
    dispatch();
  }

  function startTimer(slot: Slot, job: Job, ms: number = job.timeoutMs): void {
    job.startedAt = performance.now() - (job.timeoutMs - ms);
    job.timer = setTimeout(
      () => {
        fail(slot, new RenderPoolError('timeout'));
      },
      Math.max(0, ms),
    );
  }

  /** Workers running a heavy render (a heavy render is never sent ahead, so it runs at once). */
  function heavyRunning(): number {
    let n = 0;
    for (const slot of slots) if (slot.jobs.some((j) => j.heavy)) n++;
    return n;
  }

  function dispatch(): void {
    // Level by level: every idle worker gets a job before any gets one sent ahead.
    // Workers kept for light renders first, so the others stay free for heavy ones.
    const ordered = [...slots].sort((a, b) => Number(a.heavy) - Number(b.heavy));
    for (let level = 1; level <= opts.jobsPerWorker && queue.length > 0; level++) {
      for (const slot of ordered) {
        // A loop, not an if: a job that cannot be sent leaves the slot free for the next one.
        while (queue.length > 0 && slot.ready && !slot.retired && slot.jobs.length < level) {
          // Nothing waits behind a heavy render; a heavy one starts only on an idle worker.
          if (slot.jobs.some((j) => j.heavy)) break;
          const heavyFits = slot.heavy && slot.jobs.length === 0 && heavyRunning() < opts.heavySlots;
          const job = queue.take((j) => !j.heavy || heavyFits);
          if (!job) break;
          clearTimeout(job.waitTimer);
          try {
            slot.worker.postMessage({ type: 'render', id: job.id, input: job.input } satisfies PoolMessage);
          } catch {
            // Only JSON-like input can cross to a worker (a function or a symbol cannot be cloned).
            job.reject(new RenderPoolError('invalid-input'));
            continue;
          }
          slot.jobs.push(job);
          if (slot.jobs.length === 1) startTimer(slot, job);
        }
      }
    }
  }

  /** Renders sent ahead to a busy worker (taken from the queue, not started). */
  function sentAhead(lane?: string): number {
    let n = 0;
    for (const slot of slots) n += slot.jobs.slice(1).filter((j) => lane === undefined || j.lane === lane).length;
    return n;
  }

  /** Renders not yet started: those in the queue and those sent ahead to a busy worker. */
  function waiting(): number {
    return queue.length + sentAhead();
  }

  /** Whether a render of this weight would start at once on an idle worker. */
  function startsNow(heavy: boolean): boolean {
    const idle = [...slots].some((s) => s.ready && s.jobs.length === 0 && (s.heavy || !heavy));
    return idle && (!heavy || heavyRunning() < opts.heavySlots) && (heavy ? queue.length === 0 : true);
  }

  /** Starts workers up to `size`: `heavySlots` of them may run heavy renders. */
  function topUp(): void {
    while (!closed && slots.size < opts.size) {
      const heavyWorkers = [...slots].filter((s) => s.heavy).length;
      spawn(heavyWorkers < opts.heavySlots);
    }
  }

  /** Whether a render may wait: it starts at once, or its lane and the queue have room. */
  function admits(lane: string, heavy: boolean): boolean {
    return startsNow(heavy) || queue.admits(lane, { total: sentAhead(), lane: sentAhead(lane) });
  }

  /** Queues a job, refused as busy if no worker takes it within maxWaitMs (plus start-up before the first). */
  function enqueue(job: Job): void {
    job.waitTimer = setTimeout(
      () => {
        if (!queue.remove(job)) return;
        job.reject(new RenderPoolError('busy'));
      },
      warmed ? opts.maxWaitMs : opts.maxWaitMs + opts.startupTimeoutMs,
    );
    queue.push(job);
    dispatch();
  }

  topUp();

  return {
    render(input, callOptions = {}) {
      if (closed) return Promise.reject(new RenderPoolError('closed'));
      if (startupFailures >= MAX_STARTUP_FAILURES) startupFailures = 0;
      topUp();
      const lane = callOptions.lane ?? DEFAULT_LANE;
      const heavy = estimateRenderCost(input) >= opts.heavyCost;
      if (!admits(lane, heavy)) return Promise.reject(new RenderPoolError('busy'));
      return new Promise<RenderOutput>((resolve, reject) => {
        const timeoutMs = callOptions.timeoutMs ?? opts.timeoutMs;
        enqueue({ id: nextId++, lane, heavy, input, timeoutMs, resolve, reject });
      });
    },

    ready() {
      if ([...slots].every((s) => s.ready)) return Promise.resolve();
      return new Promise<void>((resolve) => readyWaiters.push(resolve));
    },

    stats() {
      const all = [...slots];
      return {
        workers: all.length,
        ready: all.filter((s) => s.ready).length,
        busy: all.filter((s) => s.jobs.length > 0).length,
        queued: waiting(),
        replaced,
        reservedMb: memory.reservedMb,
        waitingForMemory: memory.waitingCount,
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      const error = new RenderPoolError('closed');
      refuseQueued(error);
      wakeReadyWaiters();
      const all = [...slots];
      slots.clear();
      await Promise.all(
        all.map(async (slot) => {
          slot.retired = true;
          clearTimeout(slot.startupTimer);
          for (const job of slot.jobs.splice(0)) {
            clearTimeout(job.timer);
            giveBackMemory(job);
            job.reject(error);
          }
          await slot.worker.terminate();
        }),
      );
    },
  };
}

/** The options given, over the defaults (undefined counts as not given). */
function poolOptions(options: Partial<RenderPoolOptions>): RenderPoolOptions {
  const given = stripUndefined(options);
  const size = given.size ?? Math.max(1, availableParallelism());
  const maxQueue = given.maxQueue ?? 256;
  return {
    size,
    timeoutMs: 15_000,
    maxMemoryMb: DEFAULT_HEAP_MB,
    initialHeapMb: 128,
    jobsPerWorker: 2,
    maxQueue,
    maxQueuePerLane: Math.min(maxQueue, 32),
    heavyCost: HEAVY_COST,
    heavySlots: size > 1 ? size - Math.max(1, Math.floor(size / 4)) : 1,
    maxWaitMs: 20_000,
    memoryBudgetMb: DEFAULT_RENDER_MEMORY_MB,
    startupTimeoutMs: 60_000,
    jobModule: ENGINE_JOB,
    niceness: 10,
    lightNiceness: 0,
    ...given,
  };
}

/** One worker thread, with its heap limits, priority and job module. */
function startWorker(opts: RenderPoolOptions, niceness: number): Worker {
  // V8 flags are per process but the heap's are read when an isolate is created: this one
  // applies to the workers started from here on (the main thread's heap is already set up).
  if (opts.initialHeapMb > 0)
    setFlagsFromString(`--initial-heap-size=${Math.min(opts.initialHeapMb, opts.maxMemoryMb)}`);
  return new Worker(WORKER_ENTRY, {
    workerData: { jobModule: opts.jobModule, niceness } satisfies WorkerData,
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: opts.maxMemoryMb,
      maxYoungGenerationSizeMb: youngGenerationMb(opts.maxMemoryMb),
    },
    stdout: false,
    stderr: false,
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
