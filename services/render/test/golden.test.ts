/**
 * Golden images: every case renders to the committed image within a small pixel tolerance
 * (antialiasing may move by a shade between Skia builds; layout changes may not).
 * Regenerate with: npx tsx services/render/test/update-goldens.ts (and look at each image).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCases } from './golden-cases';
import { renderPayload } from './support/payload';
import { differing, pixels } from './support/rasterize';

const dir = join(import.meta.dirname, 'golden');

describe('golden images', () => {
  for (const c of goldenCases.filter((g) => g.format === 'png')) {
    it(`${c.name} matches its golden image`, async () => {
      const out = await renderPayload({ payload: c.payload, format: 'png' });
      const actual = await pixels(Buffer.from(out.bytes));
      const expected = await pixels(readFileSync(join(dir, `${c.name}.png`)));
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      expect(differing(actual, expected, 24)).toBeLessThan(0.002);
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
