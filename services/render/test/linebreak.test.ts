/**
 * Line breaking by UAX #14 (linebreak) with dictionary word boundaries for Thai, Lao, Khmer and
 * Myanmar (Intl.Segmenter): where lines may end, and that the layout's columns honour it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensureFontsRegistered, familyStack } from '../src/fonts';
import { layoutTable } from '../src/layout/layout';
import { longestToken, measure, segments, wrap } from '../src/layout/text';
import { normalizePayload } from './support/payload';

ensureFontsRegistered();
const font = `400 14px ${familyStack('inter')}`;

const GLUE = /[\u00A0\u202F\u2060]/;
/** Closing punctuation, iteration marks and other characters a Japanese or Chinese line may not start with. */
const CLOSING_CJK = /^[、。，．：；！？）」』】〕〉》〙〗〛｝］｠々ゝゞヽヾ・]/;
const SA_RUN = /[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF]/;
const wordStarts = (text: string) =>
  new Set(Array.from(new Intl.Segmenter('th', { granularity: 'word' }).segment(text), (s) => s.index));

/** Offsets in `text` where the lines of a wrap begin (hanging spaces dropped at each line's end). */
function lineStarts(text: string, lines: string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    while (text[at] === ' ' && !line.startsWith(' ')) at++;
    starts.push(at);
    expect(text.startsWith(line, at), `${JSON.stringify(line)} at ${at} of ${JSON.stringify(text)}`).toBe(true);
    at += line.length;
  }
  return starts.slice(1);
}

describe('break opportunities (UAX #14)', () => {
  it('never breaks at no-break spaces or the word joiner, which Intl itself produces', () => {
    expect(segments('1\u00A0234\u00A0567,89\u00A0€')).toEqual(['1\u00A0234\u00A0567,89\u00A0€']);
    expect(segments('12:00\u202FAM')).toHaveLength(1);
    expect(segments('100\u00A0km or 42\u00A0%')).toEqual(['100\u00A0km ', 'or ', '42\u00A0%']);
    expect(segments('word\u2060joined')).toHaveLength(1);
    const fr = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234567.89);
    expect(segments(fr)).toEqual([fr]);
  });

  it('breaks a hyphenated word after its hyphen, not inside its parts', () => {
    expect(segments('well-known fact')).toEqual(['well-', 'known ', 'fact']);
    expect(wrap(font, 'well-known', measure(font, 'well-known') - 1)).toEqual(['well-', 'known']);
    // Not before a number after a hyphen (a minus sign, a range of numbers).
    expect(segments('-5 and ABC-123')).toEqual(['-5 ', 'and ', 'ABC-', '123']);
  });

  it('breaks ASCII punctuation as browsers do: not after / or . in paths and URLs, after ? and -', () => {
    expect(segments('/usr/local/share')).toEqual(['/usr/local/share']);
    expect(segments('example.com/a?b=c')).toEqual(['example.com/a?', 'b=c']);
    expect(segments('foo,(bar)')).toEqual(['foo,', '(bar)']);
    expect(segments('2024-03-04')).toEqual(['2024-', '03-', '04']);
    // After a run of spaces, always (UAX #14 would not break before / ) ! , or after ( ).
    expect(segments('Path: /usr/local')).toEqual(['Path: ', '/usr/local']);
    expect(segments('( a ) b !')).toEqual(['( ', 'a ', ') ', 'b ', '!']);
  });

  it('keeps closing CJK punctuation off the start of a line (kinsoku); small kana may start one, as in browsers', () => {
    const text = '東京都「渋谷」。次の文、ですね。ちょっと待ってください！々の用例・コーヒー';
    expect(segments('ちょっと')).toEqual(['ち', 'ょ', 'っ', 'と']);
    for (let max = Math.ceil(longestToken(font, text)); max <= 200; max += 3) {
      const lines = wrap(font, text, max);
      expect(lines.join('')).toBe(text);
      for (const l of lines.slice(1)) expect(CLOSING_CJK.test(l), `${max}: ${lines.join(' | ')}`).toBe(false);
      // An opening bracket does not end a line either.
      for (const l of lines.slice(0, -1)) expect(l.endsWith('「'), `${max}: ${lines.join(' | ')}`).toBe(false);
    }
  });

  it('breaks Thai, Lao, Khmer and Myanmar only at dictionary word boundaries', () => {
    for (const text of [
      'สวัสดีครับ ผมชื่อสมชาย ยินดีที่ได้รู้จักคุณ วันนี้อากาศดีมาก',
      'ສະບາຍດີ ຂ້ອຍຊື່ສົມສັກ ຍິນດີທີ່ໄດ້ຮູ້ຈັກ',
      'សួស្តី ខ្ញុំឈ្មោះសុខា រីករាយដែលបានស្គាល់អ្នក',
      'မင်္ဂလာပါ ကျွန်တော့်နာမည် မောင်မောင် ဖြစ်ပါတယ်',
    ]) {
      const starts = wordStarts(text);
      for (let max = 40; max <= 220; max += 15) {
        const lines = wrap(font, text, max);
        for (const at of lineStarts(text, lines)) {
          if (SA_RUN.test(text[at - 1] ?? '') && SA_RUN.test(text[at] ?? '')) {
            // A word wider than the whole line is the only excuse (hard break).
            const forced = lines.some((l) => measure(font, l) > max - 20 && !l.includes(' '));
            expect(starts.has(at) || forced, `${max}: ${lines.join(' | ')}`).toBe(true);
          }
        }
      }
      // The narrowest column still holds the longest word.
      const longest = Math.max(
        ...Array.from(new Intl.Segmenter('th', { granularity: 'word' }).segment(text), (s) =>
          measure(font, s.segment.trim()),
        ),
      );
      expect(longestToken(font, text)).toBeLessThanOrEqual(longest + 0.01);
    }
  });

  it('segments always join back to the text, and no segment boundary touches a no-break space', () => {
    const alphabet = fc.constantFrom(
      'a',
      'Z',
      '1',
      ' ',
      '-',
      '/',
      '.',
      ',',
      '\u00A0',
      '\u202F',
      '\u2060',
      '東',
      '。',
      '「',
      'ก',
      'ี',
      '😀',
      'ש',
      '€',
      '(',
      ')',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')),
        (text) => {
          const segs = segments(text);
          expect(segs.join('')).toBe(text);
          let at = 0;
          for (const s of segs.slice(0, -1)) {
            at += s.length;
            expect(GLUE.test(text[at - 1]!) || GLUE.test(text[at]!), JSON.stringify(text)).toBe(false);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('wraps any text within the width without losing a character', () => {
    const alphabet = fc.constantFrom('a', 'b', 'W', '1', ' ', '-', '\u00A0', '東', '。', 'ก', 'า', '😀', 'ש');
    fc.assert(
      fc.property(
        fc.array(alphabet, { minLength: 1, maxLength: 60 }).map((a) => a.join('')),
        fc.integer({ min: 30, max: 300 }),
        (text, max) => {
          const lines = wrap(font, text, max);
          expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
          for (const l of lines) if ([...l].length > 1) expect(measure(font, l)).toBeLessThanOrEqual(max + 0.5);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('columns use the same opportunities', () => {
  it('a French currency column is as wide as its amounts: 1 234 567,89 € stays on one line', () => {
    const amounts = [1234567.89, 98765.4, 12.5];
    const layout = layoutTable(
      normalizePayload({
        payload: {
          headers: ['Poste', 'Montant'],
          rows: amounts.map((n, i) => [
            `Ligne ${i + 1} du budget prévisionnel annuel`,
            { type: 'currency', value: n, format: 'EUR' },
          ]),
          options: { locale: 'fr-FR', width: 360 },
        },
      }).model,
    );
    const money = layout.cells.filter((lc) => lc.col === 1 && lc.row > 0);
    for (const lc of money) expect(lc.lines, lc.cell.text).toEqual([lc.cell.text]);
  });

  it('en-US times and units are never split at their no-break space', () => {
    const layout = layoutTable(
      normalizePayload({
        payload: {
          headers: ['When', 'Distance', 'Share', 'Notes'],
          rows: [
            [
              { type: 'datetime', value: '2024-03-04T00:00:00Z', format: 'h:mm a' },
              '100\u00A0km',
              '42\u00A0%',
              'a long note that has to wrap over several lines in a narrow table',
            ],
          ],
          options: { width: 300 },
        },
      }).model,
    );
    for (const lc of layout.cells) {
      for (const l of lc.lines) expect(/^[\u00A0\u202F]|[\u00A0\u202F]$/.test(l), l).toBe(false);
    }
    expect(layout.cells.find((lc) => lc.row === 1 && lc.col === 1)!.lines).toEqual(['100\u00A0km']);
  });
});
