/**
 * What the event stores (SQLite, EventStoreDB) do the same whatever their backend (issue #27):
 * the expected-revision check and the book of the subscriptions they have handed out.
 */
import { ConcurrencyError } from '@jsonable/domain/errors';
import type { ExpectedRevision, Subscription } from '@jsonable/domain/ports';

export function describeExpected(expected: ExpectedRevision): string {
  return typeof expected === 'number' ? String(expected) : expected;
}

/** Throws the ConcurrencyError unless the stream, whose last revision is `current` (null: no such stream), stands where `expected` says. */
export function assertExpectedRevision(stream: string, expected: ExpectedRevision, current: number | null): void {
  const matches = expected === 'any' || (expected === 'no_stream' ? current === null : current === expected);
  if (!matches)
    throw new ConcurrencyError(stream, describeExpected(expected), current === null ? 'no_stream' : String(current));
}

/** The subscriptions an event store has handed out and not stopped: close() stops them all. */
export class OpenSubscriptions {
  private readonly open = new Set<Subscription>();

  /** Keeps `subscription` until it is stopped, through the handle returned or by stopAll. */
  track(subscription: Subscription): Subscription {
    this.open.add(subscription);
    return {
      stop: async () => {
        this.open.delete(subscription);
        await subscription.stop();
      },
    };
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.open].map((s) => s.stop()));
    this.open.clear();
  }
}
