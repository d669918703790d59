/**
 * Folded state per stream, kept between commands so a hot stream (a user's usage period) is read
 * only from the events appended since (aggregateStream from the kept fold) instead of the whole
 * stream. A bounded map: the least recently used stream is dropped first. Correctness never
 * depends on the cache: the append still carries the exact expected revision, and a miss simply
 * reads from the start.
 */
import type { EventStore } from '../ports';
import { aggregateStream, type Folded } from './aggregate-stream';
import type { Decider, Message } from './decider';
import { KeyedLock } from './keyed-lock';

export class StreamStateCache<State, Command extends Message, Event extends Message> {
  private readonly entries = new Map<string, Folded<State>>();
  private readonly locks = new KeyedLock();

  constructor(
    private readonly decider: Decider<State, Command, Event>,
    private readonly maxStreams = 2000,
  ) {}

  /** The state folded up to the stream's current end. */
  async load(eventStore: EventStore, stream: string): Promise<Folded<State>> {
    const folded = await aggregateStream(eventStore, stream, this.decider, this.entries.get(stream));
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
   * Runs `fn` alone for this stream inside this process. Commands on one stream then follow one
   * another instead of racing into ConcurrencyErrors; other processes are still kept out by the
   * expected revision.
   */
  exclusive<T>(stream: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(stream, fn);
  }
}
