import { describe, it } from 'vitest';
import type { ProjectSlotFreed, ProjectSlotTaken } from '@jsonable/contracts/events';
import { PaymentRequiredError } from '../errors';
import { testDecider } from '../runtime/testing';
import { PENDING_SLOT_MS, projectSlotsDecider, type SlotCommand } from './project-slots';

const NOW = '2026-11-22T06:00:00.000Z';
const ago = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const taken = (projectId: string, agoMs = 0): ProjectSlotTaken => ({
  type: 'ProjectSlotTaken',
  data: { userId: 'u', projectId, takenAt: ago(agoMs) },
});
const freed = (projectId: string): ProjectSlotFreed => ({ type: 'ProjectSlotFreed', data: { userId: 'u', projectId } });

/** Take a slot for `projectId` on a plan of `limit` projects. */
const take = (projectId: string, limit: number | null, activeInReadModel: string[] = []): SlotCommand => ({
  type: 'TakeProjectSlot',
  data: { userId: 'u', projectId, activeInReadModel, limit, planName: 'Free', takenAt: NOW },
});
const spec = testDecider(projectSlotsDecider);
const limitReached = 'Your Free plan allows 2 projects. Upgrade your plan to create more.';

describe('project slots decider (the plan limit on the write side)', () => {
  it('takes a slot while the plan has room', () => {
    spec
      .given([taken('a', 1000)])
      .when(take('new', 2))
      .then([taken('new')]);
  });

  it('takes a slot on an unlimited plan whatever is held', () => {
    spec
      .given([taken('a'), taken('b'), taken('c')])
      .when(take('new', null, ['x', 'y']))
      .then([taken('new')]);
  });

  it('refuses with the plan 402 when every slot is held', () => {
    spec
      .given([taken('a'), taken('b')])
      .when(take('new', 2))
      .thenThrows(PaymentRequiredError, limitReached);
  });

  it('counts active projects of the read model, also those from before the slots stream', () => {
    spec
      .given([])
      .when(take('new', 2, ['old1', 'old2']))
      .thenThrows(PaymentRequiredError);
  });

  it('does not count a project of the read model whose slot was given back (its deletion not projected yet)', () => {
    spec
      .given([freed('old1')])
      .when(take('new', 2, ['old1', 'old2']))
      .then([taken('new')]);
  });

  it('counts a slot taken recently even before the read model shows its project', () => {
    spec
      .given([taken('a', 1000), taken('b', 1000)])
      .when(take('new', 2))
      .thenThrows(PaymentRequiredError);
  });

  it('does not count a slot taken and given back', () => {
    spec
      .given([taken('a', 1000), freed('a'), taken('b')])
      .when(take('new', 2))
      .then([taken('new')]);
  });

  it('lets a slot lapse once it is older than the pending time (its project never came)', () => {
    spec
      .given([taken('ghost', PENDING_SLOT_MS + 1), taken('b')])
      .when(take('new', 2))
      .then([taken('new')]);
  });

  it('still counts a lapsed slot while the read model shows its project as active', () => {
    spec
      .given([taken('ghost', PENDING_SLOT_MS + 1), taken('b')])
      .when(take('new', 2, ['ghost']))
      .thenThrows(PaymentRequiredError);
  });

  it('does not count the slot being taken again against itself (a retried create)', () => {
    spec
      .given([taken('a'), taken('new')])
      .when(take('new', 2))
      .then([taken('new')]);
  });
});
