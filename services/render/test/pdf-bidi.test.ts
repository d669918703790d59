/**
 * Bidirectional text in the PDF: UAX #9 (bidi-js) per line, so the PDF reads like the PNG. The
 * canvas (Skia, ICU's bidi) is the reference: a line drawn in logical order with the table's
 * direction must look like the engine's visual order drawn left to right with bidi overridden.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { ensureFontsRegistered, familyStack } from '../src/fonts';
import { bidiRuns, visualOrder } from '../src/paint/pdf';
import { renderPayload } from './support/payload';

ensureFontsRegistered();
const font = `400 16px ${familyStack('inter')}`;

/** Dark pixels of a line drawn by Skia: in logical order with a base direction, or as given (LRO). */
function draw(text: string, direction: 'ltr' | 'rtl') {
  const c = createCanvas(600, 40);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 600, 40);
  ctx.font = font;
  ctx.fillStyle = '#000';
  ctx.direction = direction;
  ctx.textAlign = 'left';
  ctx.fillText(text, 10, 28);
  const data = ctx.getImageData(0, 0, 600, 40).data;
  const dark: number[] = [];
  for (let i = 0; i < data.length; i += 4) dark.push(data[i]! < 128 ? 1 : 0);
  return dark;
}

// Hebrew does not join, so its visual order can be drawn with an override and compared glyph for glyph.
const CASES: [string, boolean][] = [
  ['המחיר 123.45 ₪ כולל מע״מ', false],
  ['הזמנה מספר 4512 נשלחה', false],
  ['Order (הזמנה) #4512 נשלחה', false],
  ['שלום עולם, 2024-03-04!', true],
  ['מחיר: 1,234.50 (כולל)', true],
  ['Total: 99 שקל [סופי]', true],
  ['abc 123 def', true],
  ['5 - 3 = 2 שווה', false],
];

describe('PDF bidi follows UAX #9 like the canvas', () => {
  it('leaves left-to-right lines alone', () => {
    expect(bidiRuns('Sales report 2025', false)).toEqual([{ text: 'Sales report 2025', rtl: false }]);
  });

  it('puts a number inside Hebrew or Arabic where the PNG has it (was: the wrong reading order)', () => {
    // In a left-to-right table, the Hebrew run reads right to left around its number.
    expect(visualOrder('המחיר 123 ש״ח', false)).toBe('ח״ש 123 ריחמה');
    expect(bidiRuns('מחיר 123 ש״ח', false).map((r) => r.rtl)).toEqual([true, false, true]);
    // Arabic keeps logical order inside its runs (fontkit shapes and reverses it).
    expect(bidiRuns('السعر 99.5 دولار', false)).toEqual([
      { text: ' دولار', rtl: true },
      { text: '99.5', rtl: false },
      { text: 'السعر ', rtl: true },
    ]);
  });

  it('mirrors brackets in right-to-left runs', () => {
    expect(visualOrder('(שלום)', true)).toBe('(םולש)');
    expect(bidiRuns('[סופי]', true)[0]!.text).toBe(']סופי[');
  });

  it('draws like Skia for every case, in both table directions', () => {
    for (const [line, rtl] of CASES) {
      const reference = draw(line, rtl ? 'rtl' : 'ltr');
      const ours = draw(`\u202D${visualOrder(line, rtl)}\u202C`, 'ltr');
      let differing = 0;
      for (let i = 0; i < reference.length; i++) if (reference[i] !== ours[i]) differing++;
      const inked = reference.reduce((a, b) => a + b, 0);
      expect(differing / inked, `${line} (${rtl ? 'rtl' : 'ltr'}): ${visualOrder(line, rtl)}`).toBeLessThan(0.05);
      // The comparison sees order: the logical string drawn the same way is far off.
      if (visualOrder(line, rtl) !== line) {
        const logical = draw(`\u202D${line}\u202C`, 'ltr');
        let off = 0;
        for (let i = 0; i < reference.length; i++) if (reference[i] !== logical[i]) off++;
        expect(off / inked, line).toBeGreaterThan(0.2);
      }
    }
  });

  it('keeps every character: only the order changes', () => {
    for (const [line, rtl] of [
      ...CASES,
      ['  leading and trailing  ', true] as [string, boolean],
      ['🌍 Привет 你好 שלום مرحبا Hello', false] as [string, boolean],
    ]) {
      const out = visualOrder(line, rtl);
      const mirror = (s: string) => s.replace(/[()[\]]/g, (c) => ({ '(': ')', ')': '(', '[': ']', ']': '[' })[c]!);
      expect(
        [...mirror(out)].sort().join('') === [...line].sort().join('') ||
          [...out].sort().join('') === [...line].sort().join(''),
        line,
      ).toBe(true);
    }
  });

  it('renders mixed-direction tables to PDF in both directions', async () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const out = await renderPayload({
        format: 'pdf',
        payload: { headers: ['פריט', 'Price'], rows: CASES.map(([l]) => [l, 'مرحبا 12 عالم']), options: { direction } },
      });
      expect(Buffer.from(out.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
