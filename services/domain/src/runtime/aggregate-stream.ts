import type { EventStore, RecordedEvent } from '../ports';
import { foldEvents, type Decider, type Message } from './decider';

/** A stream's state folded up to one of its events. */
export interface Folded<State> {
  state: State;
  /** Revision of the last folded event (-1: none, the stream does not exist). */
  revision: number;
  /** Global position of the last folded event (0: none) — what read-your-writes waits for. */
  position: number;
}

/** Maps a recorded event back onto the decider's event type. */
function toDomainEvent<Event extends Message>(recorded: RecordedEvent): Event {
  const event: Message = { type: recorded.type, data: recorded.data };
  if (Object.keys(recorded.metadata).length > 0) event.metadata = recorded.metadata;
  return event as Event;
}

/**
 * Load the stream and fold it with the decider's evolve: the one way the write side turns a
 * stream into state. With `from` (a fold kept from before), only the events after it are read.
 */
export async function aggregateStream<State, Command extends Message, Event extends Message>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  from?: Folded<State>,
): Promise<Folded<State>> {
  const recorded = from
    ? await eventStore.readStream(stream, { fromRevision: from.revision + 1 })
    : await eventStore.readStream(stream);
  const last = recorded[recorded.length - 1];
  if (!last) return from ?? { state: decider.initialState(), revision: -1, position: 0 };
  return {
    state: foldEvents(
      decider,
      recorded.map((e) => toDomainEvent<Event>(e)),
      from?.state,
    ),
    revision: last.revision,
    position: last.position,
  };
}
