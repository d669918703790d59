import { ConcurrencyError, ConflictError } from '../errors';
import type { EventStore, ExpectedRevision, Ids, NewEvent, RecordedEvent } from '../ports';
import { foldEvents, type Decider, type Message } from './decider';

export interface HandleCommandOptions<State, Command extends Message, Event extends Message> {
  eventStore: EventStore;
  stream: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  /** Source of event ids (one uuid per appended event). */
  ids: Pick<Ids, 'uuid'>;
  /**
   * Deterministic event ids for idempotent commands (e.g. derived from a webhook's provider
   * event id): the store appends nothing when the same ids arrive again at the same revision.
   */
  eventIds?: (event: Event, index: number) => string;
  /** Metadata merged into every appended event (e.g. request id, acting user). */
  metadata?: Record<string, unknown>;
  /** How many times a lost optimistic-concurrency race is retried before giving up. */
  maxRetries?: number;
}

export interface HandleCommandResult<State, Event extends Message> {
  /** The events appended by this command ([] when the command changed nothing). */
  events: Event[];
  /** The state after the new events. */
  state: State;
  /**
   * Global position of the last appended event; when nothing was appended, the position of the
   * stream's last event (0 for an empty stream) — what read-your-writes waits for.
   */
  position: number;
  /** Stream revision after the command (-1 when the stream still does not exist). */
  revision: number;
}

/** Maps a recorded event back onto the decider's event type. */
export function toDomainEvent<Event extends Message>(recorded: RecordedEvent): Event {
  const event: Message = { type: recorded.type, data: recorded.data };
  if (Object.keys(recorded.metadata).length > 0) event.metadata = recorded.metadata;
  return event as Event;
}

/**
 * Load the stream → fold with evolve → decide → append with the exact expected revision.
 * A concurrent writer makes the append fail with ConcurrencyError; the whole cycle is then run
 * again against the fresh stream (decide may now refuse, or produce different events).
 * After `maxRetries` lost races the caller gets a ConflictError (409).
 */
export async function handleCommand<State, Command extends Message, Event extends Message>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<HandleCommandResult<State, Event>> {
  const { eventStore, stream, decider, command, ids, eventIds, metadata } = options;
  const maxRetries = options.maxRetries ?? 5;

  for (let attempt = 0; ; attempt++) {
    const recorded = await eventStore.readStream(stream);
    const last = recorded[recorded.length - 1];
    const state = foldEvents(
      decider,
      recorded.map((e) => toDomainEvent<Event>(e)),
    );
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { events, state, position: last?.position ?? 0, revision: last?.revision ?? -1 };
    }

    const expected: ExpectedRevision = last ? last.revision : 'no_stream';
    const toAppend: NewEvent[] = events.map((event, index) => ({
      id: eventIds ? eventIds(event, index) : ids.uuid(),
      type: event.type,
      data: event.data,
      ...(event.metadata || metadata ? { metadata: { ...metadata, ...event.metadata } } : {}),
    }));
    try {
      const appended = await eventStore.append(stream, toAppend, expected);
      return {
        events,
        state: foldEvents(decider, events, state),
        position: appended.position,
        revision: appended.nextRevision,
      };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= maxRetries) {
        throw new ConflictError('The resource was changed by another request; please try again', {
          stream,
          cause: error.message,
        });
      }
    }
  }
}
