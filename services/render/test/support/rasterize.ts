/**
 * Turns each output format into pixels for golden comparisons: PNG and JPEG decode with Skia, SVG
 * is drawn by Skia's SVG renderer, PDF is rasterised by poppler's pdftoppm (first page, 96 dpi)
 * when it is installed.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;

/** PNG bytes of an image in any of our formats. */
export function toPng(bytes: Uint8Array, format: 'png' | 'jpeg' | 'svg' | 'pdf'): Promise<Buffer> | Buffer {
  if (format === 'png') return Buffer.from(bytes);
  if (format === 'pdf') {
    const dir = mkdtempSync(join(tmpdir(), 'golden-pdf-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), bytes);
      execFileSync('pdftoppm', [
        '-r',
        '96',
        '-f',
        '1',
        '-l',
        '1',
        '-png',
        '-singlefile',
        join(dir, 'in.pdf'),
        join(dir, 'out'),
      ]);
      return readFileSync(join(dir, 'out.png'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return (async () => {
    const img = await loadImage(Buffer.from(bytes));
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.drawImage(img, 0, 0);
    return c.toBuffer('image/png');
  })();
}

export async function pixels(png: Buffer): Promise<Pixels> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

/** Share of pixels whose largest channel difference is above `threshold`. */
export function differing(a: Pixels, b: Pixels, threshold = 24): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i]! - b.data[i]!),
      Math.abs(a.data[i + 1]! - b.data[i + 1]!),
      Math.abs(a.data[i + 2]! - b.data[i + 2]!),
    );
    if (d > threshold) n++;
  }
  return n / (a.width * a.height);
}
