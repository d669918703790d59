import { describe, expect, it } from 'vitest';
import type { Projection } from '@jsonable/read-models/projection';
import { generateMixEvents, projectionMix, projectsProjection } from '../bench/projections';
import { projectEvents, runProjectionTwice } from '../src/testing';

describe('runProjectionTwice', () => {
  const events = generateMixEvents(400, 7);

  for (const projection of projectionMix) {
    it(`${projection.name}: one batch and every event delivered twice one by one agree`, async () => {
      const docs = await runProjectionTwice(projection, events);
      expect(Object.values(docs).some((list) => list.length > 0)).toBe(true);
    });
  }

  it('find() inside a batch sees puts and deletes made earlier in the same batch', async () => {
    const docs = await projectEvents(projectsProjection, [
      { type: 'ProjectCreated', data: { projectId: 'p1', userId: 'u1', name: 'A', keyHash: 'k1' } },
      { type: 'ProjectKeyRegenerated', data: { projectId: 'p1', keyHash: 'k2' } },
      { type: 'ProjectKeyRegenerated', data: { projectId: 'p1', keyHash: 'k3' } },
    ]);
    expect(docs.mix_project_keys).toEqual([{ id: 'k3', projectId: 'p1', userId: 'u1' }]);
  });

  it('catches a projection that is not deterministic', async () => {
    let calls = 0;
    const leaky: Projection = {
      name: 'leaky',
      version: 1,
      collections: [{ name: 'leaky', indexes: [] }],
      handles: ['UserRegistered'],
      async handle(e, tx) {
        tx.put('leaky', { id: String((e.data as { userId: string }).userId), seen: ++calls });
      },
    };
    await expect(runProjectionTwice(leaky, [{ type: 'UserRegistered', data: { userId: 'u1' } }])).rejects.toThrow(
      /changed the documents/,
    );
  });

  it('refuses a projection that mutates a stored document in place', async () => {
    const mutating: Projection = {
      name: 'mutating',
      version: 1,
      collections: [{ name: 'm', indexes: [] }],
      handles: ['Tick'],
      async handle(_e, tx) {
        const doc = await tx.get('m', 'x');
        if (!doc) {
          tx.put('m', { id: 'x', n: 1 });
          return;
        }
        (doc as unknown as { n: number }).n += 1;
        tx.put('m', doc);
      },
    };
    await expect(
      projectEvents(mutating, [
        { type: 'Tick', data: {} },
        { type: 'Tick', data: {} },
      ]),
    ).rejects.toThrow(/read only|read-only|Cannot assign/);
  });

  it('getForUpdate hands out a private copy per batch that only counts once it is put', async () => {
    const seenFrozen: boolean[] = [];
    const counting: Projection = {
      name: 'counting',
      version: 1,
      collections: [{ name: 'c', indexes: [] }],
      handles: ['Tick', 'Peek'],
      async handle(e, tx) {
        const stored = await tx.get('c', 'x');
        if (stored) seenFrozen.push(Object.isFrozen(stored) || stored === (await tx.getForUpdate('c', 'x')));
        const doc = (await tx.getForUpdate<{ id: string; counts: Record<string, number>; position: number }>(
          'c',
          'x',
        )) ?? {
          id: 'x',
          counts: {},
          position: 0,
        };
        if (doc.position >= e.position) return;
        const key = (e.data as { key: string }).key;
        doc.counts[key] = (doc.counts[key] ?? 0) + 1;
        // A Peek changes the copy but never puts it: nothing of that may reach the store.
        if (e.type === 'Peek') return;
        doc.position = e.position;
        tx.put('c', doc);
      },
    };
    const ticks = [
      { type: 'Tick', data: { key: 'a' } },
      { type: 'Tick', data: { key: 'a' } },
      { type: 'Tick', data: { key: 'b' } },
    ];
    // One batch (the copy is reused from event to event) and one batch per event, twice, agree.
    const docs = await runProjectionTwice(counting, ticks);
    expect(docs.c).toEqual([{ id: 'x', counts: { a: 2, b: 1 }, position: 3 }]);
    // A copy changed but not put leaves the stored document (and the next batch's view) as it was.
    const peeked = await projectEvents(counting, [ticks[0]!, { type: 'Peek', data: { key: 'z' } }, ticks[2]!], {
      batchSize: 1,
    });
    expect(peeked.c).toEqual([{ id: 'x', counts: { a: 1, b: 1 }, position: 3 }]);
    // What get returns stays read-only (frozen in specs) and is never the copy being changed.
    expect(seenFrozen.length).toBeGreaterThan(0);
    expect(seenFrozen.every(Boolean)).toBe(true);
  });
});
