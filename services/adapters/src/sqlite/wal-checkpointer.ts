/**
 * Checkpoints of the embedded SQLite stores, off the main thread.
 *
 * SQLite checkpoints a WAL database from inside a commit once the WAL passes its auto-checkpoint
 * size: with better-sqlite3 that commit runs on the server's main thread, and the checkpoint's
 * copying and fsyncs (tens of MB of WAL) held the event loop for 50–120 ms about once a second
 * under the API bench, every request in flight waiting behind them (the p99). This worker checkpoints
 * both files ten times a second on its own connections, so the WAL never grows to the size at
 * which a commit on the main thread would do it. It lives with the SQLite adapters because it opens
 * the stores' files with the same driver (this package is the only one that imports drivers).
 */
import { Worker } from 'node:worker_threads';

/** Where the checkpointer reports (the server's Logger fits). */
export interface WalCheckpointerLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Small checkpoints often: while one runs, the main thread's next WAL writes can wait for its
 * writeback, so the stall grows with the checkpoint (bench:api, same load: 100 ms gave event-loop
 * delay p99 19 ms / max 25–29 against 24–25 / 36–42 at 250 ms, and 40–74 ms stalls at 1 s) at
 * no measurable CPU cost; an idle checkpoint costs microseconds.
 */
export const WAL_CHECKPOINT_INTERVAL_MS = 100;

export interface WalCheckpointer {
  /** Stops the worker and closes its connections. */
  stop(): Promise<void>;
}

type WorkerMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'warning'; file: string; message: string };

export async function startWalCheckpointer(
  files: string[],
  options: { intervalMs?: number; logger?: WalCheckpointerLogger } = {},
): Promise<WalCheckpointer> {
  const worker = new Worker(new URL('./wal-checkpointer.worker.cjs', import.meta.url), {
    workerData: { files, intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS },
  });
  // A checkpointer alone must not keep the process alive.
  worker.unref();
  let stopped: (() => void) | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'stopped') stopped?.();
      else if (message.type === 'warning')
        options.logger?.warn('WAL checkpoint failed', { file: message.file, error: message.message });
    });
  });
  worker.on('error', (error) => options.logger?.error('WAL checkpointer stopped', { error }));
  return {
    async stop() {
      const done = Promise.withResolvers<void>();
      stopped = done.resolve;
      worker.postMessage('stop');
      await Promise.race([done.promise, exited]);
      await worker.terminate();
    },
  };
}
