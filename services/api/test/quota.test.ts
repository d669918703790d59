import { describe, expect, it } from 'vitest';
import { usagePeriodBounds } from '@jsonable/contracts/plans';
import { REQUEST_DATA } from '@jsonable/domain/images/request-data';
import { givenRenderHarness, http, setPlan, smallTable, startRenderHarness } from './render.harness';

const h = givenRenderHarness();

const render = (key: string, body: object = smallTable) => h.postTable(key).send(body);

describe('usage quota', () => {
  // 30 at once: one client may have at most 32 renders waiting (the fair render queue's lane bound,
  // issue #21); more from it at the same moment are refused 503 with Retry-After, not counted.
  it('lets exactly the allowance through when 30 renders race for the last 5 tables', async () => {
    const u = await h.user('free'); // 25 tables per period
    for (let i = 0; i < 20; i++) expect((await render(u.apiKey)).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => render(u.apiKey, { ...smallTable, title: `Race ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(25);
    const refused = results.find((r) => r.status === 402)!;
    expect(refused.body).toEqual({
      success: false,
      error: {
        code: 402,
        message:
          'You have used all 25 tables of your Free plan for this usage period. Upgrade your plan to create more tables.',
      },
    });
    const counted = await h.rendered(u.userId);
    expect(counted).toHaveLength(25);
    // Refused renders left no file behind; every counted one has its image and its data.
    const images = (await h.blobKeys('images/')).filter((k) => counted.some((e) => e.data.blobKey === k));
    expect(images).toHaveLength(25);
    const allImages = await h.blobKeys('images/');
    const owned = await Promise.all(
      allImages.map(async (k) => (await h.deps.blobs.head(k))?.metadata.userId === u.userId),
    );
    expect(owned.filter(Boolean)).toHaveLength(25);
    expect(await h.deps.docs.count(REQUEST_DATA, { userId: u.userId })).toBe(25);
    const user = await http(h).get('/api/jsonable/user').set('Cookie', u.cookie);
    expect(user.body).toMatchObject({ usage_count: 25, usage_limit: 25 });
  });

  it('an upgrade raises the allowance, and Enterprise is unlimited', async () => {
    const u = await h.user('free');
    await setPlan(h, u.userId, 'enterprise');
    const user = await http(h).get('/api/jsonable/user').set('Cookie', u.cookie);
    expect(user.body.usage_limit).toBeNull();
    const results = await Promise.all(Array.from({ length: 30 }, () => render(u.apiKey)));
    expect(results.every((r) => r.status === 200)).toBe(true);
  });

  it('starts again at 0 when the 30-day period resets, with no rollover', async () => {
    const u = await h.user('basic'); // Starter: 30
    const user = await http(h).get('/api/jsonable/user').set('Cookie', u.cookie);
    const reset = Date.parse(user.body.usage_reset_date);
    expect(reset).toBe(usagePeriodBounds(user.body.created_at, 0).end.getTime());
    expect((await render(u.apiKey)).status).toBe(200);
    h.advance(reset - Date.now() + 1000);
    try {
      const next = await http(h)
        .get('/api/jsonable/user')
        .set('Cookie', await h.signIn(u.userId));
      expect(next.body).toMatchObject({ usage_count: 0, usage_limit: 30 });
      expect(Date.parse(next.body.usage_reset_date)).toBe(usagePeriodBounds(user.body.created_at, 1).end.getTime());
      expect((await render(u.apiKey)).status).toBe(200);
      const streams = (await h.rendered(u.userId)).map((e) => e.streamId);
      expect(streams).toEqual([`usage-${u.userId}-0`, `usage-${u.userId}-1`]);
    } finally {
      h.advance(-(reset - Date.now() + 1000));
    }
  });

  it('limits bursts per key with 429 and Retry-After', async () => {
    const limited = await startRenderHarness({
      images: {
        limits: {
          renderPerMinute: { free: 2, basic: 2, premium: 2, business: 2, enterprise: 2 },
          preview: { limit: 1, windowMs: 60_000 },
          demo: { limit: 1, windowMs: 60 * 60_000 },
        },
      },
    });
    try {
      const u = await limited.user('premium');
      const post = () => limited.postTable(u.apiKey).send(smallTable);
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const third = await post();
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(third.body.error.code).toBe(429);
      const previewOk = await http(limited)
        .post('/api/jsonable/json-to-png/preview')
        .set('Cookie', u.cookie)
        .send(smallTable);
      expect(previewOk.status).toBe(200);
      const previewLimited = await http(limited)
        .post('/api/jsonable/json-to-png/preview')
        .set('Cookie', u.cookie)
        .send(smallTable);
      expect(previewLimited.status).toBe(429);
      // The demo is limited per client address.
      const demo = (ip: string) =>
        http(limited).post('/api/demo/generate-image').set('X-Forwarded-For', ip).send(smallTable);
      expect((await demo('203.0.113.7')).status).toBe(200);
      const demoLimited = await demo('203.0.113.7');
      expect(demoLimited.status).toBe(429);
      expect(demoLimited.body.error.message).toMatch(/Too many demo images/);
      expect((await demo('198.51.100.9')).status).toBe(200);
      // Another user's key has its own budget.
      const other = await limited.user('premium');
      expect((await limited.postTable(other.apiKey).send(smallTable)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('returns the same image for the same key and body, counted once; another body is 409', async () => {
    const u = await h.user('premium');
    const post = (key: string, body: object) => h.postTable(u.apiKey).set('Idempotency-Key', key).send(body);
    const first = await post('order-42', smallTable);
    expect(first.status).toBe(200);
    const again = await post('order-42', smallTable);
    expect(again.status).toBe(200);
    expect(again.body.imageUrl).toBe(first.body.imageUrl);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const conflict = await post('order-42', { ...smallTable, title: 'Changed' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.message).toBe(
      'Idempotency-Key was already used for a different request (another body, endpoint or project)',
    );
    expect(await h.rendered(u.userId)).toHaveLength(1);
  });

  it('concurrent retries with one key make one image', async () => {
    const u = await h.user('premium');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        http(h)
          .post('/api/jsonable/json-to-png')
          .set('Cookie', u.cookie)
          .set('Idempotency-Key', 'retry-me')
          .send(smallTable),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.image.id)).size).toBe(1);
    expect(await h.rendered(u.userId)).toHaveLength(1);
    const files = await Promise.all(
      (await h.blobKeys('images/')).map(async (k) => (await h.deps.blobs.head(k))?.metadata.userId),
    );
    expect(files.filter((owner) => owner === u.userId)).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const u = await h.user('premium');
    const res = await h.postTable(u.apiKey).set('Idempotency-Key', 'x'.repeat(300)).send(smallTable);
    expect(res.status).toBe(400);
  });
});
