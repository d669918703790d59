/**
 * Myanmar in the PDF: pdfkit shapes with fontkit, which has no Myanmar shaper; the PDF writer
 * reorders each syllable as HarfBuzz's Myanmar shaper does and asks for that shaper's features
 * (paint/myanmar.ts). Checked glyph for glyph against HarfBuzz (harfbuzzjs, the shaper Skia uses
 * for the PNG) on common words, with Noto Sans Myanmar.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { facePath } from '../src/fonts';
import { MYANMAR_FEATURES, myanmarVisual } from '../src/paint/myanmar';
import { renderPayload } from './support/payload';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as {
  create(b: Buffer): { layout(t: string, f?: string[]): { glyphs: { id: number }[] } };
};

const WORDS =
  'မင်္ဂလာပါ ကျွန်တော့်နာမည် မောင်မောင် ဖြစ်ပါတယ် မြန်မာစာ ကြိုဆိုပါတယ် ညီ ခြင်း ကြွ သင်္ချိုင်း အင်္ဂလိပ် ကျေးဇူးတင်ပါတယ် ပြည်ထောင်စု သမ္မတ မြို့ ရွှေ ဗိုလ်ချုပ် ကြော်ငြာ'.split(
    ' ',
  );

describe('Myanmar in the PDF', () => {
  it('puts E and medial RA before their consonant and kinzi after it, as HarfBuzz does', () => {
    expect(myanmarVisual('တော့')).toBe('\u1031\u1010\u102C\u1037');
    expect(myanmarVisual('မြန်')).toBe('\u103C\u1019\u1014\u103A');
    expect(myanmarVisual('မင်္ဂလာ')).toBe('\u1019\u1002\u1004\u103A\u1039\u101C\u102C');
    expect(myanmarVisual('ပြော')).toBe('\u1031\u103C\u1015\u102C');
    expect(myanmarVisual('abc ညီ')).toBe('abc ညီ');
  });

  it('gives the glyphs HarfBuzz gives for 16 of 18 common words (fontkit alone: 1)', () => {
    const file = readFileSync(facePath('notoSansMyanmar', 400));
    const fk = fontkit.create(file);
    const font = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(file))));
    const harfbuzz = (t: string) => {
      const b = new hb.Buffer();
      b.addText(t);
      b.guessSegmentProperties();
      hb.shape(font, b);
      return b
        .getGlyphInfos()
        .map((g) => g.codepoint)
        .join(',');
    };
    let fixed = 0;
    let plain = 0;
    for (const w of WORDS) {
      const want = harfbuzz(w);
      if (
        fk
          .layout(myanmarVisual(w), MYANMAR_FEATURES)
          .glyphs.map((g) => g.id)
          .join(',') === want
      )
        fixed++;
      if (
        fk
          .layout(w)
          .glyphs.map((g) => g.id)
          .join(',') === want
      )
        plain++;
    }
    // The two left: ကြို and မြို့, where HarfBuzz's per-syllable lookups add a glyph under RA.
    expect(fixed).toBeGreaterThanOrEqual(16);
    expect(plain).toBeLessThanOrEqual(2);
  });

  it('renders a Myanmar table to PDF with the reordered text', async () => {
    const out = await renderPayload({ format: 'pdf', payload: { headers: ['x'], rows: [['မင်္ဂလာပါ ကျွန်တော့်နာမည်']] } });
    expect(Buffer.from(out.bytes).toString('latin1')).toContain('NotoSansMyanmar');
  });
});
