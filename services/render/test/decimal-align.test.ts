/**
 * Aligned numbers: tabular figures for numeric cells, and columnStyles `align: 'decimal'` lining up
 * decimal separators, in the layout every format draws from (PNG/JPEG, SVG, PDF).
 */
import { describe, expect, it } from 'vitest';
import { decimalSplit, layoutTable } from '../src/layout/layout';
import { measure } from '../src/layout/text';
import { renderPayload, normalizePayload } from './support/payload';

const VALUES = [1234.5, 3.14159, 42, -0.5, 100000, 7.25];
const payload = (locale: string, align: Record<string, unknown> = { align: 'decimal' }) => ({
  headers: ['Item', 'Amount', 'Share'],
  rows: VALUES.map((v, i) => [
    `Item ${i + 1}`,
    { type: 'number', value: v, format: { maximumFractionDigits: 4 } },
    { type: 'percentage', value: v / 200000, format: { maximumFractionDigits: 3 } },
  ]),
  options: { locale },
  styles: { columnStyles: { Amount: align, Share: { textAlign: 'decimal' } } },
});

/** x of the decimal separator (or of the end of the integer part) of each body cell of a column. */
function separatorXs(locale: string, col: number, align?: Record<string, unknown>) {
  const layout = layoutTable(normalizePayload({ payload: payload(locale, align) }).model);
  const sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;
  const pad = 12;
  return layout.cells
    .filter((lc) => lc.col === col && lc.row > 0)
    .map((lc) => {
      const at = decimalSplit(lc.cell.text, sep)!;
      const right = lc.x + lc.w - pad + lc.shift;
      return right - measure(lc.text.font, lc.cell.text.slice(at));
    });
}

describe('decimal alignment', () => {
  it('finds the separator, or the end of the integer part', () => {
    expect(decimalSplit('1,234.5', '.')).toBe(5);
    expect(decimalSplit('1.234,5', ',')).toBe(5);
    expect(decimalSplit('42', '.')).toBe(2);
    expect(decimalSplit('12,5 %', ',')).toBe(2);
    expect(decimalSplit('100 %', ',')).toBe(3);
    expect(decimalSplit('$1,234.50', '.')).toBe(6);
    expect(decimalSplit('U.S.', '.')).toBeNull();
    expect(decimalSplit('-', '.')).toBeNull();
  });

  it('lines up the separators of a column in en-US, de-DE and ar-EG', () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'ar-EG']) {
      for (const col of [1, 2]) {
        const xs = separatorXs(locale, col);
        for (const x of xs) expect(Math.abs(x - xs[0]!), `${locale} column ${col}`).toBeLessThan(0.01);
      }
    }
  });

  it('without it, right-aligned numbers do not line up (the test can fail)', () => {
    const xs = separatorXs('en-US', 1, { textAlign: 'right' });
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(5);
  });

  it('refuses an unknown alignment with a 400', async () => {
    await expect(
      renderPayload({ payload: { ...payload('en-US'), styles: { columnStyles: { Amount: { align: 'justify' } } } } }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('draws the offset in SVG, and PDF gets a margin and tabular figures', async () => {
    const svg = Buffer.from((await renderPayload({ payload: payload('en-US'), format: 'svg' })).bytes).toString();
    const xs = [...svg.matchAll(/<text x="([\d.]+)"[^>]*tabular-nums[^>]*>([^<]*)</g)]
      .filter((m) => m[2]!.includes('.') || /^-?[\d,]+$/.test(m[2]!))
      .map((m) => Number(m[1]));
    expect(new Set(xs).size).toBeGreaterThan(1);
    const pdf = await renderPayload({ payload: payload('en-US'), format: 'pdf' });
    expect(Buffer.from(pdf.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('tabular figures', () => {
  it('sets numeric cells with equal-width digits, text cells with proportional ones', () => {
    const layout = layoutTable(
      normalizePayload({
        payload: {
          headers: ['n', 't'],
          rows: [
            [111, 'a 111'],
            [888, 'b 888'],
          ],
        },
      }).model,
    );
    const cell = (r: number, c: number) => layout.cells.find((lc) => lc.row === r && lc.col === c)!;
    expect(cell(1, 0).text.tabular).toBe(true);
    expect(cell(1, 1).text.tabular).toBe(false);
    expect(measure(cell(1, 0).text.font, '111')).toBeCloseTo(measure(cell(1, 0).text.font, '888'), 5);
    expect(measure(cell(1, 1).text.font, '111')).toBeLessThan(measure(cell(1, 1).text.font, '888') - 3);
  });
});
