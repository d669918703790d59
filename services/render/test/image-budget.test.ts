import type { Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { decodeImages, freeImages } from '../src/paint/canvas';
import { encodeGif } from './support/gif-encode';
import { bombTable, paletteBomb } from './support/image-bomb';
import { renderPayload } from './support/payload';

describe('cell images within a memory budget', () => {
  it('keeps a decoded image at most at the size it is drawn', async () => {
    const big = paletteBomb(2000, 1000);
    const small = paletteBomb(40, 20, 1);
    const out = await decodeImages(
      new Map([
        ['big', big],
        ['small', small],
      ]),
      new Map([
        ['big', { width: 100, height: 100 }],
        ['small', { width: 100, height: 100 }],
      ]),
    );
    expect([out.get('big')?.width, out.get('big')?.height]).toEqual([100, 50]);
    expect([out.get('small')?.width, out.get('small')?.height]).toEqual([40, 20]);
  });

  it('decodes a PNG bomb straight to its drawn size: no bitmap larger than that is ever allocated', async () => {
    // 4000 × 4000 pixels in ~2 KB, drawn in a 60 × 40 cell at a device scale of 2.
    const drawn = { width: 120, height: 80 };
    const sizes: Array<[number, number]> = [];
    const out = await decodeImages(new Map([['bomb', paletteBomb(4000, 4000)]]), new Map([['bomb', drawn]]), (w, h) =>
      sizes.push([w, h]),
    );
    expect([out.get('bomb')?.width, out.get('bomb')?.height]).toEqual([80, 80]);
    expect(sizes.length).toBeGreaterThan(0);
    for (const [w, h] of sizes) expect(w * h).toBeLessThanOrEqual(drawn.width * drawn.height);
    // Its pixels are the bomb's palette colour 0, not a placeholder.
    const px = (out.get('bomb') as Canvas).getContext('2d').getImageData(40, 40, 1, 1).data;
    expect([...px]).toEqual([0, 0, 0x80, 255]);
  });

  it('decodes a GIF bomb straight to its drawn size too (its first frame; no larger bitmap is allocated)', async () => {
    // 4000 × 4000 pixels of one colour in ~30 KB of LZW codes.
    const gif = encodeGif({
      screenWidth: 4000,
      screenHeight: 4000,
      frame: { left: 0, top: 0, width: 4000, height: 4000 },
      palette: [0, 0, 0x80, 255, 255, 255],
      index: () => 0,
    });
    const drawn = { width: 120, height: 80 };
    const sizes: Array<[number, number]> = [];
    const out = await decodeImages(new Map([['bomb', gif]]), new Map([['bomb', drawn]]), (w, h) => sizes.push([w, h]));
    expect([out.get('bomb')?.width, out.get('bomb')?.height]).toEqual([80, 80]);
    expect(sizes).toEqual([[80, 80]]);
    const px = (out.get('bomb') as Canvas).getContext('2d').getImageData(40, 40, 1, 1).data;
    expect([...px]).toEqual([0, 0, 0x80, 255]);
  });

  it('frees the scaled copies it made once they are drawn (not when the collector gets to them)', async () => {
    const bytes = new Map([
      ['bomb', paletteBomb(4000, 4000)],
      ['small', paletteBomb(40, 20, 1)],
    ]);
    const out = await decodeImages(
      bytes,
      new Map([
        ['bomb', { width: 100, height: 100 }],
        ['small', { width: 100, height: 100 }],
      ]),
    );
    freeImages(out);
    expect([out.get('bomb')?.width, out.get('bomb')?.height]).toEqual([1, 1]);
    // Skia's own decode (an Image, not a canvas of ours) is left as it is.
    expect([out.get('small')?.width, out.get('small')?.height]).toEqual([40, 20]);
  });

  it('draws images past the budget as placeholders, in every format, with one warning', async () => {
    const budget = { pixels: 2 * 1000 * 1000, bytes: 1024 * 1024 };
    for (const format of ['png', 'svg', 'pdf'] as const) {
      const out = await renderPayload({ payload: bombTable(5, 1000, format), imageBudget: budget });
      expect(out.format).toBe(format);
      expect(out.warnings, format).toEqual([
        "3 images were over this table's image budget (2 megapixels decoded, 1 MB in all); placeholders were drawn",
      ]);
    }
  });
});
