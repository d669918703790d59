/**
 * Limits that are true at the limit, and overload answered rather than queued (issue #21), end to
 * end through the key route with the real engine: the largest table each format allows renders;
 * one row more is a 413 naming the limit; a full render queue is a 503 with Retry-After and the
 * spec's envelope, and nothing is counted for it.
 *
 * The pool here has one worker, no job sent ahead and room for one waiting render (RENDER_QUEUE=1),
 * so that "full" is reached with three requests. Its time limit is raised: what is tested is that
 * the engine can make these tables, not how fast a loaded test machine makes them (the bench
 * measures that).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tableLimits } from '@jsonable/contracts/render-api';
import { createRenderPool, type RenderPool } from '@jsonable/render/pool/index';
import { givenRenderHarness, http, type TestUser } from './render.harness';

let pool: RenderPool;
const h = givenRenderHarness(
  async () => {
    pool = createRenderPool({ size: 1, jobsPerWorker: 1, maxQueue: 1, timeoutMs: 180_000, maxWaitMs: 180_000 });
    await pool.ready();
    return { renderer: pool };
  },
  { timeoutMs: 120_000, after: () => pool.close() },
);
let u: TestUser;
beforeAll(async () => {
  u = await h.user('premium');
});

const grid = (rows: number, columns: number, format: string) => ({
  title: `${rows} × ${columns}`,
  headers: Array.from({ length: columns }, (_, i) => `Column ${i + 1}`),
  rows: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => `r${r}c${c}`)),
  options: { format },
});
const post = (body: object) => h.postTable(u.apiKey).send(body);
const counted = async () => (await h.rendered(u.userId)).length;

describe('the largest table each format allows renders; one more row is a 413 naming the limit', () => {
  it('PNG and JPEG: as many rows as fit 16,384 pixels', { timeout: 600_000 }, async () => {
    // Row height from two small renders, then the most rows under the side limit.
    const ten = await post(grid(10, 8, 'png'));
    const twenty = await post(grid(20, 8, 'png'));
    expect([ten.status, twenty.status]).toEqual([200, 200]);
    const rowHeight = (twenty.body.metadata.height - ten.body.metadata.height) / 10;
    const chrome = ten.body.metadata.height - 10 * rowHeight;
    const most = Math.floor((16_384 - chrome) / rowHeight);
    for (const format of ['png', 'jpeg']) {
      const before = await counted();
      const res = await post(grid(most, 8, format));
      expect(res.status, format).toBe(200);
      expect(res.body.metadata.format).toBe(format);
      expect(res.body.metadata.height).toBeLessThanOrEqual(16_384);
      expect(res.body.metadata.height).toBeGreaterThan(16_384 - rowHeight);
      const file = await http(h)
        .get(new URL(res.body.url as string).pathname)
        .buffer(true);
      expect(file.status).toBe(200);
      expect(file.body.length).toBe(res.body.metadata.size);
      expect(await counted()).toBe(before + 1);

      const over = await post(grid(most + 1, 8, format));
      expect(over.status, format).toBe(413);
      expect(over.body.error.message).toMatch(/\(at most 16384 per side\)/);
      expect(await counted()).toBe(before + 1);
    }
  });

  it(
    `SVG: ${tableLimits.maxRows} rows × ${tableLimits.maxCells / tableLimits.maxRows} columns, the row and cell limits at once`,
    { timeout: 600_000 },
    async () => {
      const columns = tableLimits.maxCells / tableLimits.maxRows;
      const res = await post(grid(tableLimits.maxRows, columns, 'svg'));
      expect(res.status).toBe(200);
      expect(res.body.metadata.format).toBe('svg');
      const over = await post(grid(tableLimits.maxRows + 1, columns, 'svg'));
      expect(over.status).toBe(413);
      expect(over.body.error.message).toBe(
        `Too many rows: ${tableLimits.maxRows + 1} (at most ${tableLimits.maxRows})`,
      );
    },
  );
});

describe('a full render queue', () => {
  it(
    'answers 503 with Retry-After and the error envelope, counts nothing for it, and serves the renders it took',
    { timeout: 600_000 },
    async () => {
      const before = await counted();
      // The PDF cell limit: a render that keeps the one worker busy for a while.
      // (supertest sends a request once it is awaited or then'd: start both now)
      const running = post(grid(tableLimits.maxPdfCells / 5, 5, 'pdf')).then((r) => r);
      await expect.poll(() => pool.stats().busy, { timeout: 120_000, interval: 20 }).toBe(1);
      const waiting = post(grid(3, 2, 'png')).then((r) => r);
      await expect.poll(() => pool.stats().queued, { timeout: 120_000, interval: 20 }).toBe(1);

      const refused = await post(grid(3, 2, 'png'));
      expect(refused.status).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toEqual({ success: false, error: { code: 503, message: 'Renderer busy, try again' } });
      // Another client is refused too: the queue is full for everyone, not only for the first.
      const other = await h.user('premium');
      const otherRes = await h.postTable(other.apiKey).send(grid(2, 2, 'svg'));
      expect(otherRes.status).toBe(503);

      const [first, second] = await Promise.all([running, waiting]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.metadata.format).toBe('pdf');
      expect(await counted()).toBe(before + 2);
      // And once the queue has room again, the same request succeeds.
      expect((await post(grid(3, 2, 'png'))).status).toBe(200);
    },
  );
});
