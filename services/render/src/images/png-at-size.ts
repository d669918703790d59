/**
 * Decodes a PNG straight to a smaller size, so that its full-size bitmap never exists: the pixel
 * data is inflated a piece at a time, each row is unfiltered and its pixels are added into an
 * area average (box filter) of the target size. Memory is the target bitmap (4 bytes a pixel),
 * the sums of one target row and two rows of the source, whatever the source's size: a 2 KB
 * palette PNG that claims 4000 × 4000 pixels (64 MB of RGBA) decodes to a 100 × 100 cell in
 * ~50 KB. (Interlaced PNGs keep sums for the whole target; see MAX_WHOLE_TARGET_SUMS.)
 *
 * Skia (@napi-rs/canvas) decodes only at full size (its Image's width/height affect SVG alone), so
 * this is the engine's decode-at-size for PNG, the format of the cheap decompression bombs. Colour
 * profiles and gamma chunks are not applied (Skia converts an embedded ICC profile to sRGB).
 */
import { createInflate } from 'node:zlib';
import { AreaAverage, fittedSize, MAX_WHOLE_TARGET_SUMS, type ScaledBitmap } from './area-average';

/** Wider or taller PNGs are refused (a row of 65,535 16-bit RGBA pixels is 512 KB). */
const MAX_SIDE = 65_535;

/** Samples a pixel of each colour type (grey, RGB, palette, grey and alpha, RGBA). */
export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7 passes: x start, y start, x step, y step. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Header {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlaced: boolean;
  palette: Uint8Array | null;
  /** tRNS: alpha per palette entry, or the one transparent grey/RGB value (at the image's depth). */
  transparency: Uint8Array | null;
  idat: Uint8Array[];
}

/**
 * Decodes `png` fitted into `maxWidth` × `maxHeight`, or null for an interlaced PNG of more than
 * `MAX_WHOLE_TARGET_SUMS` pixels at that size (the caller decodes it another way). Throws on what
 * is not a PNG it can read.
 */
export async function decodePngAtSize(
  png: Uint8Array,
  maxWidth: number,
  maxHeight: number,
): Promise<ScaledBitmap | null> {
  const h = readChunks(png);
  const out = fittedSize(h.width, h.height, maxWidth, maxHeight);
  // Rows come in order unless interlaced: then one target row is summed at a time. Adam7 passes
  // visit every row several times, so an interlaced PNG needs sums for the whole target.
  const rowByRow = !h.interlaced;
  if (!rowByRow && out.width * out.height > MAX_WHOLE_TARGET_SUMS) return null;
  const average = new AreaAverage(h.width, h.height, out, rowByRow);

  const channels = CHANNELS[h.colorType]!;
  const bpp = Math.max(1, (channels * h.depth) >> 3);
  const expand = rowExpander(h);
  const passes = h.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let pass = -1;
  let pw = 0;
  let ph = 0;
  let row = 0;
  let prev = new Uint8Array(0);
  let cur = new Uint8Array(0);
  let rgba = new Uint8Array(0);
  /** Offset in the accumulator's row of each pixel of the pass's rows. */
  let cols = new Int32Array(0);
  let filled = 0;
  const nextPass = (): boolean => {
    for (pass++; pass < passes.length; pass++) {
      const [xs, , dx] = passes[pass]!;
      pw = Math.ceil((h.width - xs) / dx);
      ph = Math.ceil((h.height - passes[pass]![1]) / passes[pass]![3]);
      if (pw > 0 && ph > 0) {
        const rowBytes = Math.ceil((pw * channels * h.depth) / 8);
        prev = new Uint8Array(rowBytes);
        cur = new Uint8Array(rowBytes + 1);
        rgba = new Uint8Array(pw * 4);
        cols = average.columns(xs, dx, pw);
        row = 0;
        filled = 0;
        return true;
      }
    }
    return false;
  };
  let more = nextPass();
  const emitRow = () => {
    unfilter(cur, prev, bpp);
    const [, ys, , dy] = passes[pass]!;
    const line = cur.subarray(1);
    expand(line, pw, rgba);
    average.add(ys + row * dy, rgba, cols, pw);
    prev.set(line);
    filled = 0;
    if (++row === ph) more = nextPass();
  };
  const consume = (data: Buffer) => {
    let i = 0;
    while (more && i < data.length) {
      const take = Math.min(cur.length - filled, data.length - i);
      cur.set(data.subarray(i, i + take), filled);
      filled += take;
      i += take;
      if (filled === cur.length) emitRow();
    }
  };
  await new Promise<void>((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    inflate.on('data', consume);
    inflate.on('error', reject);
    inflate.on('end', resolve);
    for (const part of h.idat) inflate.write(part);
    inflate.end();
  });

  return average.finish();
}

function readChunks(png: Uint8Array): Header {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const type = (at: number) => String.fromCharCode(png[at]!, png[at + 1]!, png[at + 2]!, png[at + 3]!);
  if (png.length < 33 || view.getUint32(0) !== 0x89504e47 || type(12) !== 'IHDR') throw new Error('not a PNG');
  const h: Header = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    depth: png[24]!,
    colorType: png[25]!,
    interlaced: png[28] === 1,
    palette: null,
    transparency: null,
    idat: [],
  };
  if (!DEPTHS[h.colorType]?.includes(h.depth) || png[26] !== 0 || png[27] !== 0 || png[28]! > 1)
    throw new Error('unsupported PNG header');
  if (h.width < 1 || h.height < 1 || h.width > MAX_SIDE || h.height > MAX_SIDE) throw new Error('PNG too wide or tall');
  for (let at = 8; at + 8 <= png.length;) {
    const length = view.getUint32(at);
    const name = type(at + 4);
    const body = png.subarray(at + 8, Math.min(png.length, at + 8 + length));
    if (name === 'PLTE') h.palette = body;
    else if (name === 'tRNS') h.transparency = body;
    else if (name === 'IDAT') h.idat.push(body);
    else if (name === 'IEND') break;
    at += 12 + length;
  }
  if (h.colorType === 3 && !h.palette) throw new Error('PNG palette missing');
  if (h.idat.length === 0) throw new Error('PNG has no pixel data');
  return h;
}

/** PNG's Paeth predictor: of left, above and upper-left, the one nearest to left + above − upper-left. */
export function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function unfilter(cur: Uint8Array, prev: Uint8Array, bpp: number): void {
  const filter = cur[0];
  const line = cur.subarray(1);
  const n = line.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) line[i] = line[i]! + line[i - bpp]!;
      return;
    case 2:
      for (let i = 0; i < n; i++) line[i] = line[i]! + prev[i]!;
      return;
    case 3:
      for (let i = 0; i < n; i++) line[i] = line[i]! + (((i >= bpp ? line[i - bpp]! : 0) + prev[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        line[i] = line[i]! + paeth(i >= bpp ? line[i - bpp]! : 0, prev[i]!, i >= bpp ? prev[i - bpp]! : 0);
      }
      return;
    default:
      throw new Error(`bad PNG filter ${filter}`);
  }
}

/** Turns `count` pixels of an unfiltered row into 8-bit RGBA in `out`. */
function rowExpander(h: Header): (line: Uint8Array, count: number, out: Uint8Array) => void {
  const { depth, colorType } = h;
  const channels = CHANNELS[colorType]!;
  const trns = h.transparency;
  const wide = depth === 16;
  const max = (1 << depth) - 1;
  // Sub-byte depths (grey and palette only): one sample per pixel, packed from the high bit.
  const small = (line: Uint8Array, i: number): number =>
    (line[(i * depth) >> 3]! >> (8 - depth - ((i * depth) & 7))) & max;
  const key = (k: number) => (trns && trns.length >= 2 * (k + 1) ? (trns[2 * k]! << 8) | trns[2 * k + 1]! : -1);
  if (colorType === 3) {
    // The palette as RGBA, 256 entries (an index past the palette is black, as in libpng).
    const table = new Uint8Array(256 * 4);
    for (let k = 0; k < 256; k++) {
      table[k * 4] = h.palette![k * 3] ?? 0;
      table[k * 4 + 1] = h.palette![k * 3 + 1] ?? 0;
      table[k * 4 + 2] = h.palette![k * 3 + 2] ?? 0;
      table[k * 4 + 3] = trns && k < trns.length ? trns[k]! : 255;
    }
    return (line, count, out) => {
      for (let i = 0; i < count; i++) {
        const k = (depth === 8 ? line[i]! : small(line, i)) * 4;
        out[i * 4] = table[k]!;
        out[i * 4 + 1] = table[k + 1]!;
        out[i * 4 + 2] = table[k + 2]!;
        out[i * 4 + 3] = table[k + 3]!;
      }
    };
  }
  /** Sample `s` of pixel `i` at the image's depth (16-bit: the whole value). */
  const sample = wide
    ? (line: Uint8Array, i: number, s: number) =>
        (line[(i * channels + s) * 2]! << 8) | line[(i * channels + s) * 2 + 1]!
    : depth === 8
      ? (line: Uint8Array, i: number, s: number) => line[i * channels + s]!
      : (line: Uint8Array, i: number) => small(line, i);
  const to8 = wide
    ? (v: number) => v >> 8
    : depth === 8
      ? (v: number) => v
      : (v: number) => Math.round((v * 255) / max);
  const [kr, kg, kb] = [key(0), key(1), key(2)];
  return (line, count, out) => {
    for (let i = 0; i < count; i++) {
      const o = i * 4;
      switch (colorType) {
        case 0: {
          const v = sample(line, i, 0);
          out[o] = out[o + 1] = out[o + 2] = to8(v);
          out[o + 3] = v === kr ? 0 : 255;
          break;
        }
        case 2: {
          const r = sample(line, i, 0);
          const g = sample(line, i, 1);
          const b = sample(line, i, 2);
          out[o] = to8(r);
          out[o + 1] = to8(g);
          out[o + 2] = to8(b);
          out[o + 3] = r === kr && g === kg && b === kb ? 0 : 255;
          break;
        }
        case 4:
          out[o] = out[o + 1] = out[o + 2] = to8(sample(line, i, 0));
          out[o + 3] = to8(sample(line, i, 1));
          break;
        default:
          out[o] = to8(sample(line, i, 0));
          out[o + 1] = to8(sample(line, i, 1));
          out[o + 2] = to8(sample(line, i, 2));
          out[o + 3] = to8(sample(line, i, 3));
      }
    }
  };
}
