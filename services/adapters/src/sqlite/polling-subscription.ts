/**
 * A catch-up subscription over a log that can only be polled (an SQLite file that another process
 * may append to). Appends made in this process call the registered waker, so live delivery here
 * does not wait for the next poll; appends from elsewhere are seen within `maxPollMs`.
 */
import type { RecordedEvent, SubscribeOptions, Subscription } from '@jsonable/domain/ports';

export interface PollingSource {
  options: SubscribeOptions;
  /** Synchronous read of at most `max` events with position > after, in commit order. */
  read(after: number, max: number): RecordedEvent[];
  /** Registers a callback fired on local appends; returns its unregister function. */
  registerWaker(wake: () => void): () => void;
  /** First idle poll interval; it grows up to maxPollMs while nothing arrives. */
  minPollMs?: number;
  maxPollMs?: number;
}

const DEFAULT_BATCH = 500;

export function pollingSubscription(source: PollingSource): Subscription {
  const { options } = source;
  const minPoll = source.minPollMs ?? 20;
  const maxPoll = source.maxPollMs ?? 50;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
  let position = options.after ?? 0;
  let stopped = false;
  let live = false;
  // A wake that arrives while a batch is being handled is remembered, so the loop re-reads at once.
  let pendingWake = false;
  let release: (() => void) | null = null;

  const wake = (): void => {
    pendingWake = true;
    release?.();
  };
  const unregister = source.registerWaker(wake);

  const idle = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (pendingWake || stopped) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        release = null;
        resolve();
      }
      release = done;
    });

  const fail = (error: unknown): void => {
    stopped = true;
    try {
      source.options.onError?.(error);
    } catch {
      // An error handler that throws must not turn into an unhandled rejection of the loop.
    }
  };

  const loop = (async () => {
    // Let subscribeToAll return before the first callback runs.
    await Promise.resolve();
    let pollMs = minPoll;
    while (!stopped) {
      pendingWake = false;
      let batch: RecordedEvent[];
      try {
        batch = source.read(position, batchSize);
      } catch (error) {
        fail(error);
        break;
      }
      if (batch.length > 0) {
        try {
          await options.onEvents(batch);
        } catch (error) {
          fail(error);
          break;
        }
        position = batch[batch.length - 1]!.position;
        pollMs = minPoll;
        continue;
      }
      if (!live) {
        live = true;
        try {
          options.onLive?.();
        } catch (error) {
          fail(error);
          break;
        }
      }
      await idle(pollMs);
      pollMs = Math.min(maxPoll, Math.ceil(pollMs * 1.5));
    }
    unregister();
  })();

  return {
    /**
     * Waits for the batch in flight to be handled, then ends. A handler stopping its own
     * subscription must not await this (see Subscription.stop). No AsyncLocalStorage tells the
     * two callers apart: it turns on promise hooks for the whole process, which made every promise
     * dearer (a projection rebuild ran 10-25 % slower with them; docs/benchmarks.md).
     */
    async stop() {
      stopped = true;
      release?.();
      await loop;
    },
  };
}
