/**
 * Living images (issue #25) over HTTP: PUT renders counted versions, the stable URL serves the
 * current one with revalidation, version URLs are immutable, rollback, delete, If-Match, retention,
 * and every route refuses other accounts' projects and names with 404.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  putLiveImageResponseSchema,
  liveImageListSchema,
  liveImageSchema,
  rollbackLiveImageResponseSchema,
} from '@jsonable/contracts/live';
import { purgeExpiredLiveVersions } from '../src/routes/live/live-retention';
import type { TableRenderer } from '@jsonable/domain/ports';
import { createRenderPool } from '@jsonable/render/pool/index';
import {
  givenRenderHarness,
  http,
  PUBLIC_URL,
  setPlan,
  smallTable,
  startRenderHarness,
  verifyReplay,
  type RenderHarness,
  type TestProject,
} from './render.harness';

const h = givenRenderHarness();

const table = (n: number) => ({
  title: `Sales ${n}`,
  headers: ['Region', 'Total'],
  rows: [
    ['North', String(n)],
    ['South', String(n * 2)],
  ],
});
const put = (p: TestProject, name: string, body: object = table(1)) =>
  http(h).put(`/api/jsonable/live/${name}`).set('X-API-Key', p.apiKey).send(body);
const path = (url: string) => url.slice(PUBLIC_URL.length);

describe('PUT /api/jsonable/live/{name}', () => {
  it('creates the living image, then renders new versions; the stable URL follows, version URLs stay', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const first = await put(p, 'daily-sales', table(1));
    expect(first.status).toBe(201);
    const one = putLiveImageResponseSchema.parse(first.body);
    const slug = p.endpointPath.replace('/api/jsonable/p/', '');
    expect(one).toMatchObject({
      version: 1,
      created: true,
      url: `${PUBLIC_URL}/live/${slug}/daily-sales.png`,
      versionUrl: `${PUBLIC_URL}/live/${slug}/daily-sales/v/1.png`,
    });
    const second = await put(p, 'daily-sales', table(2));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ version: 2, created: false, url: one.url });
    expect(second.body.liveImage.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const latest = await http(h).get(path(one.url));
    expect(latest.status).toBe(200);
    expect(latest.headers['content-type']).toBe('image/png');
    expect(latest.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const v1 = await http(h).get(path(one.versionUrl));
    expect(v1.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(latest.body as Buffer, v1.body as Buffer)).not.toBe(0);
    const v2 = await http(h).get(path(second.body.versionUrl));
    expect(Buffer.compare(latest.body as Buffer, v2.body as Buffer)).toBe(0);

    // Revalidation: the same ETag gives 304 until a new version, then the new file.
    const etag = latest.headers.etag!;
    expect((await http(h).get(path(one.url)).set('If-None-Match', etag)).status).toBe(304);
    await put(p, 'daily-sales', table(3));
    const after = await http(h).get(path(one.url)).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);

    // Versions are counted as renders and recorded on the living image's stream, not listed as images.
    const rendered = await h.rendered(u.userId);
    expect(rendered).toHaveLength(3);
    expect(rendered.every((e) => (e.data.live as { name: string }).name === 'daily-sales')).toBe(true);
    const live = (await h.events()).filter((e) => e.streamId === `live-${p.id}-daily-sales`).map((e) => e.type);
    expect(live).toEqual([
      'LiveImageCreated',
      'LiveImageVersionRendered',
      'LiveImageVersionRendered',
      'LiveImageVersionRendered',
    ]);
    const images = await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie);
    expect(images.body).toEqual([]);
    const usage = await http(h).get('/api/jsonable/user').set('Cookie', u.cookie);
    expect(usage.body.usage_count).toBe(3);
  });

  it('takes a user key or the session with projectId, and refuses without a project', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const byKey = await http(h)
      .put(`/api/jsonable/live/board?projectId=${p.id}`)
      .set('Authorization', `Bearer ${u.apiKey}`)
      .send(smallTable);
    expect(byKey.status).toBe(201);
    const bySession = await http(h)
      .put(`/api/jsonable/live/board?projectId=${p.id}`)
      .set('Cookie', u.cookie)
      .send(smallTable);
    expect(bySession.status).toBe(200);
    expect(bySession.body.liveImage.versions.map((v: { by: string }) => v.by)).toEqual(['session', 'user_key']);
    const none = await http(h).put('/api/jsonable/live/board').set('X-API-Key', u.apiKey).send(smallTable);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/projectId/);
    expect((await http(h).put('/api/jsonable/live/board').send(smallTable)).status).toBe(401);
    expect((await http(h).put('/api/jsonable/live/board').set('X-API-Key', 'jsk_nope').send(smallTable)).status).toBe(
      401,
    );
  });

  it("answers 404 for another account's project, name and version, and for a project key used on another project", async () => {
    const owner = await h.user('premium');
    const other = await h.user('premium');
    const p = await h.project(owner);
    const q = await h.project(other);
    const made = await put(p, 'kpi');
    expect(made.status).toBe(201);
    const otherKey = (req: ReturnType<ReturnType<typeof http>['get']>) => req.set('X-API-Key', other.apiKey);
    expect((await otherKey(http(h).get(`/api/jsonable/live/kpi?projectId=${p.id}`))).status).toBe(404);
    expect(
      (await http(h).put(`/api/jsonable/live/kpi?projectId=${p.id}`).set('X-API-Key', other.apiKey).send(smallTable))
        .status,
    ).toBe(404);
    expect((await http(h).delete(`/api/jsonable/live/kpi?projectId=${p.id}`).set('Cookie', other.cookie)).status).toBe(
      404,
    );
    expect(
      (
        await http(h)
          .post(`/api/jsonable/live/kpi/rollback?projectId=${p.id}`)
          .set('Cookie', other.cookie)
          .send({ version: 1 })
      ).status,
    ).toBe(404);
    // q's project key cannot name p, and q has no living image of that name.
    expect((await http(h).get(`/api/jsonable/live/kpi?projectId=${p.id}`).set('X-API-Key', q.apiKey)).status).toBe(404);
    expect((await http(h).get('/api/jsonable/live/kpi').set('X-API-Key', q.apiKey)).status).toBe(404);
    expect((await http(h).get('/api/jsonable/live').set('X-API-Key', q.apiKey)).body).toEqual([]);
    // Nothing was counted for the refused calls.
    expect(await h.rendered(other.userId)).toHaveLength(0);
    // Public URLs: unknown slug, unknown name, unknown version, wrong extension.
    const slug = p.endpointPath.replace('/api/jsonable/p/', '');
    for (const url of [
      `/live/${slug}x/kpi.png`,
      `/live/${slug}/kpj.png`,
      `/live/${slug}/kpi/v/2.png`,
      `/live/${slug}/kpi.svg`,
      `/live/${slug}/KPI.png`,
      `/live/${slug}/kpi/v/0.png`,
    ]) {
      expect((await http(h).get(url)).status, url).toBe(404);
    }
  });

  it('refuses hostile names and bodies with 400 and counts nothing', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    for (const name of ['Upper', '-lead', 'trail-', 'a'.repeat(65), 'dots.png', '%2e%2e', 'sp%20ace', 'ünï']) {
      const res = await put(p, name);
      expect(res.status, name).toBe(400);
    }
    for (const body of [
      {},
      { data: 'x' },
      { headers: ['a'], rows: 'nope' },
      { data: [{ a: 1 }], styles: { headerBg: 'red;' } },
    ]) {
      expect((await put(p, 'ok', body)).status).toBe(400);
    }
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    expect((await put(p, 'ok', { data: [{ a: deep }] })).status).toBe(400);
    expect((await put(p, 'ok').set('If-Match', 'banana')).status).toBe(400);
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });

  it('accepts exactly the names of the pattern (property)', async () => {
    const { checkedLiveName } = await import('../src/routes/live/live.routes');
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        const ok = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/.test(name);
        if (ok) expect(checkedLiveName(name)).toBe(name);
        else expect(() => checkedLiveName(name)).toThrow(/lowercase/);
      }),
    );
  });
});

describe('quota, concurrency and If-Match', () => {
  it('counts each version against the plan and answers 402 at the limit', async () => {
    const u = await h.user('free'); // 25
    const p = await h.project(u);
    for (let i = 0; i < 24; i++) expect((await h.postTable(u.apiKey).send(smallTable)).status).toBe(200);
    expect((await put(p, 'last')).status).toBe(201);
    const refused = await put(p, 'last');
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/Upgrade your plan/);
    const live = (await http(h).get('/api/jsonable/live/last').set('X-API-Key', p.apiKey)).body;
    expect(live.latestVersion).toBe(1);
  });

  it('two PUTs at once take versions 1 and 2; with the same If-Match one wins and the other gets 409 uncounted', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const both = await Promise.all([put(p, 'race', table(1)), put(p, 'race', table(2))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both.map((r) => r.body.version).sort()).toEqual([1, 2]);
    const guarded = await Promise.all([
      put(p, 'race', table(3)).set('If-Match', '"2"'),
      put(p, 'race', table(4)).set('If-Match', '2'),
    ]);
    expect(guarded.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = guarded.find((r) => r.status === 409)!;
    expect(conflict.body.error.message).toMatch(/version 3, not 2/);
    expect(await h.rendered(u.userId)).toHaveLength(3);
    expect((await put(p, 'race').set('If-Match', '3')).status).toBe(200);
    expect((await put(p, 'fresh').set('If-Match', '*')).status).toBe(409);
    expect((await put(p, 'fresh').set('If-Match', '1')).status).toBe(409);
  });
});

describe("a version's alt text", () => {
  it('is rewritten by the owner (key or session) for one version, with one event; others get 404, bad text 400', async () => {
    const u = await h.user('premium');
    const other = await h.user('premium');
    const p = await h.project(u);
    const q = await h.project(other);
    await put(p, 'kpi', table(1));
    const made = putLiveImageResponseSchema.parse((await put(p, 'kpi', table(2))).body);
    const generated = made.liveImage.versions.find((v) => v.version === 1)!.altText;
    expect(generated).toMatch(/Sales 1/);
    const patch = (version: string | number, body: unknown) =>
      http(h)
        .patch(`/api/jsonable/live/kpi/versions/${version}?projectId=${p.id}`)
        .set('Cookie', u.cookie)
        .send(body as object);

    const res = await patch(1, { altText: '  Sales by region on Monday  ' });
    expect(res.status).toBe(200);
    const live = liveImageSchema.parse(res.body);
    expect(live.versions.map((v) => [v.version, v.altText])).toEqual([
      [2, made.liveImage.versions[0]!.altText],
      [1, 'Sales by region on Monday'],
    ]);
    // The project key may do it too; the same text again appends nothing.
    const byKey = await http(h).patch('/api/jsonable/live/kpi/versions/1').set('X-API-Key', p.apiKey).send({
      altText: 'Sales by region on Monday',
    });
    expect(byKey.status).toBe(200);
    const changed = (await h.events('LiveImageAltTextChanged')).filter((e) => e.data.projectId === p.id);
    expect(changed.map((e) => e.data)).toEqual([
      expect.objectContaining({ name: 'kpi', version: 1, altText: 'Sales by region on Monday' }),
    ]);
    // Listed with the living image; the HTML twin of a table without a title would caption with it.
    const got = liveImageSchema.parse(
      (await http(h).get(`/api/jsonable/live/kpi?projectId=${p.id}`).set('Cookie', u.cookie)).body,
    );
    expect(got.versions.find((v) => v.version === 1)!.altText).toBe('Sales by region on Monday');

    // Other accounts: their session, their user key, their project key → 404; nothing changes.
    const hostile = [
      http(h).patch(`/api/jsonable/live/kpi/versions/1?projectId=${p.id}`).set('Cookie', other.cookie),
      http(h).patch(`/api/jsonable/live/kpi/versions/1?projectId=${p.id}`).set('X-API-Key', other.apiKey),
      http(h).patch(`/api/jsonable/live/kpi/versions/1?projectId=${p.id}`).set('X-API-Key', q.apiKey),
      http(h).patch('/api/jsonable/live/kpi/versions/1').set('X-API-Key', q.apiKey),
    ];
    for (const req of hostile) expect((await req.send({ altText: 'pwned' })).status).toBe(404);
    expect((await http(h).patch('/api/jsonable/live/kpi/versions/1').send({ altText: 'x' })).status).toBe(401);
    // Unknown, malformed or huge version numbers and unknown names → 404.
    for (const version of ['3', '0', '-1', 'x', '1.5', '99999999999', '%20']) {
      expect((await patch(version, { altText: 'x' })).status, version).toBe(404);
    }
    expect(
      (
        await http(h)
          .patch(`/api/jsonable/live/kpj/versions/1?projectId=${p.id}`)
          .set('Cookie', u.cookie)
          .send({ altText: 'x' })
      ).status,
    ).toBe(404);
    // Empty, blank, oversize, wrong types and unknown keys → 400.
    for (const body of [
      {},
      { altText: '' },
      { altText: '   ' },
      { altText: 'a'.repeat(1001) },
      { altText: 7 },
      { altText: null },
      { altText: ['a'] },
      { altText: 'ok', extra: true },
    ]) {
      expect((await patch(1, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await patch(1, { altText: 'a'.repeat(1000) })).status).toBe(200);
    const final = liveImageSchema.parse(
      (await http(h).get(`/api/jsonable/live/kpi?projectId=${p.id}`).set('Cookie', u.cookie)).body,
    );
    expect(final.versions.find((v) => v.version === 1)!.altText).toBe('a'.repeat(1000));
    expect(final.versions.find((v) => v.version === 2)!.altText).toBe(made.liveImage.versions[0]!.altText);
    // A deleted living image's versions cannot be edited.
    await http(h).delete(`/api/jsonable/live/kpi?projectId=${p.id}`).set('Cookie', u.cookie);
    expect((await patch(1, { altText: 'after' })).status).toBe(404);
  });
});

describe('If-Match across two API instances sharing one data folder', () => {
  /** Holds renders, once armed, until `parties` have arrived: every PUT has passed its If-Match check. */
  function barrier(inner: TableRenderer) {
    let parties = 0;
    let waiting: Array<() => void> = [];
    return {
      arm(n: number) {
        parties = n;
      },
      renderer: {
        async render(...args: Parameters<TableRenderer['render']>) {
          if (parties > 0) {
            await new Promise<void>((resolve) => {
              waiting.push(resolve);
              if (waiting.length === parties) {
                parties = 0;
                for (const go of waiting) go();
                waiting = [];
              }
            });
          }
          return inner.render(...args);
        },
        close: async () => {},
      } satisfies TableRenderer,
    };
  }

  it('lets exactly one of two PUTs with the same If-Match win, one per instance; the loser is 409, uncounted, its files gone', async () => {
    // Its own render pool (the barrier wraps it) and two apps: more set-up than the other tests.
    const pool = createRenderPool({ size: 1 });
    await pool.ready();
    const gate = barrier(pool);
    const a = await startRenderHarness({ renderer: gate.renderer });
    const b = await startRenderHarness({ renderer: gate.renderer, dir: a.dir });
    try {
      const u = await a.user('premium');
      const p = (await http(a).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Replicas' }))
        .body as TestProject;
      const putOn = (instance: RenderHarness, n: number) =>
        http(instance).put('/api/jsonable/live/board').set('X-API-Key', p.apiKey).send(table(n));
      expect((await putOn(a, 1)).status).toBe(201);
      await b.deps.waitForProjections(await b.deps.eventStore.headPosition(), 10_000);

      // Both pass the If-Match check before either renders; the append to the living image's
      // stream (expected revision) decides, across the two instances' own in-process locks.
      gate.arm(2);
      const raced = await Promise.all([putOn(a, 2).set('If-Match', '"1"'), putOn(b, 3).set('If-Match', '"1"')]);
      expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = raced.find((r) => r.status === 409)!;
      expect(loser.body.error.message).toMatch(/version 2, not 1/);
      expect((await a.rendered(u.userId)).length).toBe(2);
      const versions = (await a.events('LiveImageVersionRendered')).map((e) => e.data.blobKey as string);
      expect(versions).toHaveLength(2);
      expect(await a.blobKeys('images/')).toEqual([...versions].sort());

      // Without If-Match both win, one version after the other, each counted once.
      gate.arm(2);
      const both = await Promise.all([putOn(a, 4), putOn(b, 5)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both.map((r) => r.body.version).sort()).toEqual([3, 4]);
      expect((await a.rendered(u.userId)).length).toBe(4);
      const user = await http(b).get('/api/jsonable/user').set('Cookie', u.cookie);
      expect(user.body.usage_count).toBe(4);
      const live = liveImageSchema.parse(
        (await http(b).get('/api/jsonable/live/board').set('X-API-Key', p.apiKey)).body,
      );
      expect(live.versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    } finally {
      await b.close();
      await a.close();
      await pool.close();
    }
  }, 120_000);
});

describe('rollback, delete and retention', () => {
  it('rolls the stable URL back to an earlier version and forward again; delete ends every URL and file', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const v1 = (await put(p, 'report', table(1))).body;
    await put(p, 'report', table(2));
    const rollback = await http(h)
      .post(`/api/jsonable/live/report/rollback?projectId=${p.id}`)
      .set('Cookie', u.cookie)
      .send({ version: 1 });
    expect(rollback.status).toBe(200);
    expect(rollbackLiveImageResponseSchema.parse(rollback.body)).toMatchObject({
      version: 1,
      liveImage: { currentVersion: 1, latestVersion: 2 },
    });
    const latest = await http(h).get(path(v1.url));
    const first = await http(h).get(path(v1.versionUrl));
    expect(latest.headers.etag).toBe(first.headers.etag);
    expect(
      (
        await http(h)
          .post(`/api/jsonable/live/report/rollback?projectId=${p.id}`)
          .set('Cookie', u.cookie)
          .send({ version: 7 })
      ).status,
    ).toBe(404);
    expect(
      (
        await http(h)
          .post(`/api/jsonable/live/report/rollback?projectId=${p.id}`)
          .set('Cookie', u.cookie)
          .send({ version: 'x' })
      ).status,
    ).toBe(400);
    // A new version after a rollback is the newest number and becomes current.
    expect((await put(p, 'report', table(3))).body).toMatchObject({ version: 3, liveImage: { currentVersion: 3 } });
    const list = liveImageListSchema.parse(
      (await http(h).get(`/api/jsonable/live?projectId=${p.id}`).set('Cookie', u.cookie)).body,
    );
    expect(list.map((l) => l.name)).toEqual(['report']);

    const blobsBefore = (await h.events('LiveImageVersionRendered'))
      .filter((e) => e.data.projectId === p.id)
      .map((e) => e.data.blobKey as string);
    expect((await http(h).delete(`/api/jsonable/live/report?projectId=${p.id}`).set('Cookie', u.cookie)).status).toBe(
      200,
    );
    expect((await http(h).get(path(v1.url))).status).toBe(404);
    expect((await http(h).get(path(v1.versionUrl))).status).toBe(404);
    expect((await http(h).get(`/api/jsonable/live/report?projectId=${p.id}`).set('Cookie', u.cookie)).status).toBe(404);
    for (const key of blobsBefore) expect(await h.deps.blobs.head(key)).toBeNull();
    // The name can be used again; its versions number on, so an old version URL never changes meaning.
    const again = await put(p, 'report', table(9));
    expect(again.body).toMatchObject({ created: true, version: 4 });
    expect((await http(h).get(path(v1.versionUrl))).status).toBe(404);
  });

  it("deleting a project ends its living images and removes every version's files; someone else's delete changes nothing", async () => {
    const u = await h.user('premium');
    const other = await h.user('premium');
    const p = await h.project(u);
    const kept = await h.project(u, 'Kept');
    const a = (await put(p, 'board', table(1))).body;
    await put(p, 'board', table(2));
    await put(p, 'chart', table(3));
    expect((await http(h).delete(`/api/jsonable/live/chart?projectId=${p.id}`).set('Cookie', u.cookie)).status).toBe(
      200,
    );
    await put(p, 'chart', table(4));
    const elsewhere = (await put(kept, 'board', table(5))).body;
    const keysOf = async (projectId: string) =>
      (await h.events('LiveImageVersionRendered'))
        .filter((e) => e.data.projectId === projectId)
        .map((e) => e.data.blobKey as string);
    const files = await keysOf(p.id);
    expect(files).toHaveLength(4);
    const twinOf = (key: string) => key.replace(/^images\//, 'twins/') + '.json';
    expect(await h.deps.blobs.head(twinOf(files[0]!))).not.toBeNull();

    // Another account's delete is a 404 and removes nothing.
    expect((await http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await http(h).get(path(a.url))).status).toBe(200);

    expect((await http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', u.cookie)).status).toBe(200);
    for (const key of files) {
      expect(await h.deps.blobs.head(key), key).toBeNull();
      expect(await h.deps.blobs.head(twinOf(key)), twinOf(key)).toBeNull();
    }
    expect((await http(h).get(path(a.url))).status).toBe(404);
    expect((await http(h).get(path(a.versionUrl))).status).toBe(404);
    const ended = (await h.events('LiveImageDeleted')).filter((e) => e.data.projectId === p.id);
    expect(ended.map((e) => e.data.name).sort()).toEqual(['board', 'chart', 'chart']);
    // The other project's living image of the same name is untouched.
    const [still] = await keysOf(kept.id);
    expect(await h.deps.blobs.head(still!)).not.toBeNull();
    expect((await http(h).get(path(elsewhere.url))).status).toBe(200);
  });

  it("purges versions past the plan's retention, never the current or the newest one", async () => {
    const u = await h.user('free'); // 30 days
    const p = await h.project(u);
    const v1 = (await put(p, 'old', table(1))).body;
    await put(p, 'old', table(2));
    await put(p, 'old', table(3));
    await http(h)
      .post(`/api/jsonable/live/old/rollback?projectId=${p.id}`)
      .set('X-API-Key', p.apiKey)
      .send({ version: 2 });
    h.advance(31 * 24 * 60 * 60 * 1000);
    try {
      expect(await purgeExpiredLiveVersions(h.deps)).toBe(1);
      await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
      const live = liveImageSchema.parse((await http(h).get('/api/jsonable/live/old').set('X-API-Key', p.apiKey)).body);
      expect(live.versions.map((v) => v.version)).toEqual([3, 2]);
      expect((await http(h).get(path(v1.versionUrl))).status).toBe(404);
      expect(
        (await h.events('LiveImageVersionsPurged'))
          .filter((e) => e.data.projectId === p.id)
          .map((e) => e.data.versions),
      ).toEqual([[1]]);
      expect(await purgeExpiredLiveVersions(h.deps)).toBe(0);
      // A plan with a longer retention keeps them.
      const keeper = await h.user('free');
      await setPlan(h, keeper.userId, 'business');
      const k = await h.project(keeper);
      await put(k, 'kept', table(1));
      await put(k, 'kept', table(2));
      await put(k, 'kept', table(3));
      h.advance(31 * 24 * 60 * 60 * 1000);
      expect(await purgeExpiredLiveVersions(h.deps)).toBe(0);
    } finally {
      h.advance(-62 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('replay', () => {
  it('rebuilds every read model, living images included, equal to the live ones (replay --verify)', async () => {
    expect(await verifyReplay(h)).toMatch(/live-images@v2\s+ok: \d+ documents identical/);
  });
});
