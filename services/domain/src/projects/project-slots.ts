/**
 * The plan's project limit, decided on the write side (the uniqueness pattern of ARCHITECTURE.md
 * applied to a count): `projectslots-{userId}` records every project the user takes a slot for
 * (ProjectSlotTaken, before ProjectCreated) and gives back (ProjectSlotFreed, after
 * ProjectDeleted). A slot is taken by an append with the exact expected revision, so when N
 * creates race at the limit, each one is decided on the slots of the ones that won before it.
 *
 * Which projects count: the active projects the read model knows that were not given back (this
 * also covers projects created before this stream existed), plus slots taken in the last
 * PENDING_SLOT_MS (their ProjectCreated may not be projected yet, or is still being written). A
 * slot whose project never came (a create that crashed half-way) or whose ProjectSlotFreed was
 * lost (a delete that crashed half-way) stops counting once it is older than that.
 */
import type { ProjectSlotFreed, ProjectSlotTaken } from '@jsonable/contracts/events';
import { streams } from '@jsonable/contracts/streams';
import { renderMessages } from '@jsonable/contracts/render-api';
import { assertNever, PaymentRequiredError } from '../errors';
import type { Clock, EventStore, Ids } from '../ports';
import type { Decider } from '../runtime/decider';
import { handleCommand } from '../runtime/handle-command';

export const PENDING_SLOT_MS = 10 * 60_000;

export const projectSlotsStream = (userId: string): string => streams.projectSlots(userId);

export type SlotEvent = ProjectSlotTaken | ProjectSlotFreed;

export type SlotCommand = {
  type: 'TakeProjectSlot';
  data: {
    userId: string;
    projectId: string;
    /** The user's active projects as the read model knows them. */
    activeInReadModel: readonly string[];
    /** Projects allowed (null = unlimited) and the plan's display name for the 402 message. */
    limit: number | null;
    planName: string;
    /** Now, as the handler's clock says (ISO): recorded as takenAt and the age of pending slots. */
    takenAt: string;
  };
};

export interface SlotsState {
  /** Projects whose slot was given back. */
  freed: ReadonlySet<string>;
  /** Slots taken, by project: when (epoch ms; a project's last take counts). */
  taken: ReadonlyMap<string, number>;
}

export const projectSlotsDecider: Decider<SlotsState, SlotCommand, SlotEvent> = {
  initialState: () => ({ freed: new Set(), taken: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'ProjectSlotTaken':
        return { ...state, taken: new Map(state.taken).set(event.data.projectId, Date.parse(event.data.takenAt)) };
      case 'ProjectSlotFreed':
        return { ...state, freed: new Set(state.freed).add(event.data.projectId) };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'TakeProjectSlot': {
        const { userId, projectId, activeInReadModel, limit, planName, takenAt } = command.data;
        if (limit !== null) {
          const counted = countedProjects(state, activeInReadModel, Date.parse(takenAt));
          counted.delete(projectId);
          if (counted.size >= limit) throw new PaymentRequiredError(renderMessages.projectLimit(planName, limit));
        }
        return [{ type: 'ProjectSlotTaken', data: { userId, projectId, takenAt } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

export interface SlotsDeps {
  eventStore: EventStore;
  ids: Ids;
  clock: Clock;
}

/** The projects that count against the limit at `nowMs`. */
export function countedProjects(state: SlotsState, activeInReadModel: readonly string[], nowMs: number): Set<string> {
  const counted = new Set<string>();
  for (const id of activeInReadModel) if (!state.freed.has(id)) counted.add(id);
  for (const [id, takenAt] of state.taken) {
    if (!state.freed.has(id) && !(nowMs - takenAt > PENDING_SLOT_MS)) counted.add(id);
  }
  return counted;
}

/**
 * Takes a slot for `projectId`, or throws the plan's 402 when every slot is held: the decider run
 * by handleCommand, retried when another create or delete of the same user appended in between.
 */
export async function takeProjectSlot(deps: SlotsDeps, input: Omit<SlotCommand['data'], 'takenAt'>): Promise<void> {
  await handleCommand({
    eventStore: deps.eventStore,
    stream: projectSlotsStream(input.userId),
    decider: projectSlotsDecider,
    command: { type: 'TakeProjectSlot', data: { ...input, takenAt: deps.clock.now().toISOString() } },
    ids: deps.ids,
    retry: { onVersionConflict: 9, conflictMessage: 'Too many concurrent project changes; please try again' },
  });
}

/** Gives the slot back (a deleted project, or a create that failed after taking it). */
export async function freeProjectSlot(deps: SlotsDeps, input: { userId: string; projectId: string }): Promise<void> {
  const freed: ProjectSlotFreed = {
    type: 'ProjectSlotFreed',
    data: { userId: input.userId, projectId: input.projectId },
  };
  // Freeing commutes with every other slot event: no expected revision to race on.
  await deps.eventStore.append(projectSlotsStream(input.userId), [{ id: deps.ids.uuid(), ...freed }], 'any');
}
