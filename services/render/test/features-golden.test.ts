/**
 * Golden images for issue #24's features in every format: subtitle and notes, spanners, the
 * columns map, rules, colour scales, data bars, icon sets and sparklines. PNG, SVG (drawn by
 * Skia's SVG renderer) and PDF (rasterised by pdftoppm) each have their own golden image; JPEG is
 * compared with the PNG one, with room for its compression.
 * Regenerate with: npx tsx services/render/test/update-goldens.ts (and look at each image).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureCases } from './features-cases';
import { differing, hasPdftoppm, pixels, toPng } from './support/rasterize';
import { renderPayload } from './support/payload';

const dir = join(import.meta.dirname, 'golden');

async function compare(
  name: string,
  format: 'png' | 'jpeg' | 'svg' | 'pdf',
  golden: string,
  tolerance: { threshold: number; share: number },
) {
  const c = featureCases.find((x) => x.name === name)!;
  const out = await renderPayload({ payload: c.payload, format });
  const actual = await pixels(await toPng(out.bytes, format));
  const expected = await pixels(readFileSync(join(dir, golden)));
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  expect(differing(actual, expected, tolerance.threshold)).toBeLessThan(tolerance.share);
}

describe('golden images of conditional formats, spanners, notes and sparklines', () => {
  for (const c of featureCases) {
    it(`${c.name} (PNG)`, () => compare(c.name, 'png', `${c.name}.png`, { threshold: 24, share: 0.002 }));
    it(`${c.name} (JPEG)`, () => compare(c.name, 'jpeg', `${c.name}.png`, { threshold: 64, share: 0.01 }));
    it(`${c.name} (SVG)`, () => compare(c.name, 'svg', `${c.name}.svg.png`, { threshold: 24, share: 0.004 }));
  }
});

describe.skipIf(!hasPdftoppm)(
  'golden images of the features in PDF (skipped: pdftoppm (poppler-utils) is not installed)',
  () => {
    for (const c of featureCases) {
      it(`${c.name} (PDF)`, () => compare(c.name, 'pdf', `${c.name}.pdf.png`, { threshold: 32, share: 0.004 }));
    }
  },
);
