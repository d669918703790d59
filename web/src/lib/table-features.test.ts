import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conditionalFormatsSchema, spannersSchema } from '@jsonable/contracts/table-features';
import {
  apiFieldError,
  cellEffects,
  fieldKey,
  formatErrors,
  formatsFromSaved,
  formatsPayload,
  moved,
  newFormat,
  newSpanner,
  notesErrors,
  spannerBandsFor,
  spannerErrors,
  spannersFromSaved,
  spannersPayload,
  toNotes,
  type FormatDraft,
  type SpannerDraft,
} from './table-features';

const rule = (patch: Partial<FormatDraft> = {}): FormatDraft =>
  ({ ...newFormat('rule', 'Revenue'), value: '100', ...patch }) as FormatDraft;
const spanner = (label: string, columns: string, children: SpannerDraft[] = []): SpannerDraft => ({
  ...newSpanner(columns),
  label,
  children,
});

describe('conditional format drafts (issue #24)', () => {
  it('turn into the payload the API takes, and back', () => {
    const drafts: FormatDraft[] = [
      rule({ op: 'between', value: '1', value2: '9', bold: true, color: '' } as Partial<FormatDraft>),
      { ...newFormat('colorScale', 'Units, Revenue'), min: '0' } as FormatDraft,
      { ...newFormat('dataBar', 'Growth'), showValue: false } as FormatDraft,
      { ...newFormat('iconSet', 'Growth'), low: '0', high: '10' } as FormatDraft,
    ];
    expect(formatErrors(drafts)).toEqual({});
    const payload = formatsPayload(drafts);
    expect(conditionalFormatsSchema.safeParse(payload).success).toBe(true);
    expect(payload[0]).toEqual({
      type: 'rule',
      column: 'Revenue',
      when: { op: 'between', value: 1, value2: 9 },
      style: { backgroundColor: '#fee2e2', fontWeight: 'bold' },
    });
    expect(payload[1]).toMatchObject({ columns: ['Units', 'Revenue'], min: 0 });
    expect(payload[2]).toMatchObject({ showValue: false });
    expect(payload[3]).toMatchObject({ thresholds: [0, 10] });
    expect(formatsPayload(formatsFromSaved(payload))).toEqual(payload);
  });

  it('name the field of each problem with the API’s path, and never throw on what a person types', () => {
    expect(formatErrors([rule({ columns: '', value: '' })])).toMatchObject({
      'conditionalFormats.0.column': expect.any(String),
      'conditionalFormats.0.when.value': 'Enter a number',
    });
    expect(formatErrors([rule({ op: 'contains', value: '' })])).toHaveProperty(['conditionalFormats.0.when.value']);
    expect(formatErrors([rule({ backgroundColor: '', color: '' })])).toHaveProperty(['conditionalFormats.0.style']);
    expect(formatErrors([rule({ backgroundColor: 'nope' })])).toHaveProperty([
      'conditionalFormats.0.style.backgroundColor',
    ]);
    expect(
      formatErrors([{ ...newFormat('colorScale', 'A'), colors: ['#fff', 'x'], min: '5', max: '1' } as FormatDraft]),
    ).toMatchObject({
      'conditionalFormats.0.colors.1': expect.any(String),
      'conditionalFormats.0.max': 'min must be less than max',
    });
    expect(formatErrors([{ ...newFormat('iconSet', 'A'), low: 'a', high: '' } as FormatDraft])).toHaveProperty([
      'conditionalFormats.0.thresholds',
    ]);
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.string(),
        fc.constantFrom('rule', 'colorScale', 'dataBar', 'iconSet' as const),
        (a, b, c, type) => {
          const d = {
            ...newFormat(type),
            columns: a,
            value: b,
            value2: c,
            min: b,
            max: c,
            low: b,
            high: c,
            color: a,
            backgroundColor: b,
          } as unknown as FormatDraft;
          const errors = formatErrors([d]);
          if (Object.keys(errors).length === 0)
            expect(conditionalFormatsSchema.safeParse(formatsPayload([d])).success).toBe(true);
          cellEffects([d], ['A'], [{ A: b }]);
        },
      ),
    );
  });
});

describe('spanner drafts', () => {
  it('nest, and check labels and columns', () => {
    const tree = [spanner('H1', '', [spanner('Q1', 'Jan, Feb'), spanner('Q2', 'Mar')])];
    expect(spannerErrors(tree)).toEqual({});
    expect(spannersPayload(tree)).toEqual([
      {
        label: 'H1',
        spanners: [
          { label: 'Q1', columns: ['Jan', 'Feb'] },
          { label: 'Q2', columns: ['Mar'] },
        ],
      },
    ]);
    expect(spannersSchema.safeParse(spannersPayload(tree)).success).toBe(true);
    expect(spannersPayload(spannersFromSaved(spannersPayload(tree)))).toEqual(spannersPayload(tree));
    expect(spannerErrors([spanner('', ''), spanner('A', '', [spanner('B', '')])])).toEqual({
      'spanners.0.label': 'Give the spanner a label',
      'spanners.0.columns': expect.any(String),
      'spanners.1.spanners.0.columns': expect.any(String),
    });
  });

  it('sketch header bands for the preview: the parent above its children, broken ones left out', () => {
    const cols = ['Product', 'Jan', 'Feb', 'Mar', 'Total'];
    expect(
      spannerBandsFor(
        [spanner('H1', '', [spanner('Q1', 'Jan, Feb'), spanner('M', 'Mar')]), spanner('Bad', 'Product, Total')],
        cols,
      ),
    ).toEqual([
      [{ label: 'H1', start: 1, span: 3 }],
      [
        { label: 'Q1', start: 1, span: 2 },
        { label: 'M', start: 3, span: 1 },
      ],
    ]);
  });
});

describe('the preview sketch of conditional formats', () => {
  it('applies rules, colour scales, data bars and icon sets in order; leaves out formats for absent or non-numeric columns', () => {
    const rows = [
      { N: 1, S: 'a' },
      { N: -1, S: 'b' },
      { N: 5, S: 'c' },
    ];
    const e = cellEffects(
      [
        rule({ columns: 'N', op: '>', value: '2', bold: true } as Partial<FormatDraft>),
        { ...newFormat('dataBar', 'N') } as FormatDraft,
        { ...newFormat('iconSet', 'N'), low: '0', high: '3' } as FormatDraft,
        { ...newFormat('colorScale', 'S') } as FormatDraft,
        rule({ columns: 'Missing' }),
      ],
      ['N', 'S'],
      rows,
    );
    expect(e[2]![0]).toMatchObject({ background: '#fee2e2', bold: true, icon: { label: 'high' } });
    expect(e[0]![0]!.background).toBeUndefined();
    expect(e[1]![0]!.bar!.end).toBeLessThan(e[1]![0]!.bar!.axis);
    expect(e[1]![0]!.icon!.label).toBe('low');
    expect(e[0]![1]).toEqual({});
    const scale = cellEffects([{ ...newFormat('colorScale', 'N') } as FormatDraft], ['N'], rows);
    expect([scale[1]![0]!.background, scale[2]![0]!.background]).toEqual(['#f8696b', '#63be7b']);
  });
});

describe('errors the API answers', () => {
  it('land on the editor field they name', () => {
    expect(apiFieldError("Invalid conditionalFormats.0.column: no column named 'X'")).toEqual({
      key: 'conditionalFormats.0.column',
      message: "no column named 'X'",
    });
    expect(apiFieldError('conditionalFormats.1.columns.2: Expected a column name')?.key).toBe(
      'conditionalFormats.1.column',
    );
    expect(apiFieldError("Invalid spanners.0.spanners.1: the columns of spanner 'Q' must be adjacent")?.key).toBe(
      'spanners.0.spanners.1.columns',
    );
    expect(apiFieldError('Invalid footnotes.2.row: the table has 3 data rows')?.key).toBe('footnotes.2.row');
    expect(apiFieldError('conditionalFormats.0.thresholds.1: Expected number')?.key).toBe(
      'conditionalFormats.0.thresholds',
    );
    expect(apiFieldError('Rate limit exceeded')).toBeNull();
    expect(fieldKey('styles.spanners.3.label')).toBe('spanners.3.label');
  });
});

describe('notes and reordering', () => {
  it('subtitle, source lines and footnotes', () => {
    const notes = {
      subtitle: ' FY 2025 ',
      sourceNotes: 'Source: ledger\n\n',
      footnotes: [{ key: 'a', text: 'Restated', column: 'Q1', row: '2' }],
    };
    expect(toNotes(notes)).toEqual({
      subtitle: 'FY 2025',
      sourceNotes: ['Source: ledger'],
      footnotes: [{ text: 'Restated', column: 'Q1', row: 2 }],
    });
    expect(notesErrors({ ...notes, footnotes: [{ key: 'b', text: '', column: '', row: 'x' }] })).toEqual({
      'footnotes.0.row': expect.any(String),
      'footnotes.0.text': 'A footnote needs text',
    });
  });

  it('moves an item up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
