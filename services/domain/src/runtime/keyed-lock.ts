import type { EventStore } from '../ports';

/**
 * Runs async sections one after another per key, inside this process: writers of one stream
 * then follow one another instead of racing into ConcurrencyErrors. Other processes are still
 * kept out by the append's exact expected revision.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, section: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const { promise: mine, resolve: release } = Promise.withResolvers<void>();
    const chained = previous.then(() => mine);
    this.tails.set(key, chained);
    await previous;
    try {
      return await section();
    } finally {
      release();
      if (this.tails.get(key) === chained) this.tails.delete(key);
    }
  }
}

/**
 * One lock per event store object, i.e. per API process in production; two app instances in one
 * process (the replica tests) each get their own, as two processes would.
 */
const locksByStore = new WeakMap<EventStore, KeyedLock>();

/**
 * Runs `section` alone among this process's sections of `stream` on `eventStore`, for a write
 * that must see the stream unchanged from its first read to its append even when it does
 * something slow in between (a living image's If-Match is checked before its render, and the
 * version appended after it). Across processes the append's expected revision still decides.
 */
export function exclusiveOnStream<T>(eventStore: EventStore, stream: string, section: () => Promise<T>): Promise<T> {
  let locks = locksByStore.get(eventStore);
  if (!locks) {
    locks = new KeyedLock();
    locksByStore.set(eventStore, locks);
  }
  return locks.run(stream, section);
}
