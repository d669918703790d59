import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@jsonable/domain/ports';
import { countedProjects, PENDING_SLOT_MS } from '@jsonable/domain/projects/project-slots';

const NOW = Date.parse('2026-11-22T06:00:00.000Z');
let revision = 0;
function slot(type: 'ProjectSlotTaken' | 'ProjectSlotFreed', projectId: string, agoMs = 0): RecordedEvent {
  const at = new Date(NOW - agoMs).toISOString();
  return {
    id: `e${revision}`,
    streamId: 'projectslots-u',
    type,
    revision: revision++,
    position: revision,
    createdAt: at,
    metadata: {},
    data: type === 'ProjectSlotTaken' ? { userId: 'u', projectId, takenAt: at } : { userId: 'u', projectId },
  };
}

describe('countedProjects (the plan limit on the write side)', () => {
  it('counts active projects of the read model, also those from before the slots stream, unless given back', () => {
    expect([...countedProjects([], ['old1', 'old2'], NOW)].sort()).toEqual(['old1', 'old2']);
    // The read model may still show a project whose deletion it has not projected yet.
    expect([...countedProjects([slot('ProjectSlotFreed', 'old1')], ['old1', 'old2'], NOW)]).toEqual(['old2']);
  });

  it('counts a slot taken recently even before the read model shows its project', () => {
    expect([...countedProjects([slot('ProjectSlotTaken', 'new', 1000)], [], NOW)]).toEqual(['new']);
    expect([
      ...countedProjects([slot('ProjectSlotTaken', 'new', 1000), slot('ProjectSlotFreed', 'new')], [], NOW),
    ]).toEqual([]);
  });

  it('lets a slot lapse when its project never came or its release was lost, once it is old enough', () => {
    const stale = slot('ProjectSlotTaken', 'ghost', PENDING_SLOT_MS + 1);
    expect([...countedProjects([stale], [], NOW)]).toEqual([]);
    // Still counted while the read model shows the project as active.
    expect([...countedProjects([stale], ['ghost'], NOW)]).toEqual(['ghost']);
  });
});
