import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fittedSize } from '../src/images/area-average';
import { decodeGifAtSize } from '../src/images/gif-at-size';
import { encodeGif, type GifSpec } from './support/gif-encode';
import { expectLikeSkia } from './support/pixels';

/**
 * A one-frame GIF up to 40 × 40 with a frame anywhere inside the screen, 2–256 colours (so LZW
 * codes of 3 to 12 bits, and full tables that are cleared), global or local table, a transparent
 * index or none, interlaced or not. Runs of one index make long LZW strings.
 */
const anyGif = fc
  .record({
    screenWidth: fc.integer({ min: 1, max: 40 }),
    screenHeight: fc.integer({ min: 1, max: 40 }),
    frame: fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ),
    bits: fc.integer({ min: 1, max: 8 }),
    local: fc.boolean(),
    transparent: fc.boolean(),
    interlaced: fc.boolean(),
    runs: fc.integer({ min: 1, max: 6 }),
    seed: fc.integer({ min: 0, max: 2 ** 30 }),
  })
  .map((r): GifSpec => {
    let s = r.seed;
    const rand = (n: number) => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s % (n + 1));
    const left = Math.min(r.screenWidth - 1, Math.floor(r.frame[0] * r.screenWidth));
    const top = Math.min(r.screenHeight - 1, Math.floor(r.frame[1] * r.screenHeight));
    const width = 1 + Math.floor(r.frame[2] * (r.screenWidth - left - 1));
    const height = 1 + Math.floor(r.frame[3] * (r.screenHeight - top - 1));
    const entries = 1 << r.bits;
    const indices = Array.from({ length: width * height }, (_, i) => (i % r.runs === 0 ? rand(entries - 1) : -1));
    for (let i = 1; i < indices.length; i++) if (indices[i] === -1) indices[i] = indices[i - 1]!;
    return {
      screenWidth: r.screenWidth,
      screenHeight: r.screenHeight,
      frame: { left, top, width, height },
      palette: Array.from({ length: entries * 3 }, () => rand(255)),
      local: r.local,
      transparent: r.transparent ? rand(entries - 1) : undefined,
      interlaced: r.interlaced,
      index: (x, y) => indices[y * width + x]!,
    };
  });

describe('GIF decoded at the size it is drawn', () => {
  it('at full size, gives the pixels Skia gives for the first frame', async () => {
    await fc.assert(
      fc.asyncProperty(anyGif, async (spec) => {
        const gif = encodeGif(spec);
        await expectLikeSkia(gif, decodeGifAtSize(gif, spec.screenWidth, spec.screenHeight)!);
      }),
      { numRuns: 150 },
    );
  });

  it('scaled down, is the area average of the full-size pixels', async () => {
    await fc.assert(
      fc.asyncProperty(anyGif, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), async (spec, w, h) => {
        const gif = encodeGif(spec);
        await expectLikeSkia(gif, decodeGifAtSize(gif, w, h)!, fittedSize(spec.screenWidth, spec.screenHeight, w, h));
      }),
      { numRuns: 150 },
    );
  });

  it('decodes a large frame whose LZW table fills and is cleared many times', async () => {
    let s = 7;
    const spec: GifSpec = {
      screenWidth: 300,
      screenHeight: 200,
      frame: { left: 0, top: 0, width: 300, height: 200 },
      palette: Array.from({ length: 256 * 3 }, (_, i) => (i * 37) & 255),
      index: () => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s >> 23),
    };
    const gif = encodeGif(spec);
    await expectLikeSkia(gif, decodeGifAtSize(gif, 300, 200)!);
  });

  it('leaves to Skia what it does not draw as Skia does, and refuses what is not a GIF', () => {
    const base: GifSpec = {
      screenWidth: 4,
      screenHeight: 4,
      frame: { left: 2, top: 0, width: 4, height: 4 },
      palette: [0, 0, 0, 255, 255, 255],
      index: (x) => x & 1,
    };
    expect(decodeGifAtSize(encodeGif(base), 4, 4)).toBeNull(); // frame past the screen
    // Without its global colour table (6 bytes after the 13-byte header) and with no local one.
    const withTable = encodeGif({ ...base, frame: { left: 0, top: 0, width: 4, height: 4 } });
    const noTable = Buffer.concat([withTable.subarray(0, 13), withTable.subarray(19)]);
    noTable[10] = 0;
    expect(decodeGifAtSize(noTable, 4, 4)).toBeNull();
    expect(() => decodeGifAtSize(Buffer.from('GIF89a but then nothing at all'), 4, 4)).toThrow();
    expect(() => decodeGifAtSize(Buffer.from('not a gif'), 4, 4)).toThrow(/not a GIF/);
  });
});
