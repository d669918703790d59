import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderPool, type RenderPool } from '../src/pool';
import { CRASH_WORKER } from './pool-crash-job';
import { fromPayload, renderPayload } from './support/payload';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

function table(rows: number) {
  return {
    title: 'Pool check',
    headers: ['#', 'Name', 'Amount'],
    rows: Array.from({ length: rows }, (_, i) => [i + 1, `Row ${i + 1}`, i * 12.5]),
  };
}

let pool: RenderPool;

beforeAll(async () => {
  pool = createRenderPool({ size: 2, jobModule: new URL('./pool-crash-job.ts', import.meta.url).href });
  await pool.ready();
});

afterAll(async () => {
  await pool.close();
});

describe('the render pool over the real engine', () => {
  it("draws text the same after a large render emptied Skia's caches", async () => {
    const one = createRenderPool({ size: 1 });
    try {
      await one.ready();
      const text = (format: 'png' | 'svg') =>
        fromPayload({ payload: { ...table(6), title: 'Before and after — ünïcode, 直角, مرحبا' }, format });
      const before = await Promise.all([one.render(text('png')), one.render(text('svg'))]);
      // ~3,000 × 9,000 pixels: it reserves far more than 64 MB, so the worker collects and empties Skia's caches.
      const big = {
        headers: Array.from({ length: 20 }, (_, i) => `Column ${i + 1}`),
        rows: Array.from({ length: 200 }, (_, r) => Array.from({ length: 20 }, (_, c) => `r${r}c${c}`)),
      };
      const large = await one.render(fromPayload({ payload: big, format: 'png' }));
      expect(large.width * large.height).toBeGreaterThan(4_000_000);
      const after = await Promise.all([one.render(text('png')), one.render(text('svg'))]);
      expect(Buffer.compare(Buffer.from(after[0]!.bytes), Buffer.from(before[0]!.bytes))).toBe(0);
      expect(Buffer.from(after[1]!.bytes).toString()).toBe(Buffer.from(before[1]!.bytes).toString());
    } finally {
      await one.close();
    }
  }, 60_000);

  it('renders concurrent requests in every format', async () => {
    const formats = ['png', 'jpeg', 'svg', 'pdf', 'png', 'svg'] as const;
    const outputs = await Promise.all(
      formats.map((format, i) => pool.render(fromPayload({ payload: table(5 + i), format }))),
    );
    outputs.forEach((out, i) => {
      expect(out.format).toBe(formats[i]);
      expect(out.rows).toBe(5 + i);
      expect(out.size).toBe(out.bytes.byteLength);
    });
    expect([...outputs[0]!.bytes.subarray(0, 4)]).toEqual(PNG_MAGIC);
    expect(Buffer.from(outputs[2]!.bytes).toString('utf8')).toContain('<svg');
    expect(Buffer.from(outputs[3]!.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('gives the same bytes as the engine in-process', async () => {
    const input = { payload: table(7), format: 'png' as const };
    const [direct, pooled] = await Promise.all([renderPayload(input), pool.render(fromPayload(input))]);
    expect(pooled.width).toBe(direct.width);
    expect(pooled.height).toBe(direct.height);
    expect(Buffer.from(pooled.bytes).equals(Buffer.from(direct.bytes))).toBe(true);
  });

  it("passes the engine's input errors through with their status and message", async () => {
    // Parsed fine; only the engine can tell the column is missing.
    const bad = {
      payload: {
        headers: ['Region', 'Jan'],
        rows: [['North', 1]],
        conditionalFormats: [{ type: 'dataBar', column: 'Apr' }],
      },
    };
    const direct = await renderPayload(bad).then(
      () => null,
      (e: Error & { status?: number }) => e,
    );
    expect(direct?.status).toBe(400);
    const pooled = await pool.render(fromPayload(bad)).then(
      () => null,
      (e: Error & { status?: number }) => e,
    );
    expect(pooled).toMatchObject({ status: 400, message: direct?.message, name: direct?.name });
  });

  it('times out a runaway render alone and the next render succeeds', async () => {
    // A large (but allowed) PDF cannot finish in 1 ms: the worker is terminated and replaced.
    const runaway = pool.render(fromPayload({ payload: table(2_000), format: 'pdf' }), { timeoutMs: 1 });
    const neighbour = pool.render(fromPayload({ payload: table(3), format: 'png' }));
    await expect(runaway).rejects.toMatchObject({ status: 503, message: 'Rendering timed out' });
    await expect(neighbour).resolves.toMatchObject({ format: 'png', rows: 3 });
    await expect(pool.render(fromPayload({ payload: table(4), format: 'svg' }))).resolves.toMatchObject({ rows: 4 });
  });

  it('replaces a crashed worker and keeps rendering', async () => {
    const replacedBefore = pool.stats().replaced;
    const results = await Promise.allSettled([
      pool.render(fromPayload({ payload: { ...table(2), title: CRASH_WORKER } })),
      pool.render(fromPayload({ payload: table(2), format: 'png' })),
      pool.render(fromPayload({ payload: table(3), format: 'png' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 500 });
    await pool.ready();
    expect(pool.stats()).toMatchObject({ workers: 2, ready: 2, replaced: replacedBefore + 1 });
  });
});
