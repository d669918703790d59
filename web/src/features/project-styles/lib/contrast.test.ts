import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contrastRatio } from './contrast';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Three digits are the same colours as six.
    expect(contrastRatio('#ff0', '#fff')).toBeCloseTo(contrastRatio('#ffff00', '#ffffff'), 10);
    expect(contrastRatio('#000', '#FFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ff0000')).toBeCloseTo(4, 1);
    expect(contrastRatio('#ffffff', '#2563eb')).toBeGreaterThan(4.5);
  });
  it('is symmetric and within 1..21', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBeCloseTo(contrastRatio(b, a), 9);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21.0001);
      }),
    );
  });
});
