import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fittedSize } from '../src/images/area-average';
import { decodePngAtSize } from '../src/images/png-at-size';
import { encodePng, type PngSpec } from './support/png-encode';
import { expectLikeSkia } from './support/pixels';

const MAX = { 1: 1, 2: 3, 4: 15, 8: 255, 16: 65535 } as const;
const COMBOS: Array<Pick<PngSpec, 'colorType' | 'depth'>> = [
  ...([1, 2, 4, 8, 16] as const).map((depth) => ({ colorType: 0 as const, depth })),
  ...([1, 2, 4, 8] as const).map((depth) => ({ colorType: 3 as const, depth })),
  ...([8, 16] as const).flatMap((depth) =>
    [2, 4, 6].map((colorType) => ({ colorType: colorType as 2 | 4 | 6, depth })),
  ),
];
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

/** A PNG of any colour type, depth and size up to 24 × 24, with random samples, palette and tRNS. */
const anyPng = fc
  .record({
    combo: fc.constantFrom(...COMBOS),
    width: fc.integer({ min: 1, max: 24 }),
    height: fc.integer({ min: 1, max: 24 }),
    interlaced: fc.boolean(),
    seed: fc.integer({ min: 0, max: 2 ** 30 }),
    withTrns: fc.boolean(),
  })
  .map(({ combo, width, height, interlaced, seed, withTrns }): PngSpec => {
    const { colorType, depth } = combo;
    let s = seed;
    const rand = (n: number) => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s % (n + 1));
    const entries = colorType === 3 ? 1 << depth : 0;
    const palette = colorType === 3 ? Array.from({ length: entries * 3 }, () => rand(255)) : undefined;
    const samples = Array.from({ length: width * height }, () =>
      Array.from({ length: CHANNELS[colorType] }, () => rand(colorType === 3 ? entries - 1 : MAX[depth])),
    );
    // A transparent key that some pixels match (grey/RGB), or an alpha per palette entry.
    const key = samples[0]!;
    const trns =
      !withTrns || colorType === 4 || colorType === 6
        ? undefined
        : colorType === 3
          ? Array.from({ length: Math.max(1, entries >> 1) }, () => rand(255))
          : key.flatMap((v) => [v >> 8, v & 255]);
    return { width, height, colorType, depth, interlaced, palette, trns, sample: (x, y) => samples[y * width + x]! };
  });

describe('PNG decoded at the size it is drawn', () => {
  it('at full size, gives the pixels Skia gives, for every colour type, depth, filter and interlacing', async () => {
    await fc.assert(
      fc.asyncProperty(anyPng, async (spec) => {
        const png = encodePng(spec);
        await expectLikeSkia(png, (await decodePngAtSize(png, spec.width, spec.height))!);
      }),
      { numRuns: 150 },
    );
  });

  it('scaled down, is the area average of the full-size pixels', async () => {
    await fc.assert(
      fc.asyncProperty(anyPng, fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), async (spec, w, h) => {
        const png = encodePng(spec);
        await expectLikeSkia(png, (await decodePngAtSize(png, w, h))!, fittedSize(spec.width, spec.height, w, h));
      }),
      { numRuns: 150 },
    );
  });

  it('sums row by row, or the whole target when interlaced, up to a megapixel (then the caller decodes)', async () => {
    const spec = (interlaced: boolean) =>
      encodePng({ width: 2100, height: 1000, colorType: 0, depth: 1, interlaced, sample: (x) => [x & 1] });
    expect((await decodePngAtSize(spec(false), 2000, 900))?.width).toBe(1890);
    expect(await decodePngAtSize(spec(true), 2000, 900)).toBeNull();
    const small = (await decodePngAtSize(spec(true), 1050, 500))!;
    expect([small.width, small.height, ...small.data.subarray(0, 4)]).toEqual([1050, 500, 128, 128, 128, 255]);
  });

  it('refuses what is not a PNG it can read (the caller draws a placeholder)', async () => {
    const good = encodePng({ width: 4, height: 4, colorType: 6, depth: 8, sample: () => [1, 2, 3, 4] });
    await expect(decodePngAtSize(Buffer.from('not a png at all, just some text here'), 4, 4)).rejects.toThrow();
    const corrupt = Buffer.from(good);
    corrupt[25] = 5; // no such colour type
    await expect(decodePngAtSize(corrupt, 4, 4)).rejects.toThrow();
    const tall = Buffer.from(good);
    tall.writeUInt32BE(100_000, 20);
    await expect(decodePngAtSize(tall, 4, 4)).rejects.toThrow(/too wide or tall/);
  });
});
