/**
 * The SQLite document store's writer thread, seen from the main thread: commits a batch of
 * finished SQL statements in one transaction on a second connection (writer-thread.mjs), so that
 * SQLite's share of a large batch (building records, B-tree inserts, index upkeep) runs on another
 * core while the caller prepares its next batch. Statements are sent in small groups as they are
 * built, so a batch's parameters never pile up in memory (they die young, cheap to collect), and
 * the thread writes the first rows while the last ones are still being built.
 */
import Database from 'better-sqlite3';
import { SqliteThread } from './thread';

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

interface Reply {
  id: number;
  ok: boolean;
  fenced?: boolean;
  message?: string;
  code?: string;
}

/**
 * A driver error the writer thread throws itself (tests only: the store must be built with
 * `writerFaults`): SQLite's `code` and `message`, raised after the first statement of each steps
 * message ('step': the batch is half-written in its transaction) or instead of COMMIT ('commit').
 */
export interface WriterFault {
  code: string;
  message: string;
  at: 'step' | 'commit';
}

/** The writer thread found the fence moved: nothing was written. */
export class WriterFencedError extends Error {}

/** Steps per message: big enough to keep messages few, small enough to die young. */
const STEPS_PER_MESSAGE = 16;

export class BackgroundWriter {
  private readonly thread: SqliteThread<Reply>;

  /** @param options.injectable the thread accepts inject() (fault tests); never in production. */
  constructor(file: string, busyTimeoutMs: number, pragmas: readonly string[], options: { injectable?: boolean } = {}) {
    this.thread = new SqliteThread(
      new URL('./writer-thread.mjs', import.meta.url),
      { file, busyTimeoutMs, pragmas: [...pragmas], injectable: options.injectable === true },
      "The document store's writer thread",
    );
  }

  /** From the next message on, the thread throws this driver error (null: it works again). */
  inject(fault: WriterFault | null): void {
    this.thread.notify({ type: 'inject', fault });
  }

  /**
   * Starts a batch on the writer thread (BEGIN IMMEDIATE, then the fence check). Only one batch
   * at a time: the store starts the next once this one is settled.
   */
  begin(fence: WriterFence | null): WriterBatch {
    const { reply, post } = this.thread.open();
    const outcome = reply.then((r) => {
      if (r.ok) return;
      if (r.fenced) throw new WriterFencedError('fenced');
      throw r.code ? new Database.SqliteError(r.message ?? 'SQLite error', r.code) : new Error(r.message);
    });
    // Settled by end() or abort(); a batch that is aborted has no one waiting for its outcome.
    outcome.catch(() => undefined);
    post({ type: 'begin', fence });
    let steps: WriterStep[] = [];
    const flush = (): void => {
      if (steps.length === 0) return;
      post({ type: 'steps', steps });
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
        post({ type: 'end' });
        return outcome;
      },
      abort() {
        steps = [];
        post({ type: 'abort' });
      },
    };
  }

  /** Ends the thread (the store waits for the batch in flight first). */
  close(): Promise<void> {
    return this.thread.close();
  }
}
