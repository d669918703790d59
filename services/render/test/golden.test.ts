/**
 * Golden images: every case renders to the committed image within a small pixel tolerance
 * (antialiasing may move by a shade between Skia builds; layout changes may not).
 * Regenerate with: npx tsx services/render/test/update-goldens.ts (and look at each image).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCases } from './golden-cases';
import { renderPayload } from './support/payload';

const dir = join(import.meta.dirname, 'golden');

async function pixels(bytes: Uint8Array) {
  const img = await loadImage(Buffer.from(bytes));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

describe('golden images', () => {
  for (const c of goldenCases.filter((g) => g.format === 'png')) {
    it(`${c.name} matches its golden image`, async () => {
      const out = await renderPayload({ payload: c.payload, format: 'png' });
      const actual = await pixels(out.bytes);
      const expected = await pixels(readFileSync(join(dir, `${c.name}.png`)));
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      let differing = 0;
      for (let i = 0; i < actual.data.length; i += 4) {
        const d = Math.max(
          Math.abs(actual.data[i]! - expected.data[i]!),
          Math.abs(actual.data[i + 1]! - expected.data[i + 1]!),
          Math.abs(actual.data[i + 2]! - expected.data[i + 2]!),
        );
        if (d > 24) differing++;
      }
      expect(differing / (actual.width * actual.height)).toBeLessThan(0.002);
    });
  }

  it('renders 500 rows as a multi-page PDF with the header on every page', async () => {
    const c = goldenCases.find((g) => g.name === 'edge-500-rows')!;
    const out = await renderPayload({ payload: c.payload, format: 'pdf' });
    const text = Buffer.from(out.bytes).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    const pages = text.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    expect(pages).toBeGreaterThan(5);
    expect(out.contentType).toBe('application/pdf');
  });
});
