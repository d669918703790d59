/**
 * The engine's own PNG encoder: the serial and the two-thread deflate give the same pixels as the
 * canvas holds, in a zlib stream that zlib itself (and Skia's decoder) accept, checksum included.
 */
import { adler32Combine, deflateInTwo, encodePng, encodePngParallel } from '../src/paint/png';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import fc from 'fast-check';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Adler-32 the slow, obvious way. */
function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** The IDAT payload of a PNG (one IDAT chunk, as our encoder writes). */
function idat(png: Buffer): Buffer {
  let at = 8;
  const parts: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  return Buffer.concat(parts);
}

/** Scanlines back to RGBA: undoes filters 0 (None) and 2 (Up), the only ones written. */
function unfilter(raw: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    expect([0, 2]).toContain(filter);
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      out[y * stride + i] = filter === 2 && y > 0 ? (v + out[(y - 1) * stride + i]!) & 255 : v;
    }
  }
  return out;
}

/** A table-like picture: bands of flat colour, a few text-like speckles, repeated rows. */
function tableLike(width: number, height: number, seed: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  for (let y = 0; y < height; y += 24) {
    ctx.fillStyle = (y / 24) % 2 ? '#f9fafb' : '#ffffff';
    ctx.fillRect(0, y, width, 24);
    ctx.fillStyle = '#1f2937';
    ctx.font = '14px sans-serif';
    ctx.fillText(`row ${y} · ${seed}`, 8 + (seed % 17), y + 16);
  }
  return canvas.data();
}

describe('adler32Combine', () => {
  it('gives the checksum of the concatenation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 70_000 }), (a, b) => {
        const both = new Uint8Array(a.length + b.length);
        both.set(a);
        both.set(b, a.length);
        expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(both));
      }),
      { numRuns: 60 },
    );
  });
});

describe('deflateInTwo', () => {
  it('joins two halves into one zlib stream that inflates to the whole, checksum verified', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 5_000 }),
        fc.uint8Array({ minLength: 1, maxLength: 5_000 }),
        fc.integer({ min: 1, max: 6 }),
        async (a, b, level) => {
          const joined = await deflateInTwo(Buffer.from(a), Buffer.from(b), level);
          expect(joined).not.toBeNull();
          // inflateSync checks the Adler-32 trailer and throws on a mismatch.
          expect(inflateSync(joined!).equals(Buffer.concat([a, b]))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is refused by zlib when the checksum is wrong (the check above can fail)', async () => {
    const joined = (await deflateInTwo(Buffer.from('first half '), Buffer.from('second half'), 2))!;
    joined[joined.length - 1] = joined[joined.length - 1]! ^ 1;
    expect(() => inflateSync(joined)).toThrow();
  });
});

describe('encodePng and encodePngParallel', () => {
  it('write the canvas pixels exactly, serial and split, with a valid zlib stream', async () => {
    for (const [width, height, seed] of [
      [800, 840, 1],
      [640, 700, 7],
      [300, 2_000, 3],
    ] as const) {
      const pixels = tableLike(width, height, seed);
      const serial = encodePng(pixels, width, height, { opaque: true });
      const split = await encodePngParallel(pixels, width, height, { opaque: true });
      for (const png of [serial, split]) {
        expect(unfilter(inflateSync(idat(png)), width, height).equals(pixels)).toBe(true);
        const decoded = await loadImage(png);
        expect([decoded.width, decoded.height]).toEqual([width, height]);
      }
      // Compact: within a few per cent of a single stream.
      expect(split.length).toBeLessThan(serial.length * 1.05);
    }
  });

  it('un-premultiplies translucent pixels and finds opacity by itself', async () => {
    const canvas = createCanvas(400, 400);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = 'rgba(255, 0, 0, 0.5)';
    ctx.fillRect(0, 0, 400, 400);
    const pixels = canvas.data();
    const png = await encodePngParallel(pixels, 400, 400);
    const raw = unfilter(inflateSync(idat(png)), 400, 400);
    expect([...raw.subarray(0, 4)]).toEqual([255, 0, 0, 128]);
    const small = encodePng(pixels.subarray(0, 16), 2, 2);
    expect([...unfilter(inflateSync(idat(small)), 2, 2).subarray(0, 4)]).toEqual([255, 0, 0, 128]);
  });

  it('keeps the two encodes of concurrent calls apart (shared scratch buffer)', async () => {
    const a = tableLike(800, 840, 11);
    const b = tableLike(800, 840, 12);
    const [pa, pb] = await Promise.all([
      encodePngParallel(a, 800, 840, { opaque: true }),
      encodePngParallel(b, 800, 840, { opaque: true }),
    ]);
    expect(unfilter(inflateSync(idat(pa)), 800, 840).equals(a)).toBe(true);
    expect(unfilter(inflateSync(idat(pb)), 800, 840).equals(b)).toBe(true);
  });

  it('encodes small images serially: the same bytes as encodePng', async () => {
    const pixels = tableLike(200, 200, 5);
    const png = encodePng(pixels, 200, 200, { opaque: true, dpi: 192 });
    expect((await encodePngParallel(pixels, 200, 200, { opaque: true, dpi: 192 })).equals(png)).toBe(true);
    expect(png.includes(Buffer.from('pHYs'))).toBe(true);
  });
});

describe('the engine reusing its canvas', () => {
  it('paints each table on a cleared canvas: a transparent table after an opaque one of the same size', async () => {
    const { renderPayload } = await import('./support/payload');
    const table = (backgroundColor: string, cell: string) => ({
      headers: ['A', 'B'],
      rows: [
        [cell, 'x'],
        ['y', 'z'],
      ],
      styles: {
        backgroundColor,
        headerBgColor: backgroundColor,
        rowEvenBgColor: backgroundColor,
        rowOddBgColor: backgroundColor,
      },
    });
    const pixelsOf = async (png: Uint8Array) => {
      const img = await loadImage(Buffer.from(png));
      const c = createCanvas(img.width, img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      return c.data();
    };
    const fresh = await pixelsOf((await renderPayload({ payload: table('transparent', 'ab'), format: 'png' })).bytes);
    await renderPayload({ payload: table('#ff0000', 'ab'), format: 'png' });
    const afterOpaque = await renderPayload({ payload: table('transparent', 'ab'), format: 'png' });
    expect((await pixelsOf(afterOpaque.bytes)).equals(fresh)).toBe(true);
    // Most of it is transparent, not the red of the table before.
    const pixels = await pixelsOf(afterOpaque.bytes);
    let clear = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] === 0) clear++;
    expect(clear).toBeGreaterThan(pixels.length / 8);
  });
});
