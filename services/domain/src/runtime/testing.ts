/**
 * Given/when/then for deciders, used by every context's decider tests:
 *
 *   testDecider(projectDecider)
 *     .given([projectCreated])
 *     .when({ type: 'RenameProject', data: { … } })
 *     .then([{ type: 'ProjectRenamed', data: { … } }]);
 *
 *   ….when(cmd).thenThrows(NotFoundError, 'Project not found');
 */
import { expect } from 'vitest';
import type { Clock, Ids } from '../ports';
import { foldEvents, type Decider, type Message } from './decider';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface DeciderThen<Event extends Message> {
  /** Asserts the exact events (deep equality, metadata included when the decider sets it). */
  then(expected: Event[]): Event[];
  /** Asserts the command changes nothing. */
  thenNothing(): void;
  /** Asserts decide throws an instance of `errorClass` (and the message, when given). */
  thenThrows(errorClass: ErrorClass, message?: string | RegExp): Error;
}

export interface DeciderGiven<Command extends Message, Event extends Message> {
  when(command: Command): DeciderThen<Event>;
}

export interface DeciderSpec<Command extends Message, Event extends Message> {
  given(events: Event[]): DeciderGiven<Command, Event>;
}

export function testDecider<State, Command extends Message, Event extends Message>(
  decider: Decider<State, Command, Event>,
): DeciderSpec<Command, Event> {
  return {
    given: (events) => ({
      when: (command) => {
        const run = () => decider.decide(command, foldEvents(decider, events));
        return {
          then(expected) {
            const actual = run();
            expect(actual).toEqual(expected);
            return actual;
          },
          thenNothing() {
            expect(run()).toEqual([]);
          },
          thenThrows(errorClass, message) {
            let thrown: unknown;
            try {
              run();
            } catch (error) {
              thrown = error;
            }
            expect(thrown, 'decide was expected to throw').toBeInstanceOf(errorClass);
            const error = thrown as Error;
            if (typeof message === 'string') expect(error.message).toBe(message);
            else if (message) expect(error.message).toMatch(message);
            return error;
          },
        };
      },
    }),
  };
}

/** Ids that are predictable in assertions: `${prefix}-1`, `${prefix}-2`, … and `secret-1`, … */
export function sequentialIds(prefix = 'id'): Ids {
  let n = 0;
  let s = 0;
  return {
    uuid: () => `${prefix}-${++n}`,
    secret: () => `secret-${++s}`,
  };
}

/** A clock stopped at `iso` that tests can move forward. */
export function fixedClock(iso: string): Clock & { advance(ms: number): void; set(iso: string): void } {
  let now = new Date(iso).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (next) => {
      now = new Date(next).getTime();
    },
  };
}
