/**
 * A fast PNG encoder over the canvas's raw pixels. Skia's encoder spends ~30 ms on an 800×840
 * table here (zlib level 6 with adaptive filtering); tables are flat colour with antialiased text,
 * which deflate at level 2 squeezes as well and several times faster (see docs/benchmarks.md):
 * rows are stored unfiltered, except rows equal to the previous one, stored as Up-filtered zeros. Output is a standard 8-bit RGBA (or RGB) PNG.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * `pixels` are premultiplied RGBA as Skia stores them. When every pixel is opaque (our tables
 * always paint an opaque background) premultiplied equals straight alpha and rows are copied as
 * they are; otherwise they are un-premultiplied.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number, opts: { level?: number; dpi?: number } = {}): Buffer {
  const stride = width * 4;
  const raw = Buffer.allocUnsafe((stride + 1) * height);
  const src = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  let opaque = true;
  // Cheap opacity scan with 32-bit reads (alpha is the top byte on little-endian).
  const words = pixels.byteOffset % 4 === 0 ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.byteLength >> 2) : null;
  if (words) {
    for (let i = 0; i < words.length; i++) if (words[i]! < 0xff000000) { opaque = false; break; }
  } else {
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) { opaque = false; break; }
  }
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    const start = y * stride;
    // A row identical to the one above (padding, plain backgrounds: about half of a table) is
    // written with the Up filter as zeros, which deflate skims through; compared natively.
    if (opaque && y > 0 && src.compare(src, start - stride, start, start, start + stride) === 0) {
      raw[o] = 2;
      raw.fill(0, o + 1, o + 1 + stride);
      continue;
    }
    raw[o] = 0;
    src.copy(raw, o + 1, start, start + stride);
    if (!opaque) {
      for (let i = o + 1; i < o + 1 + stride; i += 4) {
        const a = raw[i + 3]!;
        if (a !== 0 && a !== 255) {
          raw[i] = Math.min(255, Math.round((raw[i]! * 255) / a));
          raw[i + 1] = Math.min(255, Math.round((raw[i + 1]! * 255) / a));
          raw[i + 2] = Math.min(255, Math.round((raw[i + 2]! * 255) / a));
        }
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const parts = [SIGNATURE, chunk('IHDR', ihdr)];
  if (opts.dpi) {
    const ppm = Math.round(opts.dpi / 0.0254);
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(ppm, 0);
    phys.writeUInt32BE(ppm, 4);
    phys[8] = 1;
    parts.push(chunk('pHYs', phys));
  }
  parts.push(chunk('IDAT', deflateSync(raw, { level: opts.level ?? 2 })), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
