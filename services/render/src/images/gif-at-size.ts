/**
 * Decodes a GIF's first frame straight to a smaller size, so that its full-size bitmap never
 * exists (the GIF counterpart of png-at-size.ts): the LZW codes are read from the data sub-blocks
 * as they come, each finished row of palette indices becomes RGBA and is added into an area average
 * of the target size. Memory is the target bitmap, one row of sums, one source row and the 4,096-entry
 * LZW table, whatever the GIF's size. Only the first frame is decoded: a cell draws an image, not
 * an animation, and Skia's Image shows the first frame too.
 *
 * What Skia draws for the first frame, and so what this gives: the logical screen's size, the
 * frame's pixels at its offset, transparent elsewhere (the background colour is not painted) and
 * where the frame's transparent index is.
 */
import { AreaAverage, fittedSize, MAX_WHOLE_TARGET_SUMS, type ScaledBitmap } from './area-average';

/** Interlaced rows: first row and step of each of the four passes. */
const INTERLACE = [
  [0, 8],
  [4, 8],
  [2, 4],
  [1, 2],
] as const;

interface Frame {
  screenWidth: number;
  screenHeight: number;
  left: number;
  top: number;
  width: number;
  height: number;
  interlaced: boolean;
  /** 256 entries of RGBA (indices past the colour table are opaque black). */
  palette: Uint8Array;
  minCodeSize: number;
  /** Offset of the first data sub-block (its length byte). */
  data: number;
}

/**
 * Decodes the first frame of `gif` fitted into `maxWidth` × `maxHeight`, or null when it is a GIF
 * this does not draw as Skia does (no colour table, a frame outside the logical screen) or an
 * interlaced one of more than `MAX_WHOLE_TARGET_SUMS` target pixels: the caller decodes it
 * another way. Throws on what is not a GIF.
 */
export function decodeGifAtSize(gif: Uint8Array, maxWidth: number, maxHeight: number): ScaledBitmap | null {
  const f = readFirstFrame(gif);
  if (!f) return null;
  const out = fittedSize(f.screenWidth, f.screenHeight, maxWidth, maxHeight);
  if (f.interlaced && out.width * out.height > MAX_WHOLE_TARGET_SUMS) return null;
  const average = new AreaAverage(f.screenWidth, f.screenHeight, out, !f.interlaced);
  const cols = average.columns(f.left, 1, f.width);
  const rgba = new Uint8Array(f.width * 4);
  const palette = f.palette;

  // Rows of the frame in the order they come (interlaced: the four passes).
  const order = f.interlaced
    ? INTERLACE.flatMap(([start, step]) => {
        const rows: number[] = [];
        for (let y = start; y < f.height; y += step) rows.push(y);
        return rows;
      })
    : null;
  let row = 0;
  let x = 0;
  const pixel = (index: number): boolean => {
    const p = x * 4;
    const q = index * 4;
    rgba[p] = palette[q]!;
    rgba[p + 1] = palette[q + 1]!;
    rgba[p + 2] = palette[q + 2]!;
    rgba[p + 3] = palette[q + 3]!;
    if (++x < f.width) return true;
    average.add(f.top + (order ? order[row]! : row), rgba, cols, f.width);
    x = 0;
    return ++row < f.height;
  };
  decodeLzw(gif, f.data, f.minCodeSize, pixel);
  // A frame cut short leaves the rest transparent (as Skia leaves an incomplete frame).
  return average.finish();
}

function readFirstFrame(b: Uint8Array): Frame | null {
  const ascii = String.fromCharCode(...b.subarray(0, 6));
  if (b.length < 13 || (ascii !== 'GIF87a' && ascii !== 'GIF89a')) throw new Error('not a GIF');
  const u16 = (i: number) => {
    if (i + 2 > b.length) throw new Error('GIF cut short');
    return b[i]! | (b[i + 1]! << 8);
  };
  const screenWidth = u16(6);
  const screenHeight = u16(8);
  if (screenWidth < 1 || screenHeight < 1) throw new Error('GIF has no size');
  const flags = b[10]!;
  let at = 13;
  let global: Uint8Array | null = null;
  if (flags & 0x80) {
    const size = 3 << ((flags & 7) + 1);
    global = b.subarray(at, at + size);
    at += size;
  }
  let transparent = -1;
  for (;;) {
    if (at >= b.length) throw new Error('GIF has no image');
    const block = b[at]!;
    if (block === 0x21) {
      const label = b[at + 1];
      at += 2;
      // Graphic control extension: its transparency applies to the next image.
      if (label === 0xf9 && b[at] === 4 && at + 5 <= b.length) transparent = b[at + 1]! & 1 ? b[at + 4]! : -1;
      at = skipSubBlocks(b, at);
    } else if (block === 0x2c) {
      const left = u16(at + 1);
      const top = u16(at + 3);
      const width = u16(at + 5);
      const height = u16(at + 7);
      const packed = b[at + 9] ?? 0;
      at += 10;
      let table = global;
      if (packed & 0x80) {
        const size = 3 << ((packed & 7) + 1);
        table = b.subarray(at, at + size);
        at += size;
      }
      const minCodeSize = b[at] ?? 0;
      if (minCodeSize < 2 || minCodeSize > 8) throw new Error('bad GIF code size');
      if (!table || width < 1 || height < 1 || left + width > screenWidth || top + height > screenHeight) return null;
      const palette = new Uint8Array(256 * 4);
      for (let k = 0; k < 256; k++) {
        palette[k * 4] = table[k * 3] ?? 0;
        palette[k * 4 + 1] = table[k * 3 + 1] ?? 0;
        palette[k * 4 + 2] = table[k * 3 + 2] ?? 0;
        palette[k * 4 + 3] = k === transparent ? 0 : 255;
      }
      return {
        screenWidth,
        screenHeight,
        left,
        top,
        width,
        height,
        interlaced: (packed & 0x40) !== 0,
        palette,
        minCodeSize,
        data: at + 1,
      };
    } else {
      // The trailer (0x3b) or anything else before an image: nothing to draw.
      throw new Error('GIF has no image');
    }
  }
}

function skipSubBlocks(b: Uint8Array, at: number): number {
  while (at < b.length && b[at] !== 0) at += b[at]! + 1;
  return at + 1;
}

/**
 * GIF's variable-width LZW (codes of minCodeSize + 1 up to 12 bits, least significant bit first),
 * read straight from the data sub-blocks at `at`. Calls `emit` with each palette index until it
 * answers false, the end code, or the data runs out.
 */
function decodeLzw(b: Uint8Array, at: number, minCodeSize: number, emit: (index: number) => boolean): void {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Uint16Array(4096);
  const suffix = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  for (let c = 0; c < clear; c++) suffix[c] = c;
  let size = minCodeSize + 1;
  let next = clear + 2;
  let old = -1;
  let first = 0;
  let bits = 0;
  let count = 0;
  // The bytes left in the current sub-block, and where it is.
  let left = 0;
  let pos = at;
  for (;;) {
    while (count < size) {
      if (left === 0) {
        left = b[pos++] ?? 0;
        if (left === 0) return; // the block terminator before an end code
      }
      if (pos >= b.length) return;
      bits |= b[pos++]! << count;
      count += 8;
      left--;
    }
    const code = bits & ((1 << size) - 1);
    bits >>>= size;
    count -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = clear + 2;
      old = -1;
      continue;
    }
    if (code === end) return;
    if (old === -1) {
      if (code > clear) return; // nothing to refer to yet: corrupt
      old = first = code;
      if (!emit(code)) return;
      continue;
    }
    let sp = 0;
    let c = code;
    if (code >= next) {
      if (code > next) return; // corrupt
      stack[sp++] = first;
      c = old;
    }
    while (c >= clear) {
      stack[sp++] = suffix[c]!;
      c = prefix[c]!;
    }
    first = c;
    stack[sp++] = c;
    if (next < 4096) {
      prefix[next] = old;
      suffix[next] = first;
      next++;
      if (next === 1 << size && size < 12) size++;
    }
    old = code;
    while (sp > 0) if (!emit(stack[--sp]!)) return;
  }
}
