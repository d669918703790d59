/**
 * options.split in the engine (issue #25 item 3): the pages together hold every row exactly once,
 * in order (fast-check, over the page planner and over real renders with groups and spans); a PDF
 * split is one document whose pages each start a group of rows (read back with poppler).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@jsonable/domain/errors';
import { renderPayload } from './support/payload';
import { hasPoppler, poppler } from './support/poppler';
import { pixels } from './support/rasterize';
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

/** The text of each page of a PDF (pdftotext, a form feed after each page). */
const pageTexts = (bytes: Uint8Array): string[] =>
  poppler(bytes, 'pdftotext', '-layout', 'file', '-').toString('utf8').split('\f').slice(0, -1);
const itemsOn = (text: string) => [...text.matchAll(/Item (\d+)\b/g)].map((m) => Number(m[1]));
const items = (count: number) => ({
  title: 'Orders',
  headers: ['Name', 'Qty'],
  rows: Array.from({ length: count }, (_, i) => [`Item ${i + 1}`, i + 1]),
});

describe.skipIf(!hasPoppler)('a split PDF (maxRows): one document, a page per group of rows', () => {
  it('starts each group of rows on a new page with the header and "Page i of n", in one file', async () => {
    const out = await renderPayload({ payload: { ...items(23), options: { split: { maxRows: 10 }, format: 'pdf' } } });
    expect(out.format).toBe('pdf');
    expect(out.pages).toBeUndefined();
    const pages = pageTexts(out.bytes);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toMatch(/Name\s+Qty/);
      expect(text).toContain(`Page ${i + 1} of 3`);
    });
    expect(pages.map(itemsOn)).toEqual([
      Array.from({ length: 10 }, (_, i) => i + 1),
      Array.from({ length: 10 }, (_, i) => i + 11),
      [21, 22, 23],
    ]);
    // The title runs above the table on the pages after the first, as in any PDF of ours.
    expect(pages[1]).toContain('Orders');
    // Alt text and twins hold the whole table once.
    expect(out.drawn!.rows.map((r) => r.cells[0])).toEqual(Array.from({ length: 23 }, (_, i) => `Item ${i + 1}`));
    expect(out.rows).toBe(23);
    // The header's blue band is at the top of the table on every page (pdftoppm, 72 dpi).
    for (let p = 1; p <= 3; p++) {
      const png = await pixels(
        poppler(out.bytes, 'pdftoppm', '-r', '72', '-f', String(p), '-l', String(p), '-png', '-singlefile', 'file'),
      );
      let firstBlue = -1;
      for (let y = 0; y < png.height && firstBlue < 0; y++) {
        for (let x = 0; x < png.width; x += 4) {
          const k = (y * png.width + x) * 4;
          if (png.data[k]! < 90 && png.data[k + 1]! < 140 && png.data[k + 2]! > 180) {
            firstBlue = y;
            break;
          }
        }
      }
      expect(firstBlue, `page ${p}`).toBeGreaterThan(30);
      expect(firstBlue, `page ${p}`).toBeLessThan(p === 1 ? 110 : 80);
    }
  });

  it('cuts a rowspan at a page edge and repeats it, and a group taller than a sheet goes on over the next', async () => {
    const spanned = await renderPayload({
      payload: {
        headers: ['Region', 'City'],
        rows: [[{ value: 'North', rowspan: 4 }, 'A'], ['B'], ['C'], ['D'], ['South', 'E']],
        options: { split: { maxRows: 2 }, format: 'pdf' },
      },
    });
    const texts = pageTexts(spanned.bytes);
    expect(texts).toHaveLength(3);
    expect(texts.map((t) => /North/.test(t))).toEqual([true, true, false]);
    // The twin reads North once, as the table has it.
    expect(spanned.drawn!.rows.map((r) => r.cells.join('|'))).toEqual(['North|A', '|B', '|C', '|D', 'South|E']);
    // 120 rows of about 42 px do not fit one A4 sheet: the one group runs over two sheets.
    const tall = await renderPayload({
      payload: { ...items(120), options: { split: { maxRows: 100 }, format: 'pdf' } },
    });
    const tallPages = pageTexts(tall.bytes);
    expect(tallPages.length).toBeGreaterThan(2);
    const last = tallPages.length;
    expect(itemsOn(tallPages[last - 1]!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 101));
    expect(tallPages[last - 1]).toContain(`Page ${last} of ${last}`);
    expect(tallPages.flatMap(itemsOn)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it('refuses more pages than a PDF may have with 413 naming options.split.maxRows', async () => {
    const error = await renderPayload({
      payload: { ...items(101), options: { split: { maxRows: 1 }, format: 'pdf' } },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(413);
    expect((error as Error).message).toMatch(/101 pages \(at most 100\).*options\.split\.maxRows/);
  });

  it('property: page i holds exactly the i-th group of maxRows rows, each page numbered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 12 }), async (count, maxRows) => {
        const out = await renderPayload({
          payload: { ...items(count), options: { split: { maxRows }, format: 'pdf' } },
        });
        const pages = pageTexts(out.bytes);
        const groups = planPages(new Array<number>(count).fill(0), { maxRows }).map(([a, b]) =>
          Array.from({ length: b - a }, (_, i) => a + i + 1),
        );
        expect(pages.map(itemsOn)).toEqual(groups);
        pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages.length}`));
      }),
      { numRuns: 12 },
    );
  });
});
