import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { FencedWriteError, type Checkpoint, type DocOp, type Fence } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { generateMixEvents, imagesProjection, projectionMix, usersProjection } from '../bench/projections';
import { physicalCollection, REGISTRY_COLLECTION } from '../src/naming';
import { ActiveReadModels } from '../src/read-models';
import { RegistryCache } from '../src/registry';
import { createCheckpointWaiter } from '../src/wait';
import { rebuildInto } from '../src/rebuild';
import { Lease } from '../src/lease';
import type { RegistryDoc } from '../src/registry';
import { ProjectionRunner } from '../src/runner';
import { appendMix, dumpDocs, tempStores, type TempStores } from './fixtures/stores';
import { join } from 'node:path';
import Database from 'better-sqlite3';

let s: TempStores;
const runners: ProjectionRunner[] = [];
beforeEach(() => {
  s = tempStores();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await s.close();
});

function runner(
  projections: readonly Projection[],
  extra: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {},
): ProjectionRunner {
  const r = new ProjectionRunner({
    eventStore: s.eventStore,
    docs: s.docs,
    projections,
    batchSize: 300,
    leaseRetryMs: 20,
    dropGraceMs: 0,
    ...extra,
  });
  runners.push(r);
  return r;
}

const live = (p: Projection, logical: string) => physicalCollection(logical, p.version);
const fresh = (_p: Projection, logical: string) => `${logical}__check`;

describe('ProjectionRunner', () => {
  it('catches up from zero, goes live, and equals a rebuild from zero', async () => {
    await appendMix(s.eventStore, generateMixEvents(1500, 3));
    const r = runner(projectionMix);
    r.start();
    await r.whenCaughtUp();
    // Live: new events keep flowing in.
    const head = await appendMix(
      s.eventStore,
      generateMixEvents(200, 4).map((e) => ({ ...e, data: { ...e.data, userId: `x${String(e.data.userId)}` } })),
    );
    expect(await r.waitForPosition(head, 10_000)).toBe(true);
    await rebuildInto({ eventStore: s.eventStore, docs: s.docs, projections: projectionMix, physical: fresh });
    expect(await dumpDocs(s.docs, projectionMix, live)).toEqual(await dumpDocs(s.docs, projectionMix, fresh));
    for (const p of projectionMix) expect(await s.docs.getCheckpoint(`${p.name}@v1`)).toBe(head);
  });

  it('restarts from its checkpoints without applying anything twice', async () => {
    await appendMix(s.eventStore, generateMixEvents(800, 5));
    const first = runner(projectionMix);
    first.start();
    await first.whenCaughtUp();
    await first.stop();
    const head = await appendMix(
      s.eventStore,
      generateMixEvents(300, 6).map((e) => ({ ...e, data: { ...e.data, userId: `y${String(e.data.userId)}` } })),
    );
    const second = runner(projectionMix);
    second.start();
    expect(await second.waitForPosition(head, 10_000)).toBe(true);
    await rebuildInto({ eventStore: s.eventStore, docs: s.docs, projections: projectionMix, physical: fresh });
    expect(await dumpDocs(s.docs, projectionMix, live)).toEqual(await dumpDocs(s.docs, projectionMix, fresh));
  });

  it('waitForPosition answers false on timeout and true once the projector passes the position', async () => {
    const head = await appendMix(s.eventStore, generateMixEvents(50, 8));
    const r = runner(projectionMix);
    // Not started: polls the stored checkpoints, which do not exist yet.
    const registry = (await s.docs.find(REGISTRY_COLLECTION).catch(() => [])) as RegistryDoc[];
    expect(registry).toEqual([]);
    r.start();
    await r.whenCaughtUp();
    expect(await r.waitForPosition(head, 1000)).toBe(true);
    expect(await r.waitForPosition(head + 1, 50)).toBe(false);
    await r.stop();
    // Stopped: a fresh runner that is not leader still answers from the stored checkpoints.
    const follower = runner(projectionMix);
    expect(await follower.waitForPosition(head, 1000)).toBe(true);
    expect(await follower.waitForPosition(head + 1, 50)).toBe(false);
  });

  it('rebuilds a bumped version beside the old one, keeps the others live, then switches and drops the old', async () => {
    await appendMix(s.eventStore, generateMixEvents(600, 9));
    const v1 = runner(projectionMix);
    v1.start();
    await v1.whenCaughtUp();
    await v1.stop();

    // v2 of images adds a field; its handler is held at a gate so the rebuild can be observed.
    const gate = Promise.withResolvers<void>();
    const imagesV2: Projection = {
      ...imagesProjection,
      version: 2,
      async handle(e, tx) {
        await gate.promise;
        await imagesProjection.handle(e, tx);
        if (e.type === 'TableRendered') {
          const doc = await tx.get('mix_images', String((e.data as { imageId: string }).imageId));
          if (doc) tx.put('mix_images', { ...doc, kind: 'v2' });
        }
      },
    };
    const mix2 = projectionMix.map((p) => (p === imagesProjection ? imagesV2 : p));
    const switched: string[] = [];
    const v2 = runner(mix2, { onSwitch: (name, version) => switched.push(`${name}@${version}`) });
    const readModels = new ActiveReadModels(s.docs, mix2, v2.registry);
    v2.start();

    // While images v2 is being built, reads still come from v1 and the other projections stay live.
    const before = await readModels.find('mix_images', {}, { limit: 1 });
    expect(before[0]).toBeDefined();
    expect(before[0]).not.toHaveProperty('kind');
    const head = await appendMix(s.eventStore, [
      { type: 'UserRegistered', streamId: 'user-new', data: { userId: 'new', email: 'new@example.com' } },
    ]);
    expect(await v2.waitForPosition(head, 10_000)).toBe(true);
    expect(await readModels.get('mix_users', 'new')).toMatchObject({ email: 'new@example.com' });
    const entry = (await s.docs.get<RegistryDoc>(REGISTRY_COLLECTION, 'mix-images'))!;
    expect(entry).toMatchObject({ active: 1, rebuilding: 2 });

    gate.resolve();
    await v2.whenCaughtUp();
    // The rebuilt collections got their indexes (deferred while building) before the switch.
    const sqlite = new Database(join(s.dir, 'docs.db'), { readonly: true });
    try {
      const indexes = sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?")
        .all('c:mix_images__v2');
      expect(indexes.length).toBeGreaterThanOrEqual(imagesProjection.collections[0]!.indexes.length);
    } finally {
      sqlite.close();
    }
    expect(switched).toEqual(['mix-images@2']);
    expect(await s.docs.get<RegistryDoc>(REGISTRY_COLLECTION, 'mix-images')).toMatchObject({
      active: 2,
      rebuilding: null,
    });
    const after = await readModels.find('mix_images', { format: 'png' }, { limit: 3 });
    expect(after.length).toBeGreaterThan(0);
    for (const doc of after) expect(doc.kind).toBe('v2');

    // The old version's collection goes after the grace period (0 here).
    await expect
      .poll(async () => (await s.docs.get<RegistryDoc>(REGISTRY_COLLECTION, 'mix-images'))?.retired, { timeout: 5000 })
      .toEqual([]);
    expect(await s.docs.find(physicalCollection('mix_images', 1)).catch(() => [])).toEqual([]);
  });

  it('commits a batch of every projection in one transaction, and nothing of it when one projection fails', async () => {
    await appendMix(s.eventStore, generateMixEvents(300, 11));
    const commits: Array<{ ops: number; checkpoints: Checkpoint[] }> = [];
    const counting = new Proxy(s.docs, {
      get(target, key, receiver) {
        if (key === 'applyBatch') {
          return (ops: DocOp[], checkpoint?: Checkpoint | readonly Checkpoint[], fence?: Fence) => {
            commits.push({
              ops: ops.length,
              checkpoints:
                checkpoint === undefined
                  ? []
                  : Array.isArray(checkpoint)
                    ? [...checkpoint]
                    : [checkpoint as Checkpoint],
            });
            return target.applyBatch(ops, checkpoint, fence);
          };
        }
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const failing: Projection = {
      name: 'failing',
      version: 1,
      collections: [{ name: 'failing_docs', indexes: [] }],
      handles: ['Boom'],
      async handle() {
        throw new Error('cannot project Boom');
      },
    };
    const names = [...projectionMix, failing].map((p) => `${p.name}@v${p.version}`);
    const messages: string[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (m: string) => messages.push(m) };
    const r = runner([...projectionMix, failing], { docs: counting, logger });
    r.start();
    await r.whenCaughtUp();

    // Live: one render's event moves every projection's checkpoint in a single commit.
    commits.length = 0;
    const head = await appendMix(s.eventStore, generateMixEvents(1, 12));
    expect(await r.waitForPosition(head, 10_000)).toBe(true);
    const batch = commits.filter((c) => c.checkpoints.some((cp) => cp.position === head));
    expect(batch).toHaveLength(1);
    expect(batch[0]!.checkpoints.map((c) => c.name).sort()).toEqual([...names].sort());
    for (const name of names) expect(await s.docs.getCheckpoint(name)).toBe(head);

    // The last projection throws: the projections before it, which handled the batch fine, do
    // not commit it either (one transaction), and the term ends on the error.
    // One append, so the projector sees the three events as one batch.
    const { position: boom } = await s.eventStore.append(
      'boom-1',
      [...generateMixEvents(2, 13), { type: 'Boom', streamId: 'boom-1', data: {} }].map((e, i) => ({
        id: `boom-${i}`,
        type: e.type,
        data: e.data,
      })),
      'no_stream',
    );
    await expect
      .poll(() => messages.includes('projector stopped on an error; restarting from the checkpoints'), {
        timeout: 5000,
      })
      .toBe(true);
    for (const name of names) expect(await s.docs.getCheckpoint(name)).toBe(head);
    expect(await r.waitForPosition(boom, 50)).toBe(false);
  });

  it('handles the next batch while the store commits the previous one, in order, and equals a rebuild from zero', async () => {
    const head = await appendMix(s.eventStore, generateMixEvents(1500, 21));
    // A store whose commits take a while: the runner must not wait for one before handling the next.
    const timeline: string[] = [];
    let commitNo = 0;
    let committing = 0;
    const slow = new Proxy(s.docs, {
      get(target, key, receiver) {
        if (key === 'applyBatch') {
          return async (ops: DocOp[], checkpoint?: Checkpoint | readonly Checkpoint[], fence?: Fence) => {
            const n = ++commitNo;
            committing++;
            timeline.push(`commit ${n} sent`);
            await new Promise((resolve) => setTimeout(resolve, 25));
            try {
              await target.applyBatch(ops, checkpoint, fence);
            } finally {
              committing--;
              timeline.push(`commit ${n} done`);
            }
          };
        }
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    // Notes in the timeline when it handles an event while a commit is under way.
    const watched: Projection = {
      ...imagesProjection,
      async handle(event, tx) {
        if (committing > 0) timeline.push(`handled ${event.position} during a commit`);
        return imagesProjection.handle(event, tx);
      },
    };
    const projections = projectionMix.map((p) => (p === imagesProjection ? watched : p));
    const r = runner(projections, { docs: slow, rebuildBatchSize: 300 });
    r.start();
    await r.whenCaughtUp();
    expect(await r.waitForPosition(head, 1)).toBe(true);
    // Batches overlap with the previous commit, but never two commits at once, and in order.
    expect(timeline.some((t) => t.endsWith('during a commit'))).toBe(true);
    const commits = timeline.filter((t) => t.startsWith('commit'));
    for (let n = 1; n <= commitNo; n++)
      expect(commits.slice(2 * n - 2, 2 * n)).toEqual([`commit ${n} sent`, `commit ${n} done`]);
    await rebuildInto({ eventStore: s.eventStore, docs: s.docs, projections: projectionMix, physical: fresh });
    expect(await dumpDocs(s.docs, projectionMix, live)).toEqual(await dumpDocs(s.docs, projectionMix, fresh));
    for (const p of projectionMix) expect(await s.docs.getCheckpoint(`${p.name}@v1`)).toBe(head);
  });

  it('voids the batch handled on top of a commit that fails, and starts again from the checkpoints', async () => {
    const head = await appendMix(s.eventStore, generateMixEvents(1500, 22));
    let commitNo = 0;
    const flaky = new Proxy(s.docs, {
      get(target, key, receiver) {
        if (key === 'applyBatch') {
          return async (ops: DocOp[], checkpoint?: Checkpoint | readonly Checkpoint[], fence?: Fence) => {
            // The second commit of the catch-up fails once, after the third batch was handled on top of it.
            if (++commitNo === 2) {
              await new Promise((resolve) => setTimeout(resolve, 25));
              throw new Error('disk full');
            }
            return target.applyBatch(ops, checkpoint, fence);
          };
        }
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const errors: unknown[] = [];
    const logger = {
      info: () => {},
      warn: () => {},
      error: (_m: string, fields?: Record<string, unknown>) => errors.push(fields?.error),
    };
    const r = runner(projectionMix, { docs: flaky, logger, rebuildBatchSize: 300 });
    r.start();
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(String(errors[0])).toContain('disk full');
    // Nothing past the first batch was committed: the checkpoints are where the failed batch started.
    const afterFirst = await s.docs.getCheckpoint(`${usersProjection.name}@v1`);
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThan(head);
    // The next term (after the back-off) catches up from there to the same documents as a rebuild.
    await r.whenCaughtUp();
    expect(await r.waitForPosition(head, 1)).toBe(true);
    await rebuildInto({ eventStore: s.eventStore, docs: s.docs, projections: projectionMix, physical: fresh });
    expect(await dumpDocs(s.docs, projectionMix, live)).toEqual(await dumpDocs(s.docs, projectionMix, fresh));
  });

  it('catches up with every batch committed by the SQLite writer thread, equal to a rebuild from zero', async () => {
    const head = await appendMix(s.eventStore, generateMixEvents(3000, 23));
    const docs = new SqliteDocumentStore(join(s.dir, 'writer-thread.db'), {
      sweepIntervalMs: 0,
      backgroundBatchOps: 0,
    });
    try {
      const r = runner(projectionMix, { docs, batchSize: 400, rebuildBatchSize: 700 });
      r.start();
      await r.whenCaughtUp();
      expect(await r.waitForPosition(head, 1)).toBe(true);
      await r.stop();
      await rebuildInto({ eventStore: s.eventStore, docs, projections: projectionMix, physical: fresh });
      expect(await dumpDocs(docs, projectionMix, live)).toEqual(await dumpDocs(docs, projectionMix, fresh));
      for (const p of projectionMix) expect(await docs.getCheckpoint(`${p.name}@v1`)).toBe(head);
    } finally {
      await docs.close();
    }
  });

  it('lets only one instance write; a waiting instance takes over when the holder stops', async () => {
    await appendMix(s.eventStore, generateMixEvents(200, 10));
    const messages: string[] = [];
    const logger = { info: (m: string) => messages.push(m), warn: () => {}, error: () => {} };
    const a = runner([usersProjection], { owner: 'a' });
    a.start();
    await a.whenCaughtUp();
    const otherDocs = new SqliteDocumentStore(join(s.dir, 'docs.db'), { sweepIntervalMs: 0 });
    try {
      const b = new ProjectionRunner({
        eventStore: s.eventStore,
        docs: otherDocs,
        projections: [usersProjection],
        owner: 'b',
        leaseRetryMs: 20,
        logger,
      });
      runners.push(b);
      b.start();
      await expect
        .poll(() => messages.includes('another projector holds the lease; waiting'), { timeout: 5000 })
        .toBe(true);
      expect(b.isLeader).toBe(false);
      expect(a.isLeader).toBe(true);

      await a.stop();
      await b.whenCaughtUp();
      expect(b.isLeader).toBe(true);
      const head = await appendMix(s.eventStore, [
        { type: 'UserRegistered', streamId: 'user-late', data: { userId: 'late', email: 'late@example.com' } },
      ]);
      expect(await b.waitForPosition(head, 10_000)).toBe(true);
      expect(await otherDocs.get(physicalCollection('mix_users', 1), 'late')).toMatchObject({
        email: 'late@example.com',
      });
      await b.stop();
    } finally {
      await otherDocs.close();
    }
  });
});

describe('createCheckpointWaiter (API processes without the projector)', () => {
  it('answers from the stored checkpoints of the serving versions, sharing polls between waiters', async () => {
    const head = await appendMix(s.eventStore, generateMixEvents(300, 12));
    const r = runner(projectionMix);
    const registry = new RegistryCache(s.docs, 0);
    const wait = createCheckpointWaiter({ docs: s.docs, registry, projections: projectionMix, pollMs: 5 });
    // Nothing serves yet: nothing to wait for.
    expect(await wait(head, 50)).toBe(true);
    r.start();
    await r.whenCaughtUp();
    await r.stop();
    const results = await Promise.all([wait(head, 1000), wait(head - 1, 1000), wait(head + 1, 60), wait(head + 1, 30)]);
    expect(results).toEqual([true, true, false, false]);
    // The projector (in another process, say) moves on: waiters see it.
    const r2 = runner(projectionMix);
    const pending = wait(head + 1, 10_000);
    const next = await appendMix(s.eventStore, [
      { type: 'UserRegistered', streamId: 'user-w', data: { userId: 'w', email: 'w@example.com' } },
    ]);
    expect(next).toBe(head + 1);
    r2.start();
    expect(await pending).toBe(true);
  });
});

describe('Lease', () => {
  it('is exclusive, renewable by its holder only, and taken over once stale', async () => {
    const a = new Lease(s.docs, 'a', 200);
    const b = new Lease(s.docs, 'b', 200);
    expect(await a.tryAcquire()).toBe(true);
    expect(await b.tryAcquire()).toBe(false);
    expect(await a.renew()).toBe(true);
    expect(await b.tryAcquire()).toBe(false);
    // a stops renewing (hung or killed): after the ttl, b takes over and a finds out on renewal.
    await new Promise((r) => setTimeout(r, 250));
    expect(await b.tryAcquire()).toBe(true);
    expect(await a.renew()).toBe(false);
    expect(await a.tryAcquire()).toBe(false);
    await b.release();
    expect(await a.tryAcquire()).toBe(true);
  });

  it('fences writes with a token that renewals keep and every takeover replaces', async () => {
    const a = new Lease(s.docs, 'a', 100);
    const b = new Lease(s.docs, 'b', 100);
    expect(a.fence()).toBeNull();
    expect(await a.tryAcquire()).toBe(true);
    const fenceA = a.fence()!;
    await s.docs.ensureCollection({ name: 'fenced', indexes: [] });
    await s.docs.applyBatch(
      [{ op: 'put', collection: 'fenced', doc: { id: 'x', by: 'a' } }],
      { name: 'fenced@v1', position: 1 },
      fenceA,
    );
    expect(await a.renew()).toBe(true);
    expect(a.fence()).toEqual(fenceA);
    await new Promise((r) => setTimeout(r, 150));
    expect(await b.tryAcquire()).toBe(true);
    expect(b.fence()!.value).not.toBe(fenceA.value);
    // a stalled past its lease: its fence fails atomically (no document, no checkpoint move), b's passes.
    await expect(
      s.docs.applyBatch(
        [{ op: 'put', collection: 'fenced', doc: { id: 'x', by: 'a again' } }],
        { name: 'fenced@v1', position: 2 },
        a.fence()!,
      ),
    ).rejects.toBeInstanceOf(FencedWriteError);
    expect(await s.docs.get('fenced', 'x')).toEqual({ id: 'x', by: 'a' });
    expect(await s.docs.getCheckpoint('fenced@v1')).toBe(1);
    await s.docs.applyBatch(
      [{ op: 'put', collection: 'fenced', doc: { id: 'x', by: 'b' } }],
      { name: 'fenced@v1', position: 2 },
      b.fence()!,
    );
    expect(await s.docs.get('fenced', 'x')).toEqual({ id: 'x', by: 'b' });
  });

  it('a projector that stalled past its lease cannot commit its batch after the takeover', async () => {
    const head = await appendMix(s.eventStore, generateMixEvents(600, 13));
    const gate = Promise.withResolvers<void>();
    const later = Promise.withResolvers<void>();
    const entered = Promise.withResolvers<void>();
    // The same projection for both; a's copy hangs inside its first batch (a long GC pause, a stuck disk).
    const hanging: Projection = {
      ...usersProjection,
      async handle(event, tx) {
        entered.resolve();
        await gate.promise;
        // Past its first batch it stalls again, so whatever that batch committed stays visible.
        if (event.position > head) await later.promise;
        return usersProjection.handle(event, tx);
      },
    };
    const a = runner([hanging], { owner: 'a', leaseTtlMs: 150, leaseRenewMs: 60_000 });
    a.start();
    await entered.promise;
    // Meanwhile the log moves on past a's batch.
    const next = await appendMix(s.eventStore, [
      { type: 'PlanChanged', streamId: 'user-u1', data: { userId: 'u1', to: 'business' } },
    ]);
    const b = runner([usersProjection], { owner: 'b' });
    b.start();
    await b.whenCaughtUp();
    expect(await b.waitForPosition(next, 10_000)).toBe(true);
    const checkpoint = `${usersProjection.name}@v${usersProjection.version}`;
    expect(await s.docs.getCheckpoint(checkpoint)).toBe(next);
    expect(await s.docs.get(live(usersProjection, 'mix_users'), 'u1')).toMatchObject({ plan: 'business' });
    const before = await dumpDocs(s.docs, [usersProjection], live);
    // a wakes up and tries to commit its (older) batch: fenced off, nothing goes back.
    gate.resolve();
    await new Promise((r) => setTimeout(r, 200));
    try {
      expect(await s.docs.getCheckpoint(checkpoint)).toBe(next);
      expect(await dumpDocs(s.docs, [usersProjection], live)).toEqual(before);
      // …and it knows it lost the lease.
      expect(a.isLeader).toBe(false);
    } finally {
      later.resolve();
    }
  });

  it('two racing acquisitions of a free lease give one holder', async () => {
    const other = new SqliteDocumentStore(join(s.dir, 'docs.db'), { sweepIntervalMs: 0 });
    try {
      for (let i = 0; i < 10; i++) {
        const results = await Promise.all([
          new Lease(s.docs, 'a', 10_000, `l${i}`).tryAcquire(),
          new Lease(other, 'b', 10_000, `l${i}`).tryAcquire(),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});
