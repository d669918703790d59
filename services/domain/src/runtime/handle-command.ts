import { ConcurrencyError, ConflictError } from '../errors';
import type { EventStore, Ids, NewEvent } from '../ports';
import { aggregateStream, type Folded } from './aggregate-stream';
import { foldEvents, type Decider, type Message } from './decider';
import type { StreamStateCache } from './stream-state-cache';

/** What handleCommand does when another writer appended between its read and its append. */
export interface RetryOptions {
  /**
   * How many times the whole cycle (load, decide, append) is run again after a lost
   * optimistic-concurrency race before the caller gets a ConflictError (409). Default 5.
   */
  onVersionConflict: number;
  /** The 409's message when every retry lost. */
  conflictMessage?: string;
}

const defaultRetry: Required<RetryOptions> = {
  onVersionConflict: 5,
  conflictMessage: 'The resource was changed by another request; please try again',
};

interface CommonOptions<State, Command extends Message, Event extends Message> {
  eventStore: EventStore;
  stream: string;
  decider: Decider<State, Command, Event>;
  /** Source of event ids (one uuid per appended event). */
  ids: Pick<Ids, 'uuid'>;
  /**
   * Deterministic event ids for idempotent commands (e.g. derived from a webhook's provider
   * event id): the store appends nothing when the same ids arrive again at the same revision.
   */
  eventIds?: (event: Event, index: number) => string;
  /** Metadata merged into every appended event (e.g. request id, acting user). */
  metadata?: Record<string, unknown>;
  retry?: RetryOptions;
  /**
   * A fold kept between calls (hot streams such as usage): only the events after it are read,
   * and the state after the append is remembered. Correctness never depends on it — the append
   * carries the exact expected revision either way.
   */
  cache?: StreamStateCache<State, Command, Event>;
}

export interface HandleCommandOptions<State, Command extends Message, Event extends Message> extends CommonOptions<
  State,
  Command,
  Event
> {
  command: Command;
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

export interface HandleCommandsOptions<State, Command extends Message, Event extends Message> extends CommonOptions<
  State,
  Command,
  Event
> {
  commands: readonly Command[];
}

/** What one of several commands decided: its events, or the typed error that refused it. */
export type CommandOutcome<Event extends Message> = { events: Event[] } | { refused: unknown };

export interface HandleCommandsResult<State, Event extends Message> {
  /** One outcome per command, in order. */
  outcomes: CommandOutcome<Event>[];
  state: State;
  /** As in HandleCommandResult: the last appended event's, or the stream head's. */
  position: number;
  revision: number;
}

/**
 * Load the stream → fold with evolve → decide → append with the exact expected revision.
 * A concurrent writer makes the append fail with ConcurrencyError; the whole cycle is then run
 * again against the fresh stream (decide may now refuse, or produce different events), up to
 * `retry.onVersionConflict` times, then the caller gets a ConflictError (409).
 * A refusal (decide throws) reaches the caller as it is, and nothing is appended.
 */
export async function handleCommand<State, Command extends Message, Event extends Message>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<HandleCommandResult<State, Event>> {
  const { command, ...common } = options;
  const { outcomes, ...result } = await handleCommands({ ...common, commands: [command] });
  const [outcome] = outcomes;
  if (outcome && 'refused' in outcome) throw outcome.refused;
  return { events: outcome?.events ?? [], ...result };
}

/**
 * handleCommand for several commands on one stream in one append (a group gathered by a
 * MicroBatcher): each is decided alone, in order, on the state folded with the events of the
 * ones before it, so limits and idempotency hold exactly as with one append each. A command
 * that is refused is left out (its outcome carries the error); the others are appended.
 */
export async function handleCommands<State, Command extends Message, Event extends Message>(
  options: HandleCommandsOptions<State, Command, Event>,
): Promise<HandleCommandsResult<State, Event>> {
  const { eventStore, stream, decider, commands, ids, eventIds, metadata, cache } = options;
  const retry = { ...defaultRetry, ...options.retry };

  for (let attempt = 0; ; attempt++) {
    const folded: Folded<State> = cache
      ? await cache.load(eventStore, stream)
      : await aggregateStream(eventStore, stream, decider);
    let state = folded.state;
    const outcomes: CommandOutcome<Event>[] = [];
    const events: Event[] = [];
    for (const command of commands) {
      let decided: Event[];
      try {
        decided = decider.decide(command, state);
      } catch (refused) {
        outcomes.push({ refused });
        continue;
      }
      state = foldEvents(decider, decided, state);
      events.push(...decided);
      outcomes.push({ events: decided });
    }
    if (events.length === 0) return { outcomes, state, position: folded.position, revision: folded.revision };

    const toAppend: NewEvent[] = events.map((event, index) => ({
      id: eventIds ? eventIds(event, index) : ids.uuid(),
      type: event.type,
      data: event.data,
      ...(event.metadata || metadata ? { metadata: { ...metadata, ...event.metadata } } : {}),
    }));
    try {
      const appended = await eventStore.append(stream, toAppend, folded.revision < 0 ? 'no_stream' : folded.revision);
      cache?.remember(stream, { state, revision: appended.nextRevision, position: appended.position });
      return { outcomes, state, position: appended.position, revision: appended.nextRevision };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= retry.onVersionConflict) {
        throw new ConflictError(retry.conflictMessage, { stream, cause: error.message });
      }
    }
  }
}
