/**
 * Runs async sections one after another per key, inside this process: writers of one stream
 * then follow one another instead of racing into ConcurrencyErrors. Other processes are still
 * kept out by the append's exact expected revision.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, section: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
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
