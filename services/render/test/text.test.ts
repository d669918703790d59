import { createCanvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensureFontsRegistered, familyStack } from '../src/fonts';
import { measure, wrap } from '../src/layout/text';

ensureFontsRegistered();
const font = `400 14px ${familyStack('inter')}`;
const ctx = createCanvas(1, 1).getContext('2d');
const skia = (text: string) => {
  ctx.font = font;
  return ctx.measureText(text).width;
};

describe('text measurement and wrapping', () => {
  it('sums cached advances and kerning to what Skia measures', () => {
    for (const s of [
      'Total Revenue AVAT To',
      '$1,234,567.89',
      'Wally — “quotes”',
      'Ünïcödé façade',
      '数据表格 你好',
      'ffi office',
    ]) {
      expect(measure(font, s)).toBeCloseTo(skia(s), 2);
    }
    // Exact for faces without contextual alternates.
    for (const face of ['roboto', 'arimo', 'tinos', 'cousine', 'gelasio', 'robotoMono'] as const) {
      const f = `400 14px ${familyStack(face)}`;
      // Three-letter ligatures (Roboto's and Gelasio's ffi, ffl), which a random string rarely holds.
      ctx.font = f;
      for (const s of ['office', 'ffl', 'affluent', 'ffi ffl fl fi'])
        expect(Math.abs(measure(f, s) - ctx.measureText(s).width), `${face} "${s}"`).toBeLessThan(0.05);
      fc.assert(
        fc.property(fc.string({ maxLength: 30 }), (s) => {
          ctx.font = f;
          expect(Math.abs(measure(f, s) - ctx.measureText(s).width)).toBeLessThan(0.05);
        }),
        { numRuns: 100 },
      );
    }
    // Inter's contextual alternates (9x9 → 9×9, raised punctuation) move a few strings by a
    // pixel or two; layout leaves that much slack (see layout.ts).
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        expect(Math.abs(measure(font, s) - skia(s))).toBeLessThan(6);
      }),
      { numRuns: 300 },
    );
  });

  it('wraps within the width and keeps every word', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,40}$/), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 40, max: 400 }),
        (words, max) => {
          const text = words.join(' ');
          const lines = wrap(font, text, max);
          for (const line of lines) expect(measure(font, line)).toBeLessThanOrEqual(max + 0.5);
          expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('long tokens', () => {
  it('a piece wider than the line fills each line with whole grapheme clusters, as browsers do (overflow-wrap: break-word)', () => {
    const font = '14px Inter';
    const url =
      'https://example.com/pricing/enterprise-plans-and-volume-discounts?utm_source=newsletter&utm_campaign=november&utm_medium=email';
    for (const max of [120, 200, 333, 500]) {
      const lines = wrap(font, url, max);
      expect(lines.length, `${max}`).toBeGreaterThan(1);
      expect(lines.join(''), `${max}`).toBe(url);
      for (const [i, line] of lines.entries()) {
        expect(measure(font, line), `${max}: ${line}`).toBeLessThanOrEqual(max);
        // Full: the next character would not have fitted (unless the line ends at an ordinary
        // break opportunity, after `-` or `?`).
        if (i < lines.length - 1 && !/[-?]$/.test(line))
          expect(measure(font, line + lines[i + 1]![0]), `${max}: ${line}`).toBeGreaterThan(max);
      }
    }
    // Clusters stay whole: keycaps, a family emoji, decomposed accents, a Devanagari conjunct.
    const clusters = ['1\uFE0F\u20E3', '👨‍👩‍👧‍👦', 'e\u0302\u0301', 'क्ष', 'ห้'];
    const token = Array.from({ length: 30 }, (_, i) => clusters[i % clusters.length]).join('');
    const cut = new Set(
      Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(token), (s) => s.index),
    );
    for (const max of [25, 40, 90]) {
      const lines = wrap(font, token, max);
      expect(lines.join('')).toBe(token);
      let at = 0;
      for (const line of lines) {
        expect(cut.has(at), `${max}: ${line}`).toBe(true);
        at += line.length;
      }
    }
    // A no-break space inside the piece is a cluster boundary like any other.
    expect(wrap(font, '1\u00A0234\u00A0567,89\u00A0€', measure(font, '1\u00A0234\u00A0567,89\u00A0'))).toEqual([
      '1\u00A0234\u00A0567,89\u00A0',
      '€',
    ]);
  });
});
