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
import { ConcurrencyError, ConflictError, PaymentRequiredError } from '../errors';
import type { Clock, EventStore, Ids, RecordedEvent } from '../ports';

export const PENDING_SLOT_MS = 10 * 60_000;

export const projectSlotsStream = (userId: string): string => streams.projectSlots(userId);

export interface SlotsDeps {
  eventStore: EventStore;
  ids: Ids;
  clock: Clock;
}

export interface SlotLimit {
  /** Projects allowed (null = unlimited) and the plan's display name for the 402 message. */
  limit: number | null;
  planName: string;
}

/** The projects that count against the limit at `nowMs`. */
export function countedProjects(
  slots: readonly RecordedEvent[],
  activeInReadModel: readonly string[],
  nowMs: number,
): Set<string> {
  const freed = new Set<string>();
  const pending = new Map<string, number>();
  for (const event of slots) {
    if (event.type === 'ProjectSlotFreed') freed.add((event.data as ProjectSlotFreed['data']).projectId);
    else if (event.type === 'ProjectSlotTaken') {
      const data = event.data as ProjectSlotTaken['data'];
      pending.set(data.projectId, Date.parse(data.takenAt));
    }
  }
  const counted = new Set<string>();
  for (const id of activeInReadModel) if (!freed.has(id)) counted.add(id);
  for (const [id, takenAt] of pending) {
    if (!freed.has(id) && !(nowMs - takenAt > PENDING_SLOT_MS)) counted.add(id);
  }
  return counted;
}

/**
 * Takes a slot for `projectId`, or throws the plan's 402 when every slot is held. Retried when
 * another create or delete of the same user appended in between.
 */
export async function takeProjectSlot(
  deps: SlotsDeps,
  input: { userId: string; projectId: string; activeInReadModel: readonly string[] } & SlotLimit,
): Promise<void> {
  const stream = projectSlotsStream(input.userId);
  for (let attempt = 0; attempt < 10; attempt++) {
    const slots = await deps.eventStore.readStream(stream);
    if (input.limit !== null) {
      const counted = countedProjects(slots, input.activeInReadModel, deps.clock.now().getTime());
      counted.delete(input.projectId);
      if (counted.size >= input.limit)
        throw new PaymentRequiredError(renderMessages.projectLimit(input.planName, input.limit));
    }
    const last = slots[slots.length - 1];
    const taken: ProjectSlotTaken = {
      type: 'ProjectSlotTaken',
      data: { userId: input.userId, projectId: input.projectId, takenAt: deps.clock.now().toISOString() },
    };
    try {
      await deps.eventStore.append(stream, [{ id: deps.ids.uuid(), ...taken }], last ? last.revision : 'no_stream');
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
  throw new ConflictError('Too many concurrent project changes; please try again');
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
