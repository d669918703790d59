/**
 * Folded usage state per stream, kept between requests so a render reads only the events
 * appended since (readStream fromRevision) instead of the whole period. A bounded map: the
 * least recently used stream is dropped first. Correctness never depends on the cache: the
 * append still carries the exact expected revision, and a miss simply reads from the start.
 */
import { foldEvents, type Decider, type Message } from '../runtime/decider';
import { toDomainEvent } from '../runtime/handle-command';
import type { EventStore } from '../ports';
import { KeyedLock } from '../runtime/keyed-lock';

export interface Folded<State> {
  state: State;
  /** Revision of the last folded event (-1 = none). */
  revision: number;
}

export class StreamStateCache<State, Command extends Message, Event extends Message> {
  private readonly entries = new Map<string, Folded<State>>();
  private readonly locks = new KeyedLock();

  constructor(
    private readonly decider: Decider<State, Command, Event>,
    private readonly maxStreams = 2000,
  ) {}

  /** The state folded up to the stream's current end. */
  async load(eventStore: EventStore, stream: string): Promise<Folded<State>> {
    const cached = this.entries.get(stream);
    const from = cached ?? { state: this.decider.initialState(), revision: -1 };
    const fresh = await eventStore.readStream(stream, { fromRevision: from.revision + 1 });
    const last = fresh[fresh.length - 1];
    const folded = last
      ? {
          state: foldEvents(
            this.decider,
            fresh.map((e) => toDomainEvent<Event>(e)),
            from.state,
          ),
          revision: last.revision,
        }
      : from;
    this.remember(stream, folded);
    return folded;
  }

  remember(stream: string, folded: Folded<State>): void {
    const current = this.entries.get(stream);
    if (current && current.revision > folded.revision) return;
    this.entries.delete(stream);
    this.entries.set(stream, folded);
    if (this.entries.size > this.maxStreams) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /**
   * Runs `fn` alone for this stream inside this process. Appends of one user's renders then
   * follow one another instead of racing into ConcurrencyErrors; other processes are still
   * kept out by the expected revision.
   */
  exclusive<T>(stream: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(stream, fn);
  }
}
