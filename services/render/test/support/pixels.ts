import { expect } from 'vitest';
import type { ScaledBitmap } from '../../src/images/area-average';
import { pixels as skiaPixels, type Pixels } from './rasterize';

/**
 * What a decode at size (png-at-size.ts, gif-at-size.ts) must give for `encoded`, against Skia's
 * decode of the same file (non-premultiplied RGBA, the reference): Skia's pixels at full size, or,
 * scaled down to `size`, their area average.
 */
export async function expectLikeSkia(encoded: Buffer, ours: ScaledBitmap, size?: { width: number; height: number }) {
  const skia = await skiaPixels(encoded);
  const want = size ?? skia;
  expect([ours.width, ours.height]).toEqual([want.width, want.height]);
  if (size) expectClose(ours.data, boxAverage(skia, size.width, size.height), 1);
  else expectClose(ours.data, skia.data);
}

/** Equal up to rounding: alpha exactly (±1 when averaged), colour within ±1 once weighed by alpha. */
function expectClose(actual: Uint8ClampedArray, expected: Uint8ClampedArray, alphaSlack = 0): void {
  expect(actual.length).toBe(expected.length);
  // One expect for the first pixel off (an expect per channel is slow on large images).
  for (let p = 0; p < actual.length; p += 4) {
    const a = expected[p + 3]!;
    let off = Math.abs(actual[p + 3]! - a) > alphaSlack;
    for (let k = 0; k < 3; k++) off ||= (Math.abs(actual[p + k]! - expected[p + k]!) * a) / 255 > 1.5;
    if (off)
      expect.fail(`pixel ${p / 4}: got ${[...actual.subarray(p, p + 4)]}, Skia ${[...expected.subarray(p, p + 4)]}`);
  }
}

/** The reference downscale: each source pixel into one target pixel, averaged premultiplied. */
function boxAverage(src: Pixels, w: number, h: number): Uint8ClampedArray {
  const sum = new Float64Array(w * h * 4);
  const count = new Float64Array(w * h);
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < src.width; x++) {
      const o = Math.floor((y * h) / src.height) * w + Math.floor((x * w) / src.width);
      const p = (y * src.width + x) * 4;
      const a = src.data[p + 3]!;
      for (let k = 0; k < 3; k++) sum[o * 4 + k]! += src.data[p + k]! * a;
      sum[o * 4 + 3]! += a;
      count[o]!++;
    }
  }
  const out = new Uint8ClampedArray(w * h * 4);
  for (let o = 0; o < w * h; o++) {
    const a = sum[o * 4 + 3]!;
    if (a === 0) continue;
    for (let k = 0; k < 3; k++) out[o * 4 + k] = sum[o * 4 + k]! / a;
    out[o * 4 + 3] = a / count[o]!;
  }
  return out;
}
