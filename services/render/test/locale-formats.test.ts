/**
 * Locale-true formats: names from Intl in the cell's locale, unknown pattern tokens refused with
 * the token named, and the locale's own spacing around percent and currency signs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatPercentage, unknownDateToken } from '../src/normalize/format';
import { renderPayload, normalizePayload } from './support/payload';

const MONDAY = new Date('2024-03-04T15:07:00Z');
const cellText = (cell: unknown, locale = 'en-US') =>
  normalizePayload({ payload: { headers: ['x'], rows: [[cell]], options: { locale } } }).model.rows[1]!.cells[0]!.text;

describe("date patterns in the cell's locale", () => {
  it('names weekdays and months in the locale (was: Mon, 4. März 2024 in de-DE)', () => {
    expect(formatDate(MONDAY, 'de-DE', 'EEE, d. MMMM yyyy', false)).toBe('Mo., 4. März 2024');
    expect(formatDate(MONDAY, 'fr-FR', 'EEEE d MMMM yyyy', false)).toBe('lundi 4 mars 2024');
    expect(formatDate(MONDAY, 'es-ES', 'dddd, D [de] MMMM'.replace('[de]', "'de'"), false)).toBe('lunes, 4 de marzo');
    // Months in their format context, as a day-month pattern needs them.
    expect(formatDate(MONDAY, 'ru-RU', 'd MMMM yyyy', false)).toBe('4 марта 2024');
    expect(formatDate(MONDAY, 'ja-JP', 'yyyy年M月d日(EEE)', false)).toBe('2024年3月4日(月)');
    expect(formatDate(MONDAY, 'en-US', 'ddd, MMM D', false)).toBe('Mon, Mar 4');
  });

  it('takes the day period from the locale (a / A was always AM/PM)', () => {
    expect(formatDate(MONDAY, 'en-US', 'h:mm a', true)).toBe('3:07 PM');
    expect(formatDate(MONDAY, 'ja-JP', 'a h:mm', true)).toBe('午後 3:07');
    // Whatever the locale data says (ICU 78 writes PM for ko), never a fixed English word.
    const koPeriod = new Intl.DateTimeFormat('ko-KR', { timeZone: 'UTC', hour: 'numeric', hour12: true })
      .formatToParts(MONDAY)
      .find((p) => p.type === 'dayPeriod')!.value;
    expect(formatDate(MONDAY, 'ko-KR', 'A h:mm', true)).toBe(`${koPeriod} 3:07`);
    expect(formatDate(MONDAY, 'ar-EG', 'h:mm a', true)).toBe('3:07 م');
    expect(formatDate(MONDAY, 'zh-CN', 'ah:mm', true)).toBe('下午3:07');
    expect(formatDate(new Date('2024-03-04T09:05:00Z'), 'en-US', 'hh:mm A', true)).toBe('09:05 AM');
  });

  it("reads the cell's own locale before the table's", () => {
    expect(cellText({ type: 'date', value: '2024-03-04', format: 'EEEE' }, 'de-DE')).toBe('Montag');
    expect(
      cellText({ type: 'date', value: '2024-03-04', format: { locale: 'it-IT', dateStyle: 'full' } }, 'de-DE'),
    ).toBe('lunedì 4 marzo 2024');
  });

  it('refuses a pattern with an unknown token, naming it (Do leaked as 4o)', async () => {
    await expect(
      renderPayload({
        payload: { headers: ['When'], rows: [[{ type: 'date', value: '2024-03-04', format: 'Do MMM YYYY' }]] },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Unknown date format token "Do" in "Do MMM YYYY" at row 1, column When'),
    });
    expect(unknownDateToken("yyyy-MM-dd'T'HH:mm")).toBeNull();
    expect(unknownDateToken('yyyy-MM-ddTHH:mm')).toBe('ddTHH');
    expect(unknownDateToken("EEEE 'the' d")).toBeNull();
    expect(unknownDateToken('yyyyMMdd')).toBeNull();
    expect(unknownDateToken('Q1 yyyy')).toBe('Q');
    // Style names are no patterns.
    expect(cellText({ type: 'date', value: '2024-03-04', format: 'long' })).toBe('March 4, 2024');
  });

  it('any pattern either formats without a stray letter or is refused naming a letter run of it', () => {
    const piece = fc.constantFrom(
      'yyyy',
      'MM',
      'MMM',
      'dd',
      'EEE',
      'a',
      'HH',
      ':',
      '-',
      ' ',
      '/',
      "'at'",
      'Do',
      'Q',
      'x',
      'T',
      'Z',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }).map((a) => a.join('')),
        (pattern) => {
          const unknown = unknownDateToken(pattern);
          if (unknown) {
            expect(pattern.replace(/'[^']*'/g, ' ')).toContain(unknown);
            return;
          }
          const out = formatDate(MONDAY, 'de-DE', pattern, true);
          // Every letter left is from a name or a quoted literal, never a token's stray letter.
          const letters = out.replace(/März|Mär|Mo\.|Montag|PM|at/g, '').match(/[A-Za-z]/g);
          expect(letters, `${pattern} → ${out}`).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('percent and currency spacing', () => {
  it('follows the locale: a narrow no-break space before % in fr-FR, none in en-US, no-break spaces in amounts', () => {
    // The exact space is the locale data's (CLDR moved fr from U+202F to U+00A0 before %); never a
    // breaking U+0020, which would let a line end between the number and its sign.
    expect(formatPercentage(0.425, 'fr-FR')).toMatch(/^42,5[\u00A0\u202F]%$/);
    expect(formatPercentage(0.425, 'de-DE')).toBe('42,5\u00A0%');
    expect(formatPercentage(0.425, 'en-US')).toBe('42.5%');
    expect(formatCurrency(1234.5, 'fr-FR', 'EUR')).toMatch(/^1[\u00A0\u202F]234,50\u00A0€$/);
    expect(formatCurrency(1234.5, 'de-CH', 'CHF')).toMatch(/^CHF\u00A01[’']234\.50$/);
    expect(formatCurrency(1234.5, 'en-US', 'EUR')).toBe('€1,234.50');
    expect(cellText({ type: 'percentage', value: 0.07 }, 'fr-FR')).toMatch(/^7[\u00A0\u202F]%$/);
    expect(cellText({ type: 'currency', value: -5, format: 'EUR' }, 'de-DE')).toBe('-5,00\u00A0€');
  });
});
