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
    for (const s of ['Total Revenue AVAT To', '$1,234,567.89', 'Wally — “quotes”', 'Ünïcödé façade', '数据表格 你好', 'ffi office']) {
      expect(measure(font, s)).toBeCloseTo(skia(s), 2);
    }
    // Exact for faces without contextual alternates.
    for (const face of ['roboto', 'arimo', 'tinos', 'cousine', 'gelasio', 'robotoMono'] as const) {
      const f = `400 14px ${familyStack(face)}`;
      fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => {
        ctx.font = f;
        expect(Math.abs(measure(f, s) - ctx.measureText(s).width)).toBeLessThan(0.05);
      }), { numRuns: 100 });
    }
    // Inter's contextual alternates (9x9 → 9×9, raised punctuation) move a few strings by a
    // pixel or two; layout leaves that much slack (see layout.ts).
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => {
      expect(Math.abs(measure(font, s) - skia(s))).toBeLessThan(6);
    }), { numRuns: 300 });
  });

  it('wraps within the width and keeps every word', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,40}$/), { minLength: 1, maxLength: 30 }), fc.integer({ min: 40, max: 400 }), (words, max) => {
      const text = words.join(' ');
      const lines = wrap(font, text, max);
      for (const line of lines) expect(measure(font, line)).toBeLessThanOrEqual(max + 0.5);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }), { numRuns: 150 });
  });
});

describe('long tokens', () => {
  it('a URL wider than the line breaks after a separator near the end of each line, and nothing is lost', () => {
    const font = '14px Inter';
    const url = 'https://example.com/pricing/enterprise-plans-and-volume-discounts?utm_source=newsletter&utm_campaign=november&utm_medium=email';
    for (const max of [120, 200, 333, 500]) {
      const lines = wrap(font, url, max);
      expect(lines.length, `${max}`).toBeGreaterThan(1);
      expect(lines.join(''), `${max}`).toBe(url);
      for (const line of lines) expect(measure(font, line), `${max}: ${line}`).toBeLessThanOrEqual(max);
      // Each line but the last ends after a separator, unless none falls in its last 40 %.
      const separator = (ch: string) => '/?&=-_.,;:#|\\'.includes(ch);
      for (const line of lines.slice(0, -1)) {
        const tail = [...line].slice(Math.floor(line.length * 0.6) + 1);
        expect(separator(line.at(-1)!) || !tail.some(separator), `${max}: ${line}`).toBe(true);
      }
      expect(lines.slice(0, -1).filter((line) => separator(line.at(-1)!)).length, `${max}`).toBeGreaterThan(0);
    }
    // No separator in reach: the line is filled as far as it fits.
    const plain = 'x'.repeat(400);
    const lines = wrap(font, plain, 150);
    expect(lines.join('')).toBe(plain);
    expect(measure(font, lines[0]! + 'x')).toBeGreaterThan(150);
  });
});
