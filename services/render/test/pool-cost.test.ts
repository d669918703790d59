/** The render cost estimate that sorts renders into light and heavy (pool/cost.ts). */
import { describe, expect, it } from 'vitest';
import { imageBudgets } from '@jsonable/contracts/render-api';
import { estimateRenderCost, HEAVY_COST } from '../src/pool/cost';
import { bombTable } from './support/image-bomb';
import { fromPayload } from './support/payload';

const grid = (rows: number, columns: number, extra: Record<string, unknown> = {}) => ({
  headers: Array.from({ length: columns }, (_, i) => `c${i}`),
  rows: Array.from({ length: rows }, () => Array.from({ length: columns }, () => 'x')),
  ...extra,
});
const heavy = (payload: unknown, more: object = {}) =>
  estimateRenderCost(fromPayload({ payload, ...more })) >= HEAVY_COST;

describe('estimateRenderCost', () => {
  it('counts an ordinary table light and big tables, PDFs of hundreds of rows and many decoded images heavy', () => {
    const reference = {
      data: Array.from({ length: 20 }, (_, i) => ({ SKU: i, Product: `P${i}`, Stock: i, Price: i })),
    };
    expect(heavy(reference)).toBe(false);
    expect(heavy(grid(40, 10))).toBe(false);
    expect(heavy(grid(200, 20))).toBe(true);
    expect(heavy(grid(500, 20, { options: { format: 'pdf' } }))).toBe(true);
    expect(heavy(grid(100, 10), { format: 'pdf' })).toBe(true);
    expect(heavy(grid(100, 10), { projectStyles: { imageFormat: 'pdf' } })).toBe(true);
    // AVIF encodes several times slower than PNG: a table light as PNG is heavy as AVIF.
    expect(heavy(grid(40, 10, { options: { format: 'png' } }))).toBe(false);
    expect(heavy(grid(40, 10, { options: { format: 'avif' } }))).toBe(true);
    // SVG is cheaper per cell; pagination renders one page.
    expect(heavy(grid(200, 20, { options: { format: 'svg' } }))).toBe(false);
    expect(heavy(grid(5_000, 20, { options: { pagination: { enabled: true, pageSize: 20 } } }))).toBe(false);
    // Image bombs: the demo's 1-megapixel budget keeps them cheap; a key's 32 MP budget does not.
    expect(heavy(bombTable(200, 16), { imageBudget: imageBudgets.demo })).toBe(false);
    expect(heavy(bombTable(200, 16))).toBe(true);
    // Two images drawn at 4000 × 4000 are decoded at full size and painted on a 32 M pixel canvas:
    // heavy, though only two cells (the abuse bench's BIG_IMAGES, which ran beside light renders).
    const drawnAt = (side: number, options: object = {}) => ({
      headers: ['Image'],
      rows: [0, 1].map(() => [
        { type: 'image', value: 'https://example.com/a.png', format: { width: side, height: side } },
      ]),
      options,
    });
    expect(heavy(drawnAt(4000))).toBe(true);
    expect(heavy(drawnAt(40))).toBe(false);
    expect(heavy(drawnAt(1000))).toBe(false);
    expect(heavy(drawnAt(1000, { deviceScaleFactor: 3 }))).toBe(true);
  });

  it('never throws on requests of odd shapes', () => {
    for (const request of [
      { data: [[1, 2], 3] },
      { headers: ['a'], rows: [null] },
      { data: [null, 'x', { a: 1 }], options: { pagination: { enabled: true } } },
      { headers: ['a'] },
    ]) {
      expect(Number.isFinite(estimateRenderCost({ request: { styles: {}, options: {}, ...request } }))).toBe(true);
    }
  });
});
