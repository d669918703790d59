import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stylesSchema as stylesSchemaFields, tableRequestSchema } from './table';
import { ICON_SETS, RULE_OPS, SPARKLINE_KINDS, sparklineCellSchema } from './table-features';

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const name = fc.constantFrom('Region', 'Jan', 'Feb', 'Score');
const num = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });

const rule = fc.record({
  type: fc.constant('rule'),
  column: name,
  when: fc.oneof(
    fc.record({ op: fc.constantFrom('>', '>=', '<', '<='), value: num }),
    fc.record({ op: fc.constant('between'), value: num, value2: num }),
    fc.record({
      op: fc.constantFrom('==', '!='),
      value: fc.oneof(num, fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null)),
    }),
    fc.record({ op: fc.constant('contains'), value: fc.string({ minLength: 1, maxLength: 10 }) }),
    fc.record({ op: fc.constant('empty') }),
  ),
  style: fc.record(
    {
      backgroundColor: hex,
      color: hex,
      fontWeight: fc.constantFrom('normal', 'bold'),
      fontStyle: fc.constantFrom('normal', 'italic'),
    },
    { requiredKeys: ['backgroundColor'] },
  ),
});
const colorScale = fc.record({
  type: fc.constant('colorScale'),
  columns: fc.array(name, { minLength: 1, maxLength: 3 }),
  colors: fc.array(hex, { minLength: 2, maxLength: 3 }),
});
const dataBar = fc.record(
  { type: fc.constant('dataBar'), column: name, color: hex, showValue: fc.boolean() },
  { requiredKeys: ['type', 'column'] },
);
const iconSet = fc.record({
  type: fc.constant('iconSet'),
  column: name,
  icons: fc.constantFrom(...ICON_SETS),
  thresholds: fc.tuple(num, num).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
});
const validFormat = fc.oneof(rule, colorScale, dataBar, iconSet);

const issuePaths = (payload: unknown) => {
  const r = tableRequestSchema.safeParse(payload);
  return r.success ? null : r.error.issues.map((i) => i.path.join('.'));
};

describe('conditional formats, spanners, notes and sparklines in the table payload', () => {
  it('accepts every well-formed list of conditional formats', () => {
    fc.assert(
      fc.property(fc.array(validFormat, { maxLength: 6 }), (conditionalFormats) => {
        expect(issuePaths({ data: [{ Region: 'North' }], conditionalFormats })).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('names the field of an unknown operator, whatever it is', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }).filter((op) => !(RULE_OPS as readonly string[]).includes(op)),
        fc.nat(3),
        (op, at) => {
          const formats = Array.from({ length: at + 1 }, () => ({
            type: 'rule',
            column: 'Region',
            when: { op: '>', value: 1 },
            style: { color: '#000' },
          }));
          formats[at] = { ...formats[at]!, when: { op, value: 1 } };
          expect(issuePaths({ data: [{ Region: 'x' }], conditionalFormats: formats })).toEqual([
            `conditionalFormats.${at}.when.op`,
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names the colour that does not parse', () => {
    fc.assert(
      fc.property(
        fc
          .string({ maxLength: 12 })
          .filter(
            (s) =>
              !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(s.trim()) && !/^rgba?\(/.test(s) && !/^[a-z]+$/i.test(s.trim()),
          ),
        fc.nat(2),
        (bad, at) => {
          const colors = ['#ff0000', '#00ff00', '#0000ff'];
          colors[at] = bad;
          expect(
            issuePaths({ data: [{ a: 1 }], conditionalFormats: [{ type: 'colorScale', column: 'a', colors }] }),
          ).toEqual([`conditionalFormats.0.colors.${at}`]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses formats without a column, with an unknown type, or with wrong numbers, naming the field', () => {
    expect(issuePaths({ data: [{ a: 1 }], conditionalFormats: [{ type: 'dataBar' }] })).toEqual([
      'conditionalFormats.0',
    ]);
    expect(issuePaths({ data: [{ a: 1 }], conditionalFormats: [{ type: 'heatmap', column: 'a' }] })).toEqual([
      'conditionalFormats.0.type',
    ]);
    expect(
      issuePaths({
        data: [{ a: 1 }],
        conditionalFormats: [{ type: 'rule', column: 'a', when: { op: '>', value: 'ten' }, style: { color: '#000' } }],
      }),
    ).toEqual(['conditionalFormats.0.when.value']);
    expect(
      issuePaths({
        data: [{ a: 1 }],
        conditionalFormats: [
          { type: 'rule', column: 'a', when: { op: 'between', value: 1 }, style: { color: '#000' } },
        ],
      }),
    ).toEqual(['conditionalFormats.0.when.value2']);
    expect(
      issuePaths({
        data: [{ a: 1 }],
        conditionalFormats: [{ type: 'rule', column: 'a', when: { op: 'empty' }, style: {} }],
      }),
    ).toEqual(['conditionalFormats.0.style']);
    expect(
      issuePaths({ data: [{ a: 1 }], conditionalFormats: [{ type: 'colorScale', column: 'a', colors: ['#000'] }] }),
    ).toEqual(['conditionalFormats.0.colors']);
    expect(
      issuePaths({
        data: [{ a: 1 }],
        conditionalFormats: [{ type: 'colorScale', column: 'a', colors: ['#000', '#fff'], min: 5, max: 5 }],
      }),
    ).toEqual(['conditionalFormats.0.max']);
    expect(
      issuePaths({
        data: [{ a: 1 }],
        conditionalFormats: [{ type: 'iconSet', column: 'a', icons: 'stars', thresholds: [1, 2] }],
      }),
    ).toEqual(['conditionalFormats.0.icons']);
    expect(
      issuePaths({
        data: [{ a: 1 }],
        conditionalFormats: [{ type: 'iconSet', column: 'a', icons: 'arrows', thresholds: [3, 2] }],
      }),
    ).toEqual(['conditionalFormats.0.thresholds']);
    expect(issuePaths({ data: [{ a: 1 }], conditionalFormats: 'all' })).toEqual(['conditionalFormats']);
  });

  it('accepts nested spanners up to the depth limit and refuses deeper or empty ones', () => {
    const nest = (depth: number): Record<string, unknown> =>
      depth === 1 ? { label: 'leaf', columns: ['a'] } : { label: `l${depth}`, spanners: [nest(depth - 1)] };
    expect(issuePaths({ data: [{ a: 1 }], spanners: [nest(4)] })).toBeNull();
    expect(issuePaths({ data: [{ a: 1 }], spanners: [nest(5)] })).not.toBeNull();
    expect(issuePaths({ data: [{ a: 1 }], spanners: [{ label: 'Q1' }] })).toEqual(['spanners.0']);
    expect(issuePaths({ data: [{ a: 1 }], spanners: [{ label: 'Q1', columns: [''] }] })).toEqual([
      'spanners.0.columns.0',
    ]);
  });

  it('checks notes, footnotes and the columns map', () => {
    expect(
      issuePaths({
        data: [{ a: 1 }],
        subtitle: 'Sub',
        sourceNotes: ['Source: x'],
        footnotes: [{ text: 'n', column: 'a', row: 1 }],
        columns: { a: { label: 'A', hidden: false, order: 2 } },
      }),
    ).toBeNull();
    expect(issuePaths({ data: [{ a: 1 }], footnotes: [{ text: 'n', row: 0 }] })).toEqual(['footnotes.0.row']);
    expect(issuePaths({ data: [{ a: 1 }], footnotes: [{ column: 'a' }] })).toEqual(['footnotes.0.text']);
    expect(issuePaths({ data: [{ a: 1 }], columns: { a: { hidden: 'yes' } } })).toEqual(['columns.a.hidden']);
    expect(issuePaths({ data: [{ a: 1 }], sourceNotes: 'one' })).toEqual(['sourceNotes']);
  });

  it('accepts conditional formats and spanners saved with project styles', () => {
    expect(
      stylesSchemaFields.safeParse({
        conditionalFormats: [{ type: 'dataBar', column: 'a' }],
        spanners: [{ label: 'x', columns: ['a'] }],
      }).success,
    ).toBe(true);
    expect(stylesSchemaFields.safeParse({ conditionalFormats: [{ type: 'dataBar' }] }).success).toBe(false);
  });

  it('parses sparkline cells: finite numbers or null, a known kind', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(num), { minLength: 1, maxLength: 50 }),
        fc.constantFrom(...SPARKLINE_KINDS),
        (value, kind) => {
          expect(sparklineCellSchema.safeParse({ type: 'sparkline', value, kind }).success).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
    expect(sparklineCellSchema.safeParse({ type: 'sparkline', value: [] }).success).toBe(false);
    expect(sparklineCellSchema.safeParse({ type: 'sparkline', value: [1, 'two'] }).success).toBe(false);
    expect(sparklineCellSchema.safeParse({ type: 'sparkline', value: [1], kind: 'pie' }).success).toBe(false);
  });
});
