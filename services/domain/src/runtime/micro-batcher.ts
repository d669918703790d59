/**
 * "Gather in one tick, then write": callers that reach `add` with the same key in the same turn
 * of the event loop form one batch, written once by `write` right after that turn (setImmediate,
 * so the I/O callbacks of that turn get to join). A caller arriving while a batch is being
 * written starts the next one. Each caller waits for its own item: `write` settles each of them
 * (resolve/reject); if `write` throws, every item it left unsettled is rejected with that error.
 */
export interface Gathered<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export class MicroBatcher<Key, Item, Result = void> {
  private readonly forming = new Map<Key, Gathered<Item, Result>[]>();

  constructor(private readonly write: (key: Key, batch: Gathered<Item, Result>[]) => Promise<void>) {}

  add(key: Key, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      let batch = this.forming.get(key);
      if (!batch) {
        const members: Gathered<Item, Result>[] = [];
        batch = members;
        this.forming.set(key, members);
        setImmediate(() => {
          // Later callers start the next batch: this one is being written.
          this.forming.delete(key);
          this.write(key, members).catch((error: unknown) => {
            for (const member of members) member.reject(error);
          });
        });
      }
      batch.push({ item, resolve, reject });
    });
  }
}
