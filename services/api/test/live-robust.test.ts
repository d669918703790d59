/**
 * Living images under races and crashes (issue #25, the four gaps left open):
 * - the last table of a period raced by PUTs of different living images and by plain renders
 *   (the table is held on the usage stream before the living image's own stream decides);
 * - a PUT racing its project's deletion (404 and nothing kept or counted, or rendered before the
 *   deletion and removed with the project);
 * - a project's deletion cut short while removing its living images' files (a blob store that
 *   fails mid-way, or a process that died right after ProjectDeleted), finished by the sweep.
 * Every test drives the HTTP app; the renders go through a real pool behind a hook that holds
 * them at a chosen point, so the interleavings are forced, not hoped for.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planOf, usagePeriodIndex } from '@jsonable/contracts/plans';
import { liveDecider } from '@jsonable/domain/live/live.decider';
import { liveStream } from '@jsonable/domain/live/streams';
import type { BlobStore, NewEvent, TableRenderer } from '@jsonable/domain/ports';
import { deleteProject } from '@jsonable/domain/projects/projects.handlers';
import { aggregateStream } from '@jsonable/domain/runtime/aggregate-stream';
import { usageDecider } from '@jsonable/domain/usage/usage.decider';
import { usageStream } from '@jsonable/domain/usage/streams';
import { createRenderPool } from '@jsonable/render/pool/index';
import { renderedData } from '@jsonable/read-models/images/testing';
import { liveImagesWithFilesPending } from '@jsonable/read-models/live/live-images.queries';
import { sweepEndedLiveImages } from '../src/routes/live/live-sweep';
import { givenRenderHarness, http, smallTable, type TestProject, type TestUser } from './render.harness';

/** A real render pool behind a hook the tests set to hold renders. */
function hookedPool() {
  let pool: (TableRenderer & { ready(): Promise<void> }) | null = null;
  let hook: (() => Promise<void>) | null = null;
  return {
    async start() {
      pool = createRenderPool({ size: 2 });
      await pool.ready();
    },
    hold(next: (() => Promise<void>) | null) {
      hook = next;
    },
    renderer: {
      async render(...args: Parameters<TableRenderer['render']>) {
        const held = hook;
        if (held) await held();
        return pool!.render(...args);
      },
      close: async () => {},
    } satisfies TableRenderer,
    close: async () => {
      await pool?.close();
    },
  };
}

/** Releases the renders once `parties` of them have arrived (or after 20 s, so a bug fails instead of hanging). */
function barrier(parties: number): () => Promise<void> {
  const waiting: Array<() => void> = [];
  const releaseAll = () => {
    for (const go of waiting.splice(0)) go();
  };
  const timer = setTimeout(releaseAll, 20_000);
  return () =>
    new Promise<void>((go) => {
      waiting.push(go);
      if (waiting.length === parties) {
        clearTimeout(timer);
        releaseAll();
      }
    });
}

const gate = hookedPool();
const h = givenRenderHarness(
  async () => {
    await gate.start();
    return { renderer: gate.renderer };
  },
  { after: gate.close, timeoutMs: 60_000 },
);

const table = (n: number) => ({ title: `Sales ${n}`, headers: ['Region', 'Total'], rows: [['North', String(n)]] });
const put = (p: TestProject, name: string, body: object = table(1)) =>
  http(h).put(`/api/jsonable/live/${name}`).set('X-API-Key', p.apiKey).send(body);
/** With the user's key and ?projectId=: a deleted project is a 404 (its own key would be a 401). */
const putAsUser = (u: TestUser, p: TestProject, name: string, body: object = table(1)) =>
  http(h).put(`/api/jsonable/live/${name}?projectId=${p.id}`).set('X-API-Key', u.apiKey).send(body);
const render = (u: TestUser) => h.postTable(u.apiKey).send(smallTable);

async function usageOf(u: TestUser) {
  const registered = (await h.events('UserRegistered')).find((e) => e.data.userId === u.userId)!;
  const period = usagePeriodIndex(registered.data.registeredAt as string, h.deps.clock.now());
  return { stream: usageStream(u.userId, period), period };
}

/** Uses up all but `left` tables of the free plan's period (events as renders record them, without files). */
async function leaveTables(u: TestUser, left: number): Promise<number> {
  const allowance = planOf('free').tablesPerPeriod!;
  const { stream, period } = await usageOf(u);
  const at = h.deps.clock.now().toISOString();
  const events: NewEvent[] = Array.from({ length: allowance - left }, (_, i) => ({
    id: randomUUID(),
    type: 'TableRendered',
    data: renderedData(i, {
      imageId: randomUUID(),
      userId: u.userId,
      period,
      filename: `used-${i}.png`,
      blobKey: `images/used-${i}-${randomUUID()}.png`,
      requestHash: 'used',
      renderedAt: at,
    }),
  }));
  const appended = await h.deps.eventStore.append(stream, events, 'no_stream');
  await h.deps.waitForProjections(appended.position);
  return allowance;
}

/** Tables held and not yet used or released on the user's usage stream. */
async function heldTables(u: TestUser): Promise<number> {
  const { state } = await aggregateStream(h.deps.eventStore, (await usageOf(u)).stream, usageDecider);
  return state.reserved.size;
}

const liveState = async (projectId: string, name: string) =>
  (await aggregateStream(h.deps.eventStore, liveStream(projectId, name), liveDecider)).state;

/** Every file (images and twins) of the project's living-image versions, as recorded. */
async function versionFiles(projectId: string): Promise<string[]> {
  const keys = (await h.events('LiveImageVersionRendered'))
    .filter((e) => e.data.projectId === projectId)
    .map((e) => e.data.blobKey as string);
  return keys.flatMap((k) => [k, k.replace(/^images\//, 'twins/') + '.json']);
}
async function presentFiles(keys: string[]): Promise<string[]> {
  const present: string[] = [];
  for (const key of keys) if (await h.deps.blobs.head(key)) present.push(key);
  return present;
}
const allFiles = async () => [...(await h.blobKeys('images/')), ...(await h.blobKeys('twins/'))];

describe('the last table of the period (quota)', () => {
  it('two PUTs of different living images for one table left: one is rendered, the other 402, never over the quota', async () => {
    const u = await h.user('free');
    const p = await h.project(u);
    const allowance = await leaveTables(u, 1);
    const before = await allFiles();
    gate.hold(barrier(2));
    const [north, south] = await Promise.all([put(p, 'north', table(1)), put(p, 'south', table(2))]);
    gate.hold(null);
    expect([north.status, south.status].sort()).toEqual([201, 402]);
    const [winner, loser] = north.status === 201 ? ['north', south] : ['south', north];
    expect(loser.body.error.message).toMatch(/Upgrade your plan/);
    expect(await h.rendered(u.userId)).toHaveLength(allowance);
    expect((await http(h).get('/api/jsonable/user').set('Cookie', u.cookie)).body.usage_count).toBe(allowance);
    // The loser left no living image, no file and no held table.
    const loserName = winner === 'north' ? 'south' : 'north';
    expect((await liveState(p.id, loserName)).status).toBe('none');
    expect((await http(h).get(`/api/jsonable/live/${loserName}`).set('X-API-Key', p.apiKey)).status).toBe(404);
    const added = (await allFiles()).filter((k) => !before.includes(k));
    expect(added.sort()).toEqual((await versionFiles(p.id)).sort());
    expect(added).toHaveLength(2);
    expect(await heldTables(u)).toBe(0);
  });

  it('a PUT and a plain render for one table left: exactly one succeeds', async () => {
    const u = await h.user('free');
    const p = await h.project(u);
    const allowance = await leaveTables(u, 1);
    gate.hold(barrier(2));
    const [live, plain] = await Promise.all([put(p, 'board'), render(u)]);
    gate.hold(null);
    expect([live.status === 201, plain.status === 200].filter(Boolean)).toHaveLength(1);
    expect([live.status, plain.status]).toContain(402);
    expect(await h.rendered(u.userId)).toHaveLength(allowance);
    expect(await heldTables(u)).toBe(0);
  });

  it('any mix of PUTs and renders racing for the last tables lets exactly the tables left through (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.array(fc.constantFrom('put', 'render'), { minLength: 2, maxLength: 4 }),
        async (left, kinds) => {
          const u = await h.user('free');
          const p = await h.project(u);
          const allowance = await leaveTables(u, left);
          gate.hold(barrier(kinds.length));
          const answers = await Promise.all(
            kinds.map((kind, i) => (kind === 'put' ? put(p, `race-${i}`, table(i)) : render(u))),
          );
          gate.hold(null);
          const statuses = answers.map((a) => a.status);
          const ok = statuses.filter((s) => s === 200 || s === 201).length;
          expect(ok, statuses.join()).toBe(Math.min(left, kinds.length));
          expect(statuses.filter((s) => s === 402)).toHaveLength(kinds.length - ok);
          expect(await h.rendered(u.userId)).toHaveLength(allowance - left + ok);
          expect(await heldTables(u)).toBe(0);
          // Every living image that answered 402 left nothing behind.
          for (const [i, kind] of kinds.entries()) {
            if (kind === 'put' && answers[i]!.status === 402)
              expect((await liveState(p.id, `race-${i}`)).status).toBe('none');
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 120_000);
});

describe('a PUT racing the deletion of its project', () => {
  it('a PUT rendering while the project is deleted answers 404, counts nothing and leaves no living image or file', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const before = await allFiles();
    expect((await put(p, 'board', table(1))).status).toBe(201);

    // Both PUTs (a version of an existing living image, and a new one the deletion cannot know
    // of yet) are held in the renderer until the project's DELETE has answered.
    let arrived = 0;
    let reached!: () => void;
    const bothReached = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    gate.hold(async () => {
      if (++arrived === 2) reached();
      await released;
    });
    const putting = Promise.all([put(p, 'board', table(2)), put(p, 'fresh', table(3))]);
    await bothReached;
    gate.hold(null);
    expect((await http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', u.cookie)).status).toBe(200);
    release();
    const answers = await putting;
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, error: { code: 404, message: 'Project not found' } });
    }
    // Counted: the version rendered before the deletion only.
    expect(await h.rendered(u.userId)).toHaveLength(1);
    expect(await heldTables(u)).toBe(0);
    for (const name of ['board', 'fresh']) expect((await liveState(p.id, name)).status).not.toBe('active');
    expect(await allFiles()).toEqual(before);
    await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
    expect(await liveImagesWithFilesPending(h.deps.readModels, 100, null)).toEqual([]);
  });

  it("a deletion landing between the PUT's last check and its append: the PUT ends its own version and answers 404", async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const before = await allFiles();
    const store = h.deps.eventStore;
    // The project's deletion is appended just before the version: the PUT has checked the project.
    let fired = false;
    const racing = Object.create(store) as typeof store;
    racing.append = async (stream, events, expected) => {
      if (!fired && stream === liveStream(p.id, 'late') && events.some((e) => e.type === 'LiveImageVersionRendered')) {
        fired = true;
        await deleteProject({ ...h.deps, eventStore: store }, { projectId: p.id, userId: u.userId });
      }
      return store.append(stream, events, expected);
    };
    h.deps.eventStore = racing;
    let answer;
    try {
      answer = await put(p, 'late', table(1));
    } finally {
      h.deps.eventStore = store;
    }
    expect(fired).toBe(true);
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe('Project not found');
    expect(await h.rendered(u.userId)).toHaveLength(0);
    expect(await heldTables(u)).toBe(0);
    const state = await liveState(p.id, 'late');
    expect(state.status).toBe('deleted');
    expect(state.ended).toEqual([]);
    expect(await allFiles()).toEqual(before);
    await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
    // The read side never serves it: created after its project's deletion, it is a tombstone.
    expect((await http(h).get(`${p.endpointPath.replace('/api/jsonable/p/', '/live/')}/late.png`)).status).toBe(404);
    expect(
      (await liveImagesWithFilesPending(h.deps.readModels, 100, null)).filter((d) => d.projectId === p.id),
    ).toEqual([]);
  });

  it('whatever the interleaving, the project ends with no living image and no file; a PUT is 2xx (counted, then removed) or 404 (not counted) (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 120 }), fc.boolean(), async (delayMs, existing) => {
        const u = await h.user('premium');
        const p = await h.project(u);
        const before = await allFiles();
        if (existing) expect((await putAsUser(u, p, 'board', table(1))).status).toBe(201);
        const [answer, deleted] = await Promise.all([
          putAsUser(u, p, 'board', table(2)),
          new Promise((r) => setTimeout(r, delayMs)).then(() =>
            http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', u.cookie),
          ),
        ]);
        expect(deleted.status).toBe(200);
        expect([200, 201, 404], JSON.stringify(answer.body)).toContain(answer.status);
        const counted = (existing ? 1 : 0) + (answer.status === 404 ? 0 : 1);
        expect(await h.rendered(u.userId)).toHaveLength(counted);
        expect(await heldTables(u)).toBe(0);
        expect((await liveState(p.id, 'board')).status).not.toBe('active');
        expect(await allFiles()).toEqual(before);
        await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
        const pending = await liveImagesWithFilesPending(h.deps.readModels, 100, null);
        expect(pending.filter((d) => d.projectId === p.id)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});

/** The harness's blob store, with deletes that fail once `budget` of them have run (a process dying mid-way). */
function failingDeletes(inner: BlobStore, budget: number): BlobStore & { deletes: number } {
  const faulty = Object.create(inner) as BlobStore & { deletes: number };
  faulty.deletes = 0;
  faulty.delete = async (key: string) => {
    if (faulty.deletes >= budget) throw Object.assign(new Error('EIO: i/o error, unlink'), { code: 'EIO' });
    faulty.deletes++;
    return inner.delete(key);
  };
  return faulty;
}

describe("removal of a deleted project's living-image files", () => {
  it('cut short by a failing blob store, is finished by the sweep; the sweep is idempotent', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    await put(p, 'board', table(1));
    await put(p, 'board', table(2));
    await put(p, 'chart', table(3));
    const files = await versionFiles(p.id);
    expect(files).toHaveLength(6);
    expect(await presentFiles(files)).toHaveLength(6);

    const store = h.deps.blobs;
    h.deps.blobs = failingDeletes(store, 2);
    try {
      // The project is deleted (200) even though its files could not all be removed.
      expect((await http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', u.cookie)).status).toBe(200);
      const left = await presentFiles(files);
      expect(left.length).toBeGreaterThan(0);
      expect(left.length).toBeLessThan(6);
      // The sweep itself fails part-way too: what it did stays done, the rest waits for the next run.
      h.deps.blobs = failingDeletes(store, 1);
      await expect(sweepEndedLiveImages(h.deps)).rejects.toThrow(/left for the next run/);
    } finally {
      h.deps.blobs = store;
    }
    const swept = await sweepEndedLiveImages(h.deps);
    expect(swept.removed).toBeGreaterThan(0);
    expect(await presentFiles(files)).toEqual([]);
    const removed = (await h.events('LiveImageFilesRemoved')).filter((e) => e.data.projectId === p.id);
    expect(removed.flatMap((e) => e.data.versions as number[]).sort()).toEqual([1, 1, 2]);
    for (const name of ['board', 'chart']) expect((await liveState(p.id, name)).ended).toEqual([]);

    // Again: nothing to do, nothing appended.
    await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
    const head = await h.deps.eventStore.headPosition();
    expect(await sweepEndedLiveImages(h.deps)).toEqual({ ended: 0, removed: 0 });
    expect(await h.deps.eventStore.headPosition()).toBe(head);
    expect(await liveImagesWithFilesPending(h.deps.readModels, 100, null)).toEqual([]);
  });

  it('when the process died right after ProjectDeleted, the sweep ends the living images and removes their files, beside new renders', async () => {
    const u = await h.user('premium');
    const gone = await h.project(u, 'Gone');
    const kept = await h.project(u, 'Kept');
    const first = (await put(gone, 'board', table(1))).body as { url: string };
    await put(gone, 'board', table(2));
    await put(kept, 'board', table(3));
    const files = await versionFiles(gone.id);

    // What the DELETE route does first, and nothing after it (the process died).
    const { position } = await deleteProject(h.deps, { projectId: gone.id, userId: u.userId });
    await h.deps.waitForProjections(position);
    expect((await liveState(gone.id, 'board')).status).toBe('active');
    // The read side already stops serving it.
    expect((await http(h).get(new URL(first.url).pathname)).status).toBe(404);
    expect(await presentFiles(files)).toHaveLength(4);

    // The sweep runs while the other project takes new versions and plain renders go on.
    const [swept, ...answers] = await Promise.all([
      sweepEndedLiveImages(h.deps),
      put(kept, 'board', table(4)),
      put(kept, 'other', table(5)),
      render(u),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 201, 200]);
    expect(swept).toEqual({ ended: 1, removed: 2 });
    expect((await liveState(gone.id, 'board')).status).toBe('deleted');
    expect(await presentFiles(files)).toEqual([]);
    const keptFiles = await versionFiles(kept.id);
    expect(keptFiles).toHaveLength(6);
    expect(await presentFiles(keptFiles)).toHaveLength(6);
    const served = (await http(h).get('/api/jsonable/live/board').set('X-API-Key', kept.apiKey)).body as {
      currentVersion: number;
    };
    expect(served.currentVersion).toBe(2);
  });
});
