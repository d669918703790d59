/**
 * options.split and options.preset over HTTP (issue #25 item 3): every image listed and counted,
 * a split over the remaining allowance refused whole (402, nothing stored or counted), the header
 * and "Page i of n" on each image, the image-count limit (413), an Idempotency-Key replay answering
 * every image again (counted once, also when requests race), a PDF split as one document of several
 * pages counted once, and hostile values (400, never 500). Living images: live-split.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { decodePngAtSize } from '@jsonable/render/images/png-at-size';
import { givenRenderHarness, http, PUBLIC_URL, type RenderHarness } from './render.harness';

const h = givenRenderHarness();

const table = (rows: number, options: object = {}) => ({
  title: 'Orders',
  headers: ['Name', 'Qty'],
  rows: Array.from({ length: rows }, (_, i) => [`Item ${i + 1}`, i + 1]),
  options,
});
const render = (key: string, body: object) => h.postTable(key).send(body);

async function fetchBytes(harness: RenderHarness, url: string): Promise<Buffer> {
  const res = await http(harness)
    .get(url.slice(PUBLIC_URL.length))
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

/** Pages of a PDF, as pdfinfo reads them from its standard input. */
const pdfPages = (bytes: Buffer) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', ['-'], { input: bytes }).toString('utf8'))?.[1]);

const usageCount = async (cookie: string) =>
  (await http(h).get('/api/jsonable/user').set('Cookie', cookie)).body.usage_count as number;

describe('options.split', () => {
  it('answers every image in order, counts each, repeats the header and numbers the pages', async () => {
    const u = await h.user('free');
    const res = await render(u.apiKey, table(23, { split: { maxRows: 10 }, format: 'svg' }));
    expect(res.status).toBe(200);
    const images = res.body.images as { url: string; page: number; pages: number; id: string }[];
    expect(images.map((i) => [i.page, i.pages])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    // Old clients read the top-level fields: they describe the first image.
    expect(res.body.url).toBe(images[0]!.url);
    expect(res.body.image.id).toBe(images[0]!.id);
    expect(new Set(images.map((i) => i.url)).size).toBe(3);
    expect(await h.rendered(u.userId)).toHaveLength(3);
    expect(await usageCount(u.cookie)).toBe(3);
    const seen: string[] = [];
    for (const [i, image] of images.entries()) {
      const svg = (await fetchBytes(h, image.url)).toString('utf8');
      expect(svg).toContain('>Name<');
      expect(svg).toContain('>Qty<');
      expect(svg).toContain(`Page ${i + 1} of 3`);
      seen.push(...[...svg.matchAll(/>Item (\d+)</g)].map((m) => m[1]!));
    }
    // Every row once, in order.
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => String(i + 1)));
  });

  it('draws the header on every PNG page (its blue band at the top of the table)', async () => {
    const u = await h.user('free');
    const res = await render(u.apiKey, table(12, { split: { maxRows: 5 }, preset: 'slack' }));
    expect(res.status).toBe(200);
    expect(res.body.images).toHaveLength(3);
    for (const image of res.body.images as { url: string; width: number }[]) {
      expect(image.width).toBe(1600);
      // Decoded at its own size (the engine's PNG reader, exact when nothing is scaled).
      const png = (await decodePngAtSize(await fetchBytes(h, image.url), 1e6, 1e6))!;
      const data = png.data;
      // Some row holds the header colour (#2563eb) across most of the width.
      let bandRows = 0;
      for (let y = 0; y < png.height; y++) {
        let blue = 0;
        for (let x = 0; x < png.width; x += 8) {
          const k = (y * png.width + x) * 4;
          if (data[k] === 0x25 && data[k + 1] === 0x63 && data[k + 2] === 0xeb) blue++;
        }
        if (blue > png.width / 8 / 2) bandRows++;
      }
      expect(bandRows).toBeGreaterThan(40);
    }
  });

  it('refuses a split that needs more tables than are left, whole, before rendering: 402, nothing counted', async () => {
    const u = await h.user('free'); // 25 tables per period
    for (let i = 0; i < 23; i++) expect((await render(u.apiKey, table(1))).status).toBe(200);
    const before = await h.blobKeys('images/');
    const refused = await render(u.apiKey, table(9, { split: { maxRows: 3 } }));
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/splits into 3 images .* 2 tables left/);
    expect(await h.rendered(u.userId)).toHaveLength(23);
    expect(await h.blobKeys('images/')).toEqual(before);
    const fits = await render(u.apiKey, table(6, { split: { maxRows: 3 } }));
    expect(fits.status).toBe(200);
    expect(fits.body.images).toHaveLength(2);
    expect(await usageCount(u.cookie)).toBe(25);
  });

  describe('with an Idempotency-Key', () => {
    const post = (path: string, auth: [string, string], key: string, body: object) =>
      http(h).post(path).set(auth[0], auth[1]).set('Idempotency-Key', key).send(body);

    it('a replay answers the same images in the same order and counts nothing again', async () => {
      const u = await h.user('free');
      const body = table(23, { split: { maxRows: 10 }, format: 'svg' });
      const auth: [string, string] = ['X-API-Key', u.apiKey];
      const first = await post('/api/jsonable/table-to-image', auth, 'split-42', body);
      expect(first.status).toBe(200);
      expect(first.body.images).toHaveLength(3);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await post('/api/jsonable/table-to-image', auth, 'split-42', body);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.images).toEqual(first.body.images);
      expect(again.body.url).toBe(first.body.url);
      expect(again.body.metadata).toEqual(first.body.metadata);
      expect(await h.rendered(u.userId)).toHaveLength(3);
      expect(await usageCount(u.cookie)).toBe(3);
      // Every image listed is still the file it was.
      for (const [i, image] of (again.body.images as { url: string }[]).entries())
        expect((await fetchBytes(h, image.url)).toString('utf8')).toContain(`Page ${i + 1} of 3`);
      // The key is bound to its route: the same body on another route is another request (409).
      const elsewhere = await post('/api/jsonable/json-to-png', ['Cookie', u.cookie], 'split-42', body);
      expect(elsewhere.status).toBe(409);
      expect(await h.rendered(u.userId)).toHaveLength(3);
    });

    it('a replay on a project endpoint and the session route answers every image too', async () => {
      const u = await h.user('premium');
      const created = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Split' });
      expect(created.status).toBe(201);
      const endpoint = created.body.endpointPath as string;
      const body = table(9, { split: { maxRows: 4 } });
      const first = await post(endpoint, ['X-API-Key', created.body.apiKey as string], 'p-1', body);
      const again = await post(endpoint, ['X-API-Key', created.body.apiKey as string], 'p-1', body);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(first.body.images).toHaveLength(3);
      expect(again.body.images).toEqual(first.body.images);
      expect(again.body.image_url).toBe(first.body.image_url);
      const s1 = await post('/api/jsonable/json-to-png', ['Cookie', u.cookie], 's-1', body);
      const s2 = await post('/api/jsonable/json-to-png', ['Cookie', u.cookie], 's-1', body);
      expect(s1.status).toBe(200);
      expect(s2.status).toBe(200);
      expect(s2.headers['idempotent-replayed']).toBe('true');
      expect(s2.body.images).toEqual(s1.body.images);
      expect(await h.rendered(u.userId)).toHaveLength(6);
    });

    it('concurrent requests with one key make one split: every answer lists the same images, each file once', async () => {
      const u = await h.user('premium');
      const body = table(12, { split: { maxRows: 5 } });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => post('/api/jsonable/table-to-image', ['X-API-Key', u.apiKey], 'race', body)),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      const lists = results.map((r) => JSON.stringify(r.body.images));
      expect(new Set(lists).size).toBe(1);
      const images = results[0]!.body.images as { id: string; page: number; filename: string }[];
      expect(images.map((i) => i.page)).toEqual([1, 2, 3]);
      const rendered = await h.rendered(u.userId);
      expect(rendered.map((e) => e.data.imageId)).toEqual(images.map((i) => i.id));
      expect(rendered.map((e) => e.data.split)).toEqual([
        { page: 1, pages: 3 },
        { page: 2, pages: 3 },
        { page: 3, pages: 3 },
      ]);
      // The losers' files are gone: the user owns exactly the three listed.
      const owners = await Promise.all(
        (await h.blobKeys('images/')).map(async (k) => [k, (await h.deps.blobs.head(k))?.metadata.userId] as const),
      );
      const own = owners.filter(([, owner]) => owner === u.userId).map(([k]) => k.split('/').pop());
      expect(own.sort()).toEqual(images.map((i) => i.filename).sort());
    });

    it('the same key with another body is a 409 and counts nothing, split or not', async () => {
      const u = await h.user('free');
      const auth: [string, string] = ['X-API-Key', u.apiKey];
      const first = await post('/api/jsonable/table-to-image', auth, 'k', table(6, { split: { maxRows: 2 } }));
      expect(first.status).toBe(200);
      for (const other of [table(6, { split: { maxRows: 3 } }), table(7, { split: { maxRows: 2 } }), table(6)]) {
        const res = await post('/api/jsonable/table-to-image', auth, 'k', other);
        expect(res.status).toBe(409);
        expect(res.body.error.message).toBe(
          'Idempotency-Key was already used for a different request (another body, endpoint or project)',
        );
      }
      // A split under a key first used for one image is a conflict as well.
      expect((await post('/api/jsonable/table-to-image', auth, 'one', table(3))).status).toBe(200);
      expect(
        (await post('/api/jsonable/table-to-image', auth, 'one', table(6, { split: { maxRows: 2 } }))).status,
      ).toBe(409);
      expect(await h.rendered(u.userId)).toHaveLength(4);
    });
  });

  it('refuses more than 20 images with 413 naming the limit', async () => {
    const u = await h.user('free');
    const res = await render(u.apiKey, table(21, { split: { maxRows: 1 } }));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/21 images \(at most 20 per request\)/);
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });

  it('"auto" cuts by the preset\'s page height, and needs a preset', async () => {
    const u = await h.user('free');
    const res = await render(u.apiKey, table(40, { split: 'auto', preset: 'linkedin' }));
    expect(res.status).toBe(200);
    const images = res.body.images as { height: number }[];
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(image.height).toBeLessThanOrEqual(750 * 2);
    const bare = await render(u.apiKey, table(40, { split: 'auto' }));
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toMatch(/options\.split.*options\.preset/);
  });

  it('a PDF is one document, counted once: maxRows starts a page per group of rows, "auto" changes nothing', async () => {
    const u = await h.user('free');
    const auto = await render(u.apiKey, table(5, { split: 'auto', preset: 'a4' }));
    expect(auto.status).toBe(200);
    expect(auto.body.images).toBeUndefined();
    expect(auto.body.metadata.format).toBe('pdf');
    expect(pdfPages(await fetchBytes(h, auto.body.url as string))).toBe(1);
    for (const options of [
      { split: { maxRows: 2 }, format: 'pdf' },
      // The preset's format is PDF, and its A4 page.
      { split: { maxRows: 2 }, preset: 'a4' },
    ]) {
      const res = await render(u.apiKey, table(5, options));
      expect(res.status, JSON.stringify(options)).toBe(200);
      expect(res.body.images).toBeUndefined();
      expect(res.body.metadata.format).toBe('pdf');
      expect(pdfPages(await fetchBytes(h, res.body.url as string))).toBe(3);
    }
    // Three documents of 1, 3 and 3 pages: three tables.
    expect(await h.rendered(u.userId)).toHaveLength(3);
    expect(await usageCount(u.cookie)).toBe(3);
    const tooMany = await render(u.apiKey, table(150, { split: { maxRows: 1 }, format: 'pdf' }));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.message).toMatch(/150 pages \(at most 100\)/);
    expect(await h.rendered(u.userId)).toHaveLength(3);
  });

  it('answers hostile split and preset values with 400 naming the field, never 500', async () => {
    const u = await h.user('enterprise');
    const hostile: unknown[] = [
      { maxRows: 0 },
      { maxRows: -3 },
      { maxRows: 1.5 },
      { maxRows: 10_001 },
      { maxRows: 1e300 },
      { maxRows: '5' },
      { maxRows: null },
      { maxRows: 2, pages: 3 },
      {},
      [],
      [{ maxRows: 2 }],
      'AUTOMATIC',
      '',
      7,
      true,
    ];
    for (const split of hostile) {
      const res = await render(u.apiKey, table(4, { split }));
      expect(res.status, JSON.stringify(split)).toBe(400);
      expect(res.body.error.message, JSON.stringify(split)).toMatch(/^Invalid options\.split/);
    }
    for (const preset of ['instagram', 5, ['slack'], { slack: true }]) {
      const res = await render(u.apiKey, table(4, { preset }));
      expect(res.status, JSON.stringify(preset)).toBe(400);
      expect(res.body.error.message).toMatch(/options\.preset.*slack, email, x, linkedin, teams, a4 or letter/);
    }
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });
});
