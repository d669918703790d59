/**
 * Recognises an image by its first bytes and reads its pixel size from the header, without
 * decoding it, so that a decompression bomb (a tiny file that claims 50 000 × 50 000 pixels) is
 * refused before any decoder allocates memory for it.
 */

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export interface SniffedImage {
  kind: ImageKind;
  /** Pixel size from the header; null when the header does not say (or is cut short). */
  width: number | null;
  height: number | null;
}

export function sniffImage(b: Uint8Array): SniffedImage | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png(b);
  if (startsWith(b, [0xff, 0xd8, 0xff])) return jpeg(b);
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') {
    return { kind: 'gif', width: u16le(b, 6), height: u16le(b, 8) };
  }
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return webp(b);
  if (looksLikeSvg(b)) return { kind: 'svg', width: null, height: null };
  return null;
}

function png(b: Uint8Array): SniffedImage {
  // The IHDR chunk must come first: length(4) "IHDR"(4) width(4) height(4).
  if (ascii(b, 12, 16) !== 'IHDR') return { kind: 'png', width: null, height: null };
  return { kind: 'png', width: u32be(b, 16), height: u32be(b, 20) };
}

/** Walks the JPEG marker segments up to the first start-of-frame, which holds the size. */
function jpeg(b: Uint8Array): SniffedImage {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) break;
    let marker = b[i + 1] ?? 0;
    // Fill bytes: any number of 0xFF before the marker code.
    while (marker === 0xff && i + 2 < b.length) {
      i++;
      marker = b[i + 1] ?? 0;
    }
    i += 2;
    // Markers without a length field.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda) break; // end of image / start of scan: no frame seen
    const length = u16be(b, i);
    if (length === null || length < 2) break;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      // length(2) precision(1) height(2) width(2)
      return { kind: 'jpeg', width: u16be(b, i + 5), height: u16be(b, i + 3) };
    }
    i += length;
  }
  return { kind: 'jpeg', width: null, height: null };
}

function webp(b: Uint8Array): SniffedImage {
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { kind: 'webp', width: (u16le(b, 26) ?? 0) & 0x3fff, height: (u16le(b, 28) ?? 0) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    const w = (b[24] ?? 0) | ((b[25] ?? 0) << 8) | ((b[26] ?? 0) << 16);
    const h = (b[27] ?? 0) | ((b[28] ?? 0) << 8) | ((b[29] ?? 0) << 16);
    return { kind: 'webp', width: w + 1, height: h + 1 };
  }
  return { kind: 'webp', width: null, height: null };
}

function looksLikeSvg(b: Uint8Array): boolean {
  const head = Buffer.from(b.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (!head.startsWith('<')) return false;
  return (
    head.startsWith('<svg') ||
    ((head.startsWith('<?xml') || head.startsWith('<!--') || head.startsWith('<!doctype')) && head.includes('<svg'))
  );
}

function startsWith(b: Uint8Array, sig: readonly number[]): boolean {
  return b.length >= sig.length && sig.every((v, i) => b[i] === v);
}

function ascii(b: Uint8Array, from: number, to: number): string {
  if (b.length < to) return '';
  return String.fromCharCode(...b.subarray(from, to));
}

function u16le(b: Uint8Array, i: number): number | null {
  if (i + 2 > b.length) return null;
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
}

function u16be(b: Uint8Array, i: number): number | null {
  if (i + 2 > b.length) return null;
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}

function u32be(b: Uint8Array, i: number): number | null {
  if (i + 4 > b.length) return null;
  return (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;
}
