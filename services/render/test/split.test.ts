/**
 * options.split in the engine (issue #25 item 3): the pages together hold every row exactly once,
 * in order (fast-check, over the page planner and over real renders with groups and spans).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderPayload } from './support/payload';
import { planPages } from '../src/split';

describe('split pages', () => {
  it('every row is on exactly one page, in order, within the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 300 }),
        fc.oneof(
          fc.integer({ min: 1, max: 50 }).map((maxRows) => ({ maxRows })),
          fc.integer({ min: 1, max: 2000 }).map((maxHeight) => ({ maxHeight })),
        ),
        (heights, limit) => {
          const pages = planPages(heights, limit);
          expect(pages.length).toBeGreaterThan(0);
          const rows = pages.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i));
          expect(rows).toEqual(heights.map((_, i) => i));
          for (const [a, b] of pages) {
            if (heights.length > 0) expect(b).toBeGreaterThan(a);
            if ('maxRows' in limit) expect(b - a).toBeLessThanOrEqual(limit.maxRows);
            // A page over the height holds one row alone (a row taller than a page).
            else if (b - a > 1)
              expect(heights.slice(a, b).reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(limit.maxHeight);
          }
        },
      ),
    );
  });

  it('rendered pages hold every drawn row once, in order, with spans and groups (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        // At least 3 rows a page: 40 rows and 3 group rows stay within the 20 images of a split.
        fc.integer({ min: 3, max: 12 }),
        fc.boolean(),
        async (count, maxRows, grouped) => {
          const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i}`, team: `T${i % 3}`, n: i }));
          const payload = {
            data: rows,
            options: {
              split: { maxRows },
              format: 'svg',
              ...(grouped ? { dataProcessing: { groupBy: 'team' } } : {}),
            },
          };
          const whole = await renderPayload({
            payload: { ...payload, options: { ...payload.options, split: undefined } },
          });
          const out = await renderPayload({ payload });
          const pages = out.pages ?? [out];
          expect(pages.length).toBe(Math.ceil(whole.drawn!.rows.length / maxRows));
          expect(pages.flatMap((p) => p.drawn!.rows)).toEqual(whole.drawn!.rows);
          pages.forEach((p, i) => {
            expect(p.drawn!.columns).toEqual(whole.drawn!.columns);
            expect(Buffer.from(p.bytes).toString('utf8')).toContain(`Page ${i + 1} of ${pages.length}`);
          });
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a rowspan cut by a page edge is shortened and repeated on the next page', async () => {
    const out = await renderPayload({
      payload: {
        headers: ['Region', 'City'],
        rows: [[{ value: 'North', rowspan: 4 }, 'A'], ['B'], ['C'], ['D'], ['South', 'E']],
        options: { split: { maxRows: 2 }, format: 'svg' },
      },
    });
    const pages = out.pages!;
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.drawn!.rows.map((r) => r.cells.join('|')))).toEqual([
      ['North|A', '|B'],
      ['North|C', '|D'],
      ['South|E'],
    ]);
  });
});
