import { describe, expect, it } from 'vitest';
import { renderTable } from '../src/engine';
import { decodeImages } from '../src/paint/canvas';
import { bombTable, paletteBomb } from './support/image-bomb';

describe('cell images within a memory budget', () => {
  it('keeps a decoded image at most at the size it is drawn', async () => {
    const big = paletteBomb(2000, 1000);
    const small = paletteBomb(40, 20, 1);
    const out = await decodeImages(new Map([['big', big], ['small', small]]), new Map([['big', { width: 100, height: 100 }], ['small', { width: 100, height: 100 }]]));
    expect([out.get('big')?.width, out.get('big')?.height]).toEqual([100, 50]);
    expect([out.get('small')?.width, out.get('small')?.height]).toEqual([40, 20]);
  });

  it('draws images past the budget as placeholders, in every format, with one warning', async () => {
    const budget = { pixels: 2 * 1000 * 1000, bytes: 1024 * 1024 };
    for (const format of ['png', 'svg', 'pdf'] as const) {
      const out = await renderTable({ payload: bombTable(5, 1000, format), imageBudget: budget });
      expect(out.format).toBe(format);
      expect(out.warnings, format).toEqual(["3 images were over this table's image budget (2 megapixels decoded, 1 MB in all); placeholders were drawn"]);
    }
  });
});
