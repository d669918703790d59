/**
 * options.split and options.preset over HTTP (issue #25 item 3): every image listed and counted,
 * a split over the remaining allowance refused whole (402, nothing stored or counted), the header
 * and "Page i of n" on each image, the image-count limit (413), and hostile values (400, never 500).
 */
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
const render = (key: string, body: object) =>
  http(h).post('/api/jsonable/table-to-image').set('X-API-Key', key).send(body);

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

  it('a PDF is one document: "auto" changes nothing, maxRows is refused', async () => {
    const u = await h.user('free');
    const auto = await render(u.apiKey, table(5, { split: 'auto', preset: 'a4' }));
    expect(auto.status).toBe(200);
    expect(auto.body.images).toBeUndefined();
    expect(auto.body.metadata.format).toBe('pdf');
    const rows = await render(u.apiKey, table(5, { split: { maxRows: 2 }, format: 'pdf' }));
    expect(rows.status).toBe(400);
    expect(rows.body.error.message).toMatch(/options\.split/);
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

  it('is refused on a living image (a version is one image): 400, nothing counted', async () => {
    const u = await h.user('free');
    const created = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Live' });
    expect(created.status).toBe(201);
    const res = await http(h)
      .put('/api/jsonable/live/board')
      .set('X-API-Key', created.body.apiKey as string)
      .send(table(6, { split: { maxRows: 2 } }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Invalid options\.split: a version of a living image is one image/);
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });
});
