/**
 * WebP and AVIF (issue #29): real files of the PNG's size and look, at the requested quality,
 * within their own pixel limits.
 */
import { loadImage } from '@napi-rs/canvas';
import { tableLimits } from '@jsonable/contracts/render-api';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@jsonable/domain/errors';
import { examples } from '@jsonable/contracts/examples';
import { renderPayload } from './support/payload';
import { pixels } from './support/rasterize';

const reference = examples[1]!.payload;

/** Mean absolute difference per channel (0–255) between two images of one size. */
function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe.each(['webp', 'avif'] as const)('%s', (format) => {
  const magic =
    format === 'webp'
      ? (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP'
      : (b: Buffer) => b.toString('latin1', 4, 12) === 'ftypavif';

  it("decodes to the PNG's dimensions and looks like it", async () => {
    const png = await renderPayload({ payload: reference, format: 'png' });
    const out = await renderPayload({ payload: reference, format });
    expect(out.format).toBe(format);
    expect(out.contentType).toBe(`image/${format}`);
    expect(magic(Buffer.from(out.bytes))).toBe(true);
    const [a, b] = await Promise.all([pixels(Buffer.from(png.bytes)), pixels(Buffer.from(out.bytes))]);
    expect({ width: b.width, height: b.height }).toEqual({ width: png.width, height: png.height });
    expect({ width: out.width, height: out.height }).toEqual({ width: png.width, height: png.height });
    // Lossy at quality 90: close to the PNG, not equal to a blank or shifted image.
    expect(meanDifference(a.data, b.data)).toBeLessThan(3);
  });

  it('honours quality: a lower quality makes a smaller file, and the device scale factor', async () => {
    const low = await renderPayload({ payload: { ...reference, options: { quality: 20 } }, format });
    const high = await renderPayload({ payload: { ...reference, options: { quality: 95 } }, format });
    expect(high.size).toBeGreaterThan(low.size * 1.3);
    const viaStyles = await renderPayload({
      payload: { ...reference, styles: { imageQuality: 2, imageFormat: format } },
    });
    expect(viaStyles.format).toBe(format);
    expect(viaStyles.size).toBeLessThan(high.size);
    const two = await renderPayload({ payload: { ...reference, options: { deviceScaleFactor: 2 } }, format });
    const decoded = await loadImage(Buffer.from(two.bytes));
    expect(decoded.width).toBe(low.width * 2);
  });

  it('refuses a table over its own pixel limit with a 413 naming the format', async () => {
    // WebP: taller than its 16,383-pixel side; AVIF: 4000 px wide and ~150 rows, within the
    // PNG limits but past AVIF's pixel total.
    const rows = Array.from({ length: format === 'webp' ? 600 : 150 }, (_, i) => [i]);
    const err = await renderPayload({ payload: { headers: ['n'], rows, options: { width: 4000 } }, format }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).status).toBe(413);
    const { side, total } = tableLimits.rasterPixels[format];
    expect((err as Error).message).toContain(
      format === 'webp' ? `at most ${side} per side in WebP` : `(at most ${total} in AVIF)`,
    );
  });
});
