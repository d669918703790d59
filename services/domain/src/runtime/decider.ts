/**
 * The Decider pattern (Jérémie Chassaing): state is a left fold of the stream's events with
 * `evolve`; `decide` is a pure function of the command and that state. Everything impure (now,
 * new ids, generated secrets) is resolved by the handler and passed inside the command.
 */

/** The shape every domain event and command has. */
export interface Message<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

export interface Decider<State, Command extends Message, Event extends Message> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Returns the events the command produces ([] when it changes nothing) or throws a typed error. */
  decide: (command: Command, state: State) => Event[];
}

/** Folds events into a state, starting from the decider's initial state. */
export function foldEvents<State, Command extends Message, Event extends Message>(
  decider: Decider<State, Command, Event>,
  events: readonly Event[],
  from: State = decider.initialState(),
): State {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
