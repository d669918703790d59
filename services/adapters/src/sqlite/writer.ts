/**
 * The SQLite document store's writer thread, seen from the main thread: commits a batch of
 * finished SQL statements in one transaction on a second connection (writer-thread.mjs), so that
 * SQLite's share of a large batch (building records, B-tree inserts, index upkeep) runs on another
 * core while the caller prepares its next batch. Statements are sent in small groups as they are
 * built, so a batch's parameters never pile up in memory (they die young, cheap to collect), and
 * the thread writes the first rows while the last ones are still being built. The thread is
 * started on first use and is unreferenced while it has nothing to do, so it never keeps a
 * process alive by itself.
 */
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** A fence checked inside the transaction: `sql` selects `doc` of document `id`. */
export interface WriterFence {
  sql: string;
  id: string;
  field: string;
  value: string | number;
}

/**
 * A statement and its parameters, or a statement whose parameters are documents' JSON texts
 * (one `?` each), sent as one string and their lengths: one string crosses the thread boundary
 * instead of one per text, which is most of what sending costs.
 */
export type WriterStep = [sql: string, params: unknown[]] | [sql: string, texts: string, lengths: number[]];

/** One batch being sent: steps go out in groups; end() commits, abort() rolls back. */
export interface WriterBatch {
  step(sql: string, params: unknown[]): void;
  /** A statement bound to these JSON texts, in order. */
  documents(sql: string, texts: string[]): void;
  /** Sends what is left and commits; resolves once committed, rejects if nothing was written. */
  end(): Promise<void>;
  /** Rolls the batch back (the caller failed while building it). */
  abort(): void;
}

/** Steps per message: big enough to keep messages few, small enough to die young. */
const STEPS_PER_MESSAGE = 16;

interface Reply {
  id: number;
  ok: boolean;
  fenced?: boolean;
  message?: string;
  code?: string;
}

/** The writer thread found the fence moved: nothing was written. */
export class WriterFencedError extends Error {}

const ENTRY = new URL('./writer-thread.mjs', import.meta.url);

export class BackgroundWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(
    private readonly file: string,
    private readonly busyTimeoutMs: number,
    /** Connection settings, applied in order (the same as the main connection's). */
    private readonly pragmas: readonly string[],
  ) {}

  /**
   * Starts a batch on the writer thread (BEGIN IMMEDIATE, then the fence check). Only one batch
   * at a time: the store starts the next once this one is settled.
   */
  begin(fence: WriterFence | null): WriterBatch {
    const worker = this.start();
    const id = this.nextId++;
    const outcome = new Promise<void>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    // Settled by end() or abort(); a batch that is aborted has no one waiting for its outcome.
    outcome.catch(() => undefined);
    worker.ref();
    worker.postMessage({ type: 'begin', id, fence });
    let steps: WriterStep[] = [];
    const flush = (): void => {
      if (steps.length === 0) return;
      worker.postMessage({ type: 'steps', id, steps });
      steps = [];
    };
    return {
      step(sql, params) {
        steps.push([sql, params]);
        if (steps.length >= STEPS_PER_MESSAGE) flush();
      },
      documents(sql, texts) {
        steps.push([sql, texts.join(''), texts.map((t) => t.length)]);
        if (steps.length >= STEPS_PER_MESSAGE) flush();
      },
      end() {
        flush();
        worker.postMessage({ type: 'end', id });
        return outcome;
      },
      abort() {
        steps = [];
        worker.postMessage({ type: 'abort', id });
      },
    };
  }

  /** Ends the thread after the batches already sent (the store waits for them first). */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage({ type: 'close' });
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY, {
      workerData: { file: this.file, busyTimeoutMs: this.busyTimeoutMs, pragmas: [...this.pragmas] },
      // A parent started with `--import tsx` need not load it again: this thread is plain JavaScript.
      execArgv: [],
    });
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    const stopped = (why: string): void => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error(`The document store's writer thread stopped (${why}); the batch was not written`));
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (reply.ok) waiter.resolve();
    else if (reply.fenced) waiter.reject(new WriterFencedError('fenced'));
    else waiter.reject(reply.code ? new Database.SqliteError(reply.message ?? 'SQLite error', reply.code) : new Error(reply.message));
  }

  private failAll(error: Error): void {
    const waiters = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiters) w.reject(error);
  }
}
