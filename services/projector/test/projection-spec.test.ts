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
    await expect(runProjectionTwice(leaky, [{ type: 'UserRegistered', data: { userId: 'u1' } }])).rejects.toThrow(/changed the documents/);
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
    await expect(projectEvents(mutating, [{ type: 'Tick', data: {} }, { type: 'Tick', data: {} }])).rejects.toThrow(/read only|read-only|Cannot assign/);
  });
});
