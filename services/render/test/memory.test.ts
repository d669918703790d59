import { readFileSync } from 'node:fs';
import { imageBudgets, tableLimits } from '@jsonable/contracts/render-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderPool, type RenderPool } from '../src/pool';
import { renderMemoryMb, workerMemoryBound } from '../src/pool/memory';
import { paletteBomb } from './support/image-bomb';
import { renderPayload } from './support/payload';
import { poolJob } from './pool-test-job';

const TEST_JOB = new URL('./pool-test-job.ts', import.meta.url).href;
const README = new URL('../../../README.md', import.meta.url);
const pools: RenderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("a render worker's memory ceiling", () => {
  it('adds up the limits the code enforces', () => {
    // Written out by hand from the limits, so a limit raised without the ceiling fails here.
    expect(tableLimits.rasterPixels.png.total).toBe(40_000_000); // canvas: 160 MB of RGBA
    expect(imageBudgets.table).toEqual({ pixels: 32_000_000, bytes: 20 * 1024 * 1024 });
    const MB = 1024 * 1024;
    const held = 4_000_000 * 4 + 20 * MB; // the spare canvas and the fetched bytes
    expect(workerMemoryBound()).toEqual({
      heapMb: 512 + 64,
      phasesMb: {
        decoding: Math.ceil((held + 32_000_000 * 4 + 16 * MB * 4) / MB),
        painting: Math.ceil((held + 40_000_000 * 4 + 32_000_000 * 4) / MB),
        pngEncoding: Math.ceil((held + 3 * 40_000_000 * 4) / MB),
      },
      nativeMb: 494,
      totalMb: 1070,
    });
  });

  it('uses the V8 limits the pool really gives its workers', async () => {
    const p = createRenderPool({ size: 1, jobModule: TEST_JOB });
    pools.push(p);
    const out = await p.render(poolJob({ limits: true }));
    const limits = JSON.parse(Buffer.from(out.bytes).toString()) as Record<string, number>;
    expect(limits.maxOldGenerationSizeMb! + limits.maxYoungGenerationSizeMb!).toBe(workerMemoryBound().heapMb);
  });

  it('is the figure README documents', () => {
    const readme = readFileSync(README, 'utf8');
    const { heapMb, nativeMb, totalMb } = workerMemoryBound();
    expect(readme).toContain(
      `${heapMb} MB of V8 heap + ${nativeMb} MB native = ${totalMb.toLocaleString('en')} MB per render worker`,
    );
  });
});

describe("a render's memory reservation", () => {
  it('is the worker bound when the table reaches every limit (same phases, same figures)', () => {
    const { nativeMb } = workerMemoryBound();
    const atLimits = renderMemoryMb({
      format: 'png',
      canvasPixels: tableLimits.rasterPixels.png.total,
      images: 200,
      drawnPixels: 200 * 4000 * 4000,
      budget: imageBudgets.table,
      cells: 0,
    });
    expect(atLimits).toBe(nativeMb + 16); // + the heap's base
    // A PDF's heap grows ~12 KB a cell (README): 10,000 cells reserve ~117 MB of it.
    const pdf = renderMemoryMb({
      format: 'pdf',
      canvasPixels: 0,
      images: 0,
      drawnPixels: 0,
      budget: imageBudgets.table,
      cells: 10_000,
    });
    expect(pdf).toBe(Math.ceil(16 + (10_000 * 12) / 1024));
  });

  it('is asked once, after layout and before any image is fetched, and covers the PNG encoding', async () => {
    const events: string[] = [];
    let reserved = 0;
    const out = await renderPayload(
      {
        payload: {
          headers: ['Image', 'Name'],
          rows: [[{ type: 'image', value: 'https://example.com/a.png', format: { width: 400, height: 300 } }, 'x']],
        },
      },
      {
        reserveMemory: async (mb) => {
          events.push('reserve');
          reserved = mb;
          await new Promise((r) => setTimeout(r, 20));
          events.push('granted');
        },
        loadImage: async () => {
          events.push('fetch');
          return { bytes: paletteBomb(400, 300), contentType: 'image/png' };
        },
      },
    );
    expect(events).toEqual(['reserve', 'granted', 'fetch']);
    const MB = 1024 * 1024;
    // The canvas, its copy and the filtered rows (3 canvases), the spare canvas, the fetched bytes.
    expect(reserved).toBeGreaterThanOrEqual(
      (3 * out.width * out.height * 4 + 4_000_000 * 4 + imageBudgets.table.bytes) / MB,
    );
  });
});
