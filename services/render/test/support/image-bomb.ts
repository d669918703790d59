/**
 * Image bombs for the abuse tests: a 1-bit palette PNG of `width` × `height` that weighs a few
 * KB and decodes to width × height × 4 bytes. `seed` changes one palette entry, so that each
 * seed is a distinct image (distinct data: URI) that no cache can share.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function paletteBomb(width: number, height: number, seed = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 3; // palette
  const plte = Buffer.from([seed & 0xff, (seed >> 8) & 0xff, 0x80, 0xff, 0xff, 0xff]);
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter 0, all pixels palette entry 0
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('PLTE', plte),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return png;
}

export const bombUri = (width: number, height: number, seed = 0) =>
  `data:image/png;base64,${paletteBomb(width, height, seed).toString('base64')}`;

/** A table of `count` rows, each with a distinct bomb in an image cell. */
export function bombTable(count: number, size = 4000, format: 'png' | 'jpeg' | 'svg' | 'pdf' = 'png') {
  return {
    title: 'Bombs',
    headers: ['Image'],
    rows: Array.from({ length: count }, (_, i) => [{ type: 'image', value: bombUri(size, size, i) }]),
    options: { format },
  };
}
