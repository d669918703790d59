/**
 * A fast PNG encoder over the canvas's raw pixels. Skia's encoder spends ~30 ms on an 800×840
 * table here (zlib level 6 with adaptive filtering); tables are flat colour with antialiased text,
 * which deflate at level 2 squeezes as well and several times faster (see docs/benchmarks.md):
 * rows are stored unfiltered, except rows equal to the previous one, stored as Up-filtered zeros.
 * Output is a standard 8-bit RGBA PNG.
 *
 * Two entry points: `encodePng` (synchronous, one deflate on the calling thread) and
 * `encodePngParallel`, which deflates the two halves of a large image at the same time (one on a
 * libuv pool thread, one on the calling thread) and joins them into one zlib stream (the pigz technique: the first half ends
 * on a sync flush, the second is independent, the Adler-32 checksums are combined). It halves the
 * deflate's wall time on a multi-core machine for the same CPU.
 */
import { constants, crc32, createDeflate, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DEFAULT_LEVEL = 2;
/** Below this many filtered bytes a parallel deflate saves less than it costs to hand over. */
const PARALLEL_MIN_BYTES = 512 * 1024;
/** zlib output chunk: large, so a half is deflated in one pass without round trips. */
const CHUNK = 128 * 1024;

export interface PngOptions {
  /** zlib level, 2 by default. */
  level?: number;
  /** Written as a pHYs chunk. */
  dpi?: number;
  /** The caller knows every pixel is opaque (an opaque background was painted first). */
  opaque?: boolean;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * One scratch buffer per thread for the filtered scanlines (2.7 MB for the reference table):
 * allocating it per image costs page faults and makes V8 collect garbage more often. Images larger
 * than the cap, or an encode while another one holds it, get a buffer of their own.
 */
const SCRATCH_MAX = 16 * 1024 * 1024;
let scratch: Buffer | null = null;
let scratchBusy = false;

function takeBuffer(size: number): { buf: Buffer; release: () => void } {
  if (size > SCRATCH_MAX || scratchBusy) return { buf: Buffer.allocUnsafe(size), release: () => {} };
  if (!scratch || scratch.length < size)
    scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(size, 1024 * 1024)));
  scratchBusy = true;
  return { buf: scratch.subarray(0, size), release: () => void (scratchBusy = false) };
}

function isOpaque(pixels: Uint8Array): boolean {
  // 32-bit reads where aligned (alpha is the top byte on little-endian).
  if (pixels.byteOffset % 4 === 0) {
    const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.byteLength >> 2);
    for (let i = 0; i < words.length; i++) if (words[i]! < 0xff000000) return false;
    return true;
  }
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return false;
  return true;
}

/**
 * Writes the filtered scanlines into `raw` and returns, for each row, how many rows up to it carry
 * content (not Up-filtered zeros), so a caller can split the work evenly.
 */
function filterRows(pixels: Uint8Array, width: number, height: number, opaque: boolean, raw: Buffer): Uint32Array {
  const stride = width * 4;
  const src = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  const content = new Uint32Array(height);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    const start = y * stride;
    // A row identical to the one above (padding, plain backgrounds: about half of a table) is
    // written with the Up filter as zeros, which deflate skims through; compared natively.
    if (opaque && y > 0 && src.compare(src, start - stride, start, start, start + stride) === 0) {
      raw[o] = 2;
      raw.fill(0, o + 1, o + 1 + stride);
      content[y] = count;
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
    content[y] = ++count;
  }
  return content;
}

function assemble(width: number, height: number, idat: Buffer, dpi: number | undefined): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const parts = [SIGNATURE, chunk('IHDR', ihdr)];
  if (dpi) {
    const ppm = Math.round(dpi / 0.0254);
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(ppm, 0);
    phys.writeUInt32BE(ppm, 4);
    phys[8] = 1;
    parts.push(chunk('pHYs', phys));
  }
  parts.push(chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/**
 * `pixels` are premultiplied RGBA as Skia stores them. When every pixel is opaque (our tables
 * always paint an opaque background) premultiplied equals straight alpha and rows are copied as
 * they are; otherwise they are un-premultiplied.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number, opts: PngOptions = {}): Buffer {
  const opaque = opts.opaque ?? isOpaque(pixels);
  const { buf, release } = takeBuffer((width * 4 + 1) * height);
  try {
    filterRows(pixels, width, height, opaque, buf);
    return assemble(width, height, deflateSync(buf, { level: opts.level ?? DEFAULT_LEVEL }), opts.dpi);
  } finally {
    release();
  }
}

/** The same PNG as `encodePng`, byte for byte in its pixels, with the deflate split in two. */
export async function encodePngParallel(
  pixels: Uint8Array,
  width: number,
  height: number,
  opts: PngOptions = {},
): Promise<Buffer> {
  const size = (width * 4 + 1) * height;
  if (size < PARALLEL_MIN_BYTES || height < 2) return encodePng(pixels, width, height, opts);
  const opaque = opts.opaque ?? isOpaque(pixels);
  const level = opts.level ?? DEFAULT_LEVEL;
  const { buf, release } = takeBuffer(size);
  try {
    const content = filterRows(pixels, width, height, opaque, buf);
    // Split where half of the rows with content are behind: zero rows cost deflate next to nothing.
    const half = Math.ceil(content[height - 1]! / 2);
    let row = 1;
    while (row < height - 1 && content[row - 1]! < half) row++;
    const at = row * (width * 4 + 1);
    const idat = await deflateInTwo(buf.subarray(0, at), buf.subarray(at), level);
    return assemble(width, height, idat ?? deflateSync(buf, { level }), opts.dpi);
  } finally {
    release();
  }
}

/**
 * One zlib stream of `first` + `second`, deflated at the same time on two threads, or null
 * when zlib did not end the first half the way this relies on (the caller then deflates serially).
 *
 * The first half goes through a stream flushed with Z_SYNC_FLUSH (its blocks end byte-aligned and
 * none is final) and then finished, which adds an empty final block (`03 00`) and the half's
 * Adler-32. The second half is an ordinary zlib stream whose last block is final. The result is
 * the first half's header and blocks, the second half's blocks, and the combined checksum.
 */
export async function deflateInTwo(first: Buffer, second: Buffer, level: number): Promise<Buffer | null> {
  // The first half on a pool thread, the second meanwhile on this one.
  const pending = deflateFlushed(first, level);
  let b: Buffer;
  try {
    b = deflateSync(second, { level });
  } catch (error) {
    await pending.catch(() => {});
    throw error;
  }
  const a = await pending;
  const n = a.length;
  // …00 00 ff ff (the sync flush's empty stored block), 03 00 (empty final block), Adler-32.
  if (
    n < 12 ||
    a[n - 10] !== 0x00 ||
    a[n - 9] !== 0x00 ||
    a[n - 8] !== 0xff ||
    a[n - 7] !== 0xff ||
    a[n - 6] !== 0x03 ||
    a[n - 5] !== 0x00
  )
    return null;
  if (b.length < 6) return null;
  const adler = adler32Combine(a.readUInt32BE(n - 4), b.readUInt32BE(b.length - 4), second.length);
  const out = Buffer.allocUnsafe(n - 6 + b.length - 2);
  a.copy(out, 0, 0, n - 6);
  b.copy(out, n - 6, 2, b.length - 4);
  out.writeUInt32BE(adler, out.length - 4);
  return out;
}

function deflateFlushed(data: Buffer, level: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = createDeflate({ level, chunkSize: CHUNK });
    const parts: Buffer[] = [];
    z.on('data', (part: Buffer) => parts.push(part));
    z.on('end', () => resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts)));
    z.on('error', reject);
    z.write(data);
    z.flush(constants.Z_SYNC_FLUSH, () => z.end());
  });
}

const BASE = 65521;

/** zlib's adler32_combine: the checksum of A + B from those of A and B and B's length. */
export function adler32Combine(adler1: number, adler2: number, len2: number): number {
  const rem = len2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
