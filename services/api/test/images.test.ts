import { statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { purgeExpiredData, sweepExpired, sweepOrphanFiles, sweepOrphans } from '@jsonable/domain/images/maintenance';
import { getRequestData, saveRequestData } from '@jsonable/domain/images/request-data';
import { givenRenderHarness, http, smallTable, type TestUser } from './render.harness';

const h = givenRenderHarness();

const DAY = 24 * 60 * 60 * 1000;
const pathOf = (url: string) => new URL(url).pathname;

async function saved(u: TestUser, body: object = smallTable) {
  const res = await http(h).post('/api/jsonable/json-to-png').set('Cookie', u.cookie).send(body);
  expect(res.status).toBe(200);
  return res.body.image as { id: string; url: string; filename: string };
}

describe('GET /api/images/{filename}', () => {
  it('serves the file publicly with immutable caching, an ETag and 304, on both paths', async () => {
    const u = await h.user('premium');
    const image = await saved(u);
    for (const path of [`/api/images/${image.filename}`, `/api/jsonable/images/${image.filename}`]) {
      const res = await http(h).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^".+"$/);
      const again = await http(h).get(path).set('If-None-Match', res.headers.etag!);
      expect(again.status).toBe(304);
    }
  });

  it('a stored file shorter than its record answers an error, never a 200 cut short of its Content-Length', async () => {
    const u = await h.user('premium');
    const image = await saved(u);
    expect(await h.blobKeys(`images/${image.filename}`)).toEqual([`images/${image.filename}`]);
    const file = join(h.dir, 'blobs', 'images', `${image.filename}~blob`);
    truncateSync(file, statSync(file).size - 10);
    const res = await http(h).get(`/api/images/${image.filename}`);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, error: { code: 500 } });
  });

  it('answers 404 with the envelope for unknown names and anything that is not a plain file name', async () => {
    for (const path of [
      '/api/images/nope-1-0000000000000000.png',
      '/api/images/..%2F..%2Fevents.sqlite',
      '/api/images/%2e%2e%2fdata%2fx.json',
      '/api/images/UPPER.png',
      '/api/jsonable/images/x.exe',
    ]) {
      const res = await http(h).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ success: false, error: { code: 404, message: 'Image not found or deleted' } });
    }
  });

  it('never serves a file outside the images prefix, whatever the name', async () => {
    const u = await h.user('premium');
    const image = await saved(u);
    expect(await getRequestData(h.deps.docs, image.id)).not.toBeNull();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (name) => {
        const res = await http(h).get(`/api/images/${encodeURIComponent(name)}`);
        expect([404, 200]).toContain(res.status);
        if (res.status === 200) expect(res.headers['content-type']).not.toBe('application/json');
      }),
      { numRuns: 60 },
    );
    expect((await http(h).get(`/api/images/${encodeURIComponent('../events.sqlite')}`)).status).toBe(404);
  });
});

describe('user images', () => {
  it('lists only my images, newest first; deletion removes the file and its URL 404s', async () => {
    const [u, other] = [await h.user('premium'), await h.user('premium')];
    const first = await saved(u, { ...smallTable, title: 'First' });
    const second = await saved(u, { ...smallTable, title: 'Second' });
    const theirs = await saved(other);
    const list = await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(list.body[0]).toMatchObject({
      title: 'Second',
      url: second.url,
      public_url: second.url,
      format: 'png',
      user_id: u.userId,
    });

    expect((await http(h).delete(`/api/jsonable/user/images/${theirs.id}`).set('Cookie', u.cookie)).status).toBe(404);
    expect((await http(h).get(pathOf(theirs.url))).status).toBe(200);

    const res = await http(h).delete(`/api/jsonable/user/images/${first.id}`).set('Cookie', u.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const gone = await http(h).get(pathOf(first.url));
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Image not found or deleted');
    expect(await h.deps.blobs.head(`images/${first.filename}`)).toBeNull();
    expect(await getRequestData(h.deps.docs, first.id)).toBeNull();
    const after = await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie);
    expect(after.body.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await h.events('ImageDeleted')).some((e) => e.streamId === `image-${first.id}`)).toBe(true);
    expect((await http(h).delete(`/api/jsonable/user/images/${first.id}`).set('Cookie', u.cookie)).status).toBe(404);
    // The table stays counted.
    const user = await http(h).get('/api/jsonable/user').set('Cookie', u.cookie);
    expect(user.body.usage_count).toBe(2);
  });

  it('statistics: renders per day, by format and by project', async () => {
    const u = await h.user('premium');
    const { body: project } = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .send({ name: 'Reports' });
    await http(h).post(`/api/jsonable/json-to-png?projectId=${project.id}`).set('Cookie', u.cookie).send(smallTable);
    await http(h)
      .post(`/api/jsonable/json-to-png?projectId=${project.id}`)
      .set('Cookie', u.cookie)
      .send({ ...smallTable, styles: { imageFormat: 'svg' } });
    await saved(u);
    const res = await http(h).get('/api/jsonable/user/stats').set('Cookie', u.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      used: 3,
      limit: 150,
      remaining: 147,
      totalImages: 3,
      plan: { tier: 'premium', name: 'Professional' },
      byFormat: { png: 2, svg: 1, jpeg: 0, webp: 0, avif: 0, pdf: 0 },
      byProject: [
        { projectId: project.id, name: 'Reports', count: 2 },
        { projectId: null, name: 'No project', count: 1 },
      ],
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.perDay.at(-1)).toEqual({ date: today, count: 3 });
    expect(res.body.perDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(3);
    expect((await http(h).get('/api/jsonable/user/stats')).status).toBe(401);
  });
});

describe('retention and sweeps', () => {
  it('purges request JSON after 30 days, keeping the image', async () => {
    const u = await h.user('premium');
    const image = await saved(u);
    expect(await purgeExpiredData(h.deps)).toBe(0);
    h.advance(31 * DAY);
    try {
      expect(await purgeExpiredData(h.deps)).toBeGreaterThanOrEqual(1);
      expect(await getRequestData(h.deps.docs, image.id)).toBeNull();
      expect(await h.deps.blobs.head(`images/${image.filename}`)).not.toBeNull();
      expect((await h.events('ImageDataPurged')).some((e) => e.data.imageId === image.id)).toBe(true);
      await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
      const list = await http(h)
        .get('/api/jsonable/user/images')
        .set('Cookie', await h.signIn(u.userId));
      expect(list.body.find((i: { id: string }) => i.id === image.id)).toMatchObject({ has_json_data: false });
      expect(await purgeExpiredData(h.deps)).toBe(0);
    } finally {
      h.advance(-31 * DAY);
    }
  });

  it('sweeps files whose TableRendered never came, and expired previews', async () => {
    const u = await h.user('premium');
    const kept = await saved(u);
    const owner = { imageId: 'never-recorded', userId: u.userId, period: '0' };
    const orphanKey = 'images/orphan-1-0000000000000000.png';
    await h.deps.blobs.put(orphanKey, new Uint8Array([1, 2, 3]), 'image/png', owner);
    await saveRequestData(h.deps.docs, {
      id: 'never-recorded',
      userId: u.userId,
      period: 0,
      createdAtMs: Date.now(),
      blobKey: orphanKey,
      payload: {},
    });
    // A file whose request-data document was never written: only the daily full listing finds it.
    const bare = 'images/orphan-2-0000000000000000.png';
    await h.deps.blobs.put(bare, new Uint8Array([4]), 'image/png', {
      imageId: 'never-recorded-2',
      userId: u.userId,
      period: '0',
    });
    expect(await sweepOrphans(h.deps)).toBe(0); // too young: its render may still be appending
    expect(await sweepOrphanFiles(h.deps)).toBe(0);
    h.advance(11 * 60 * 1000);
    try {
      expect(await sweepOrphans(h.deps)).toBe(1);
      expect(await h.deps.blobs.head(orphanKey)).toBeNull();
      expect(await getRequestData(h.deps.docs, 'never-recorded')).toBeNull();
      expect(await h.deps.blobs.head(bare)).not.toBeNull();
      expect(await sweepOrphanFiles(h.deps)).toBe(1);
      expect(await h.deps.blobs.head(bare)).toBeNull();
      expect(await h.deps.blobs.head(`images/${kept.filename}`)).not.toBeNull();
      expect(await getRequestData(h.deps.docs, kept.id)).not.toBeNull();
    } finally {
      h.advance(-11 * 60 * 1000);
    }
    // An orphan's request data that the sweep missed goes with the retention purge, without an event.
    await saveRequestData(h.deps.docs, {
      id: 'never-recorded-3',
      userId: u.userId,
      period: 0,
      createdAtMs: Date.now(),
      blobKey: 'images/x.png',
      payload: {},
    });
    h.advance(31 * DAY);
    try {
      await purgeExpiredData(h.deps);
      expect(await getRequestData(h.deps.docs, 'never-recorded-3')).toBeNull();
      expect((await h.events('ImageDataPurged')).some((e) => e.data.imageId === 'never-recorded-3')).toBe(false);
    } finally {
      h.advance(-31 * DAY);
    }
    const preview = await http(h)
      .post('/api/jsonable/table-to-image/preview')
      .set('X-API-Key', u.apiKey)
      .send(smallTable);
    expect(await sweepExpired(h.deps)).toBe(0);
    h.advance(61 * 60 * 1000);
    try {
      expect((await http(h).get(pathOf(preview.body.previewUrl))).status).toBe(404);
      expect(await sweepExpired(h.deps)).toBeGreaterThanOrEqual(1);
      expect(await h.blobKeys('previews/')).toEqual([]);
    } finally {
      h.advance(-61 * 60 * 1000);
    }
  });
});
