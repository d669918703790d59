/**
 * Split living images over HTTP (issue #25: "Works for living images too (versions hold all
 * pages)"): a PUT with options.split records one version of several pages, each counted; the
 * stable URL serves page 1 and …/p/{i}.{ext} page i of the current version (revalidated, 304),
 * …/v/{n}/p/{i}.{ext} page i of version n (immutable); a split over the remaining allowance is
 * refused whole; rollback, retention and delete take every page along; other accounts get 404.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { liveImageSchema, putLiveImageResponseSchema } from '@jsonable/contracts/live';
import { purgeExpiredLiveVersions } from '../src/routes/live/live-retention';
import { givenRenderHarness, http, PUBLIC_URL, verifyReplay, smallTable, type TestProject } from './render.harness';

const h = givenRenderHarness();

/** `rows` rows named Item 1…n, split into images of `maxRows` (SVG: its text is searchable). */
const table = (rows: number, maxRows: number | null, format = 'svg') => ({
  title: 'Board',
  headers: ['Name', 'Qty'],
  rows: Array.from({ length: rows }, (_, i) => [`Item ${i + 1}`, i + 1]),
  options: { format, ...(maxRows === null ? {} : { split: { maxRows } }) },
});
const put = (p: TestProject, name: string, body: object) =>
  http(h).put(`/api/jsonable/live/${name}`).set('X-API-Key', p.apiKey).send(body);
const path = (url: string) => url.slice(PUBLIC_URL.length);
const text = async (url: string) => {
  const res = await http(h).get(path(url)).buffer(true);
  expect(res.status, url).toBe(200);
  return Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
};
const itemsIn = (svg: string) => [...svg.matchAll(/>Item (\d+)</g)].map((m) => Number(m[1]));
const keysOf = async (projectId: string, name: string) =>
  (await h.events('LiveImageVersionRendered'))
    .filter((e) => e.data.projectId === projectId && e.data.name === name)
    .map((e) => ({
      version: e.data.version as number,
      keys: [
        e.data.blobKey as string,
        ...((e.data.pages as { blobKey: string }[] | undefined) ?? []).map((p) => p.blobKey),
      ],
    }));
const twinOf = (key: string) => key.replace(/^images\//, 'twins/') + '.json';

describe('a split version of a living image', () => {
  it('holds every page, counts each, serves page 1 at the stable URL and page i at …/p/{i}', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const res = await put(p, 'stock', table(5, 2));
    expect(res.status).toBe(201);
    const body = putLiveImageResponseSchema.strict().parse(res.body);
    const slug = p.endpointPath.replace('/api/jsonable/p/', '');
    const base = `${PUBLIC_URL}/live/${slug}/stock`;
    expect(body.url).toBe(`${base}.svg`);
    expect(body.versionUrl).toBe(`${base}/v/1.svg`);
    expect(body.pages!.map((pg) => [pg.page, pg.url, pg.versionUrl])).toEqual([
      [1, `${base}/p/1.svg`, `${base}/v/1/p/1.svg`],
      [2, `${base}/p/2.svg`, `${base}/v/1/p/2.svg`],
      [3, `${base}/p/3.svg`, `${base}/v/1/p/3.svg`],
    ]);
    // Each page is counted; the version is one LiveImageVersionRendered holding all of them.
    const rendered = await h.rendered(u.userId);
    expect(rendered).toHaveLength(3);
    expect(rendered.every((e) => (e.data.live as { name: string }).name === 'stock')).toBe(true);
    expect((await http(h).get('/api/jsonable/user').set('Cookie', u.cookie)).body.usage_count).toBe(3);
    const [version] = await keysOf(p.id, 'stock');
    expect(version!.keys).toHaveLength(3);
    expect(new Set(version!.keys).size).toBe(3);
    expect(rendered.map((e) => e.data.blobKey)).toEqual(version!.keys);
    // Not listed among the images.
    expect((await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie)).body).toEqual([]);

    // Page 1 at the stable URL and at /p/1; each page its rows, the header and its number.
    const stable = await text(body.url);
    expect(stable).toBe(await text(body.pages![0]!.url));
    const pages = await Promise.all(body.pages!.map((pg) => text(pg.url)));
    pages.forEach((svg, i) => {
      expect(svg).toContain('>Name<');
      expect(svg).toContain(`Page ${i + 1} of 3`);
    });
    expect(pages.map(itemsIn)).toEqual([[1, 2], [3, 4], [5]]);
    for (const pg of body.pages!) expect(await text(pg.versionUrl)).toBe(pages[pg.page - 1]);
    // Each page's CSV twin holds that page's rows.
    expect(await text(`${base}/p/2.csv`)).toMatch(/^Name,Qty\r\nItem 3,3\r\nItem 4,4\r\n$/);

    // The listing shows the version's pages with their immutable URLs.
    const live = liveImageSchema.parse((await http(h).get('/api/jsonable/live/stock').set('X-API-Key', p.apiKey)).body);
    expect(live.versions[0]!.pages!.map((pg) => [pg.page, pg.url, pg.rows])).toEqual([
      [1, `${base}/v/1/p/1.svg`, 2],
      [2, `${base}/v/1/p/2.svg`, 2],
      [3, `${base}/v/1/p/3.svg`, 1],
    ]);
    expect(live.versions[0]!.url).toBe(body.versionUrl);
  });

  it('revalidates each page of the current version (304), keeps version pages immutable, and follows a new version', async () => {
    const u = await h.user('premium');
    const p = await h.project(u);
    const v1 = putLiveImageResponseSchema.parse((await put(p, 'flow', table(9, 3))).body);
    expect(v1.pages).toHaveLength(3);
    const page2 = await http(h).get(path(v1.pages![1]!.url));
    expect(page2.status).toBe(200);
    expect(page2.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(page2.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const etag = page2.headers.etag!;
    expect(etag).not.toBe((await http(h).get(path(v1.url))).headers.etag);
    expect((await http(h).get(path(v1.pages![1]!.url)).set('If-None-Match', etag)).status).toBe(304);
    const fixed = await http(h).get(path(v1.pages![1]!.versionUrl));
    expect(fixed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fixed.headers.etag).toBe(etag);
    expect((await http(h).get(path(v1.pages![1]!.versionUrl)).set('If-None-Match', etag)).status).toBe(304);

    // A new split version: the stable page URL changes file (200, new ETag), version 1's stays.
    const v2 = putLiveImageResponseSchema.parse((await put(p, 'flow', table(4, 2))).body);
    expect(v2.version).toBe(2);
    expect(v2.pages!.map((pg) => pg.url)).toEqual(v1.pages!.slice(0, 2).map((pg) => pg.url));
    const after = await http(h).get(path(v1.pages![1]!.url)).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(itemsIn(await text(v1.pages![1]!.url))).toEqual([3, 4]);
    expect(itemsIn(await text(v1.pages![1]!.versionUrl))).toEqual([4, 5, 6]);
    // Version 2 has two pages: page 3 of the current version is gone, version 1's is not.
    const gone = await http(h).get(path(v1.pages![2]!.url));
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Page 3 does not exist: this version of the living image has 2 pages');
    expect((await http(h).get(path(v1.pages![2]!.versionUrl))).status).toBe(200);
    // A one-image version: its page 1 is the stable URL; page 2 is gone.
    const v3 = putLiveImageResponseSchema.parse((await put(p, 'flow', table(2, null))).body);
    expect(v3.pages).toBeUndefined();
    expect(await text(`${v3.url.replace(/\.svg$/, '')}/p/1.svg`)).toBe(await text(v3.url));
    expect((await http(h).get(path(v1.pages![1]!.url))).status).toBe(404);
    expect(await h.rendered(u.userId)).toHaveLength(6);
  });

  it('refuses a split over the remaining allowance whole: 402, no version, nothing counted or stored', async () => {
    const u = await h.user('free'); // 25 tables per period
    const p = await h.project(u);
    for (let i = 0; i < 22; i++) expect((await put(p, 'fill', smallTable)).status).toBeLessThan(300);
    const filesBefore = await h.blobKeys('images/');
    const refused = await put(p, 'tight', table(8, 2)); // 4 pages, 3 left
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/splits into 4 images .* 3 tables left/);
    expect(await h.rendered(u.userId)).toHaveLength(22);
    expect(await h.blobKeys('images/')).toEqual(filesBefore);
    expect(await keysOf(p.id, 'tight')).toEqual([]);
    expect((await http(h).get('/api/jsonable/live/tight').set('X-API-Key', p.apiKey)).status).toBe(404);
    const fits = await put(p, 'tight', table(6, 2)); // 3 pages, 3 left
    expect(fits.status).toBe(201);
    expect(fits.body.pages).toHaveLength(3);
    expect(await h.rendered(u.userId)).toHaveLength(25);
    expect((await put(p, 'tight', table(2, 1))).status).toBe(402);
    expect(await h.rendered(u.userId)).toHaveLength(25);
  });

  it("answers 404 for other accounts' projects and for hostile page URLs, never 500", async () => {
    const owner = await h.user('premium');
    const other = await h.user('premium');
    const p = await h.project(owner);
    expect((await put(p, 'kpi', table(4, 2))).status).toBe(201);
    const byOther = await http(h)
      .put(`/api/jsonable/live/kpi?projectId=${p.id}`)
      .set('X-API-Key', other.apiKey)
      .send(table(4, 2));
    expect(byOther.status).toBe(404);
    expect(await h.rendered(other.userId)).toHaveLength(0);
    const slug = p.endpointPath.replace('/api/jsonable/p/', '');
    expect((await http(h).get(`/live/${slug}/kpi/p/2.svg`)).status).toBe(200);
    for (const url of [
      `/live/${slug}x/kpi/p/2.svg`,
      `/live/${slug}/kpj/p/2.svg`,
      `/live/${slug}/kpi/p/3.svg`,
      `/live/${slug}/kpi/p/2.png`,
      `/live/${slug}/kpi/p/0.svg`,
      `/live/${slug}/kpi/p/02.svg`,
      `/live/${slug}/kpi/p/9999.svg`,
      `/live/${slug}/kpi/p/-1.svg`,
      `/live/${slug}/kpi/p/2`,
      `/live/${slug}/kpi/v/2/p/1.svg`,
      `/live/${slug}/kpi/v/0/p/1.svg`,
      `/live/${slug}/kpi/v/x/p/1.svg`,
      `/live/${slug}/kpi/v/1e3/p/1.svg`,
      `/live/${slug}/kpi/v/1/p/3.svg`,
      `/live/${slug}/KPI/p/1.svg`,
    ]) {
      expect((await http(h).get(url)).status, url).toBe(404);
    }
    // Any page segment at all: 200 for the two pages, 404 for everything else.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), async (segment) => {
        const res = await http(h).get(`/live/${slug}/kpi/p/${encodeURIComponent(segment)}`);
        expect([200, 404], segment).toContain(res.status);
        if (res.status === 200) expect(['1.svg', '2.svg', '1.csv', '2.csv', '1.html', '2.html']).toContain(segment);
      }),
      { numRuns: 60 },
    );
  });

  it('rolls back to a split version with all its pages; retention and delete remove every page file', async () => {
    const u = await h.user('free'); // versions kept 30 days
    const p = await h.project(u);
    const v1 = putLiveImageResponseSchema.parse((await put(p, 'report', table(6, 2))).body);
    await put(p, 'report', table(1, null));
    expect((await http(h).get(path(v1.pages![2]!.url))).status).toBe(404);
    const rollback = await http(h)
      .post(`/api/jsonable/live/report/rollback?projectId=${p.id}`)
      .set('Cookie', u.cookie)
      .send({ version: 1 });
    expect(rollback.status).toBe(200);
    for (const pg of v1.pages!) {
      const [latest, fixed] = await Promise.all([http(h).get(path(pg.url)), http(h).get(path(pg.versionUrl))]);
      expect(latest.status).toBe(200);
      expect(latest.headers.etag).toBe(fixed.headers.etag);
    }
    // Version 3 becomes current; version 1 (split) is neither current nor newest, so retention may purge it.
    await put(p, 'report', table(1, null));
    const [first] = await keysOf(p.id, 'report');
    expect(first!.keys).toHaveLength(3);
    for (const key of first!.keys) expect(await h.deps.blobs.head(twinOf(key))).not.toBeNull();
    h.advance(31 * 24 * 60 * 60 * 1000);
    try {
      // (The job also purges other tests' old versions: this test looks at its own.)
      await purgeExpiredLiveVersions(h.deps);
      await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
      expect(
        (await h.events('LiveImageVersionsPurged'))
          .filter((e) => e.data.projectId === p.id)
          .map((e) => e.data.versions),
      ).toEqual([[1, 2]]);
      for (const key of first!.keys) {
        expect(await h.deps.blobs.head(key), key).toBeNull();
        expect(await h.deps.blobs.head(twinOf(key)), twinOf(key)).toBeNull();
      }
      for (const pg of v1.pages!) expect((await http(h).get(path(pg.versionUrl))).status).toBe(404);
    } finally {
      h.advance(-31 * 24 * 60 * 60 * 1000);
    }

    // A split current version: delete removes all its pages' files.
    const v4 = putLiveImageResponseSchema.parse((await put(p, 'report', table(4, 2))).body);
    const all = (await keysOf(p.id, 'report')).flatMap((v) => v.keys);
    const remaining = all.filter((k) => !first!.keys.includes(k));
    expect(remaining).toHaveLength(1 + 1 + 2);
    expect((await http(h).delete(`/api/jsonable/live/report?projectId=${p.id}`).set('Cookie', u.cookie)).status).toBe(
      200,
    );
    for (const key of remaining) {
      expect(await h.deps.blobs.head(key), key).toBeNull();
      expect(await h.deps.blobs.head(twinOf(key)), twinOf(key)).toBeNull();
    }
    for (const pg of v4.pages!) {
      expect((await http(h).get(path(pg.url))).status).toBe(404);
      expect((await http(h).get(path(pg.versionUrl))).status).toBe(404);
    }
  });

  it('rebuilds the living images read model from the events, pages included (replay --verify)', async () => {
    expect(await verifyReplay(h)).toMatch(/live-images@v\d+\s+ok: \d+ documents identical/);
  });
});
