/** A GIF encoder for tests (one frame, any offset, palette, transparency, interlacing), with real LZW. */
export interface GifSpec {
  screenWidth: number;
  screenHeight: number;
  frame: { left: number; top: number; width: number; height: number };
  /** RGB triples; 2, 4, … 256 entries. */
  palette: number[];
  /** In the local colour table rather than the global one. */
  local?: boolean;
  transparent?: number;
  interlaced?: boolean;
  /** Palette index of frame pixel (x, y). */
  index: (x: number, y: number) => number;
}

export function encodeGif(spec: GifSpec): Buffer {
  const entries = spec.palette.length / 3;
  const bits = Math.max(1, Math.ceil(Math.log2(entries)));
  const table = [...spec.palette, ...new Array<number>((1 << bits) * 3 - spec.palette.length).fill(0)];
  const out: number[] = [...Buffer.from('GIF89a')];
  const u16 = (v: number) => out.push(v & 255, v >> 8);
  u16(spec.screenWidth);
  u16(spec.screenHeight);
  out.push(spec.local ? 0 : 0x80 | (bits - 1), 0, 0);
  if (!spec.local) out.push(...table);
  if (spec.transparent !== undefined) out.push(0x21, 0xf9, 4, 1, 0, 0, spec.transparent, 0);
  const { left, top, width, height } = spec.frame;
  out.push(0x2c);
  u16(left);
  u16(top);
  u16(width);
  u16(height);
  out.push((spec.local ? 0x80 | (bits - 1) : 0) | (spec.interlaced ? 0x40 : 0));
  if (spec.local) out.push(...table);
  const rows = spec.interlaced
    ? [
        [0, 8],
        [4, 8],
        [2, 4],
        [1, 2],
      ].flatMap(([start, step]) => {
        const r: number[] = [];
        for (let y = start!; y < height; y += step!) r.push(y);
        return r;
      })
    : Array.from({ length: height }, (_, y) => y);
  const minCodeSize = Math.max(2, bits);
  out.push(minCodeSize);
  const data = lzw(width * height, (i) => spec.index(i % width, rows[Math.floor(i / width)]!), minCodeSize);
  const blocks: Buffer[] = [Buffer.from(out)];
  for (let i = 0; i < data.length; i += 255) {
    const block = data.subarray(i, i + 255);
    blocks.push(Buffer.from([block.length]), block);
  }
  blocks.push(Buffer.from([0, 0x3b]));
  return Buffer.concat(blocks);
}

/** GIF LZW: codes grow a bit when the next code needs it; a clear code when the table is full. */
function lzw(length: number, indexAt: (i: number) => number, minCodeSize: number): Buffer {
  const clear = 1 << minCodeSize;
  const bytes: number[] = [];
  let acc = 0;
  let count = 0;
  let size = minCodeSize + 1;
  const write = (code: number) => {
    acc |= code << count;
    count += size;
    while (count >= 8) {
      bytes.push(acc & 255);
      acc >>>= 8;
      count -= 8;
    }
  };
  let dict = new Map<number, number>();
  let next = clear + 2;
  write(clear);
  let cur = indexAt(0);
  const emit = (code: number) => {
    write(code);
    // The decoder, one entry behind, widens its codes when its table reaches the next power of 2.
    if (next === 1 << size && size < 12) size++;
  };
  for (let i = 1; i < length; i++) {
    const k = indexAt(i);
    const key = cur * 256 + k;
    const known = dict.get(key);
    if (known !== undefined) {
      cur = known;
      continue;
    }
    emit(cur);
    dict.set(key, next++);
    if (next === 4096) {
      write(clear);
      dict = new Map();
      next = clear + 2;
      size = minCodeSize + 1;
    }
    cur = k;
  }
  emit(cur);
  write(clear + 1);
  if (count > 0) bytes.push(acc & 255);
  return Buffer.from(bytes);
}
