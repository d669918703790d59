/**
 * A PNG encoder for decoder tests: every colour type and bit depth, Adam7 interlacing, and each
 * of the five row filters (row y uses filter y % 5), so a decoder is tried on all of them.
 * `sample(x, y)` gives a pixel's samples at the image's depth (a palette index for colour type 3).
 */
import { deflateSync } from 'node:zlib';
import { ADAM7, CHANNELS, paeth } from '../../src/images/png-at-size';
import { pngChunk } from './image-bomb';

export interface PngSpec {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  palette?: number[];
  trns?: number[];
  sample: (x: number, y: number) => number[];
}

export function encodePng(spec: PngSpec): Buffer {
  const { width, height, depth } = spec;
  const channels = CHANNELS[spec.colorType]!;
  const bpp = Math.max(1, (channels * depth) >> 3);
  const passes = spec.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const rows: Buffer[] = [];
  let y0 = 0;
  for (const [xs, ys, dx, dy] of passes) {
    const pw = Math.ceil((width - xs) / dx);
    const ph = Math.ceil((height - ys) / dy);
    if (pw <= 0 || ph <= 0) continue;
    const rowBytes = Math.ceil((pw * channels * depth) / 8);
    let prev = Buffer.alloc(rowBytes);
    for (let r = 0; r < ph; r++) {
      const line = Buffer.alloc(rowBytes);
      for (let i = 0; i < pw; i++) {
        spec.sample(xs + i * dx, ys + r * dy).forEach((v, s) => {
          if (depth === 16) line.writeUInt16BE(v, (i * channels + s) * 2);
          else if (depth === 8) line[i * channels + s] = v;
          else line[(i * depth) >> 3]! |= v << (8 - depth - ((i * depth) & 7));
        });
      }
      const filter = (y0 + r) % 5;
      rows.push(Buffer.concat([Buffer.from([filter]), applyFilter(filter, line, prev, bpp)]));
      prev = line;
    }
    y0 += ph;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = spec.colorType;
  ihdr[12] = spec.interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(spec.palette ? [pngChunk('PLTE', Buffer.from(spec.palette))] : []),
    ...(spec.trns ? [pngChunk('tRNS', Buffer.from(spec.trns))] : []),
    // Two IDAT chunks: a decoder must join them.
    ...splitInTwo(deflateSync(Buffer.concat(rows))).map((part) => pngChunk('IDAT', part)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function splitInTwo(b: Buffer): Buffer[] {
  const half = b.length >> 1;
  return [b.subarray(0, half), b.subarray(half)];
}

function applyFilter(filter: number, line: Buffer, prev: Buffer, bpp: number): Buffer {
  const out = Buffer.alloc(line.length);
  for (let i = 0; i < line.length; i++) {
    const a = i >= bpp ? line[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    // The decoder's Paeth predictor: a fault in it still shows, as pixels unlike Skia's decode.
    const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
    out[i] = (line[i]! - predicted) & 0xff;
  }
  return out;
}
