/**
 * Issue #24 in the engine: the model and layout of subtitles, notes, spanners, the columns map,
 * conditional formats and sparklines, the 400s that name the field, and the two "Also" bugs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@jsonable/domain/errors';
import { layoutTable } from '../src/layout/layout';
import type { ModelCell } from '../src/model';
import { contrastText, scaleColour } from '../src/normalize/features';
import { featureCases } from './features-cases';
import { renderPayload, normalizePayload } from './support/payload';

const model = (payload: Record<string, unknown>) => normalizePayload({ payload }).model;
const texts = (cells: (ModelCell | null)[]) => cells.map((c) => (c === null ? null : c.text));
function refusal(payload: Record<string, unknown>): string {
  try {
    normalizePayload({ payload });
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).status).toBe(400);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

const quarters = {
  headers: ['Region', 'Jan', 'Feb', 'Mar', 'Apr'],
  rows: [
    ['North', 1, 2, 3, 4],
    ['South', -5, 6, 7, 8],
  ],
};

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (h: string) => {
    const c = [1, 3, 5]
      .map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe('subtitle, footnotes and source notes', () => {
  it('marks the cells footnotes point at and lists the notes under the table', () => {
    const m = model(featureCases.find((c) => c.name === 'feature-financial')!.payload);
    expect(m.subtitle).toBe('Fiscal year 2025, in thousands of dollars');
    // Growth has no spanner: its header reaches up through the bands from the first one.
    expect(m.rows[0]!.cells.at(-1)).toMatchObject({ text: 'YoY growth²', rowspan: 3 });
    const south = m.rows.find((r) => r.kind === 'body' && r.cells[0]?.text.startsWith('South'))!;
    expect(south.cells[0]!.text).toBe('South¹');
    expect(m.notes).toEqual([
      '¹ South includes the Gulf offices from March.',
      '² Growth compares June with June of the year before.',
      'Source: internal ledger, closed books as of July 3, 2025.',
    ]);
    const layout = layoutTable(m);
    expect(layout.subtitle?.lines.join(' ')).toBe('Fiscal year 2025, in thousands of dollars');
    expect(layout.notes).toHaveLength(3);
    // Notes sit under the table, inside the image.
    expect(layout.notes[0]!.y).toBeGreaterThan(layout.tableY + layout.tableH);
    expect(layout.notes[2]!.baseline).toBeLessThan(layout.height);
  });

  it('follows a footnote to its row after sorting and leaves a filtered-out row unmarked', () => {
    const m = model({
      ...quarters,
      footnotes: [{ text: 'restated', column: 'Jan', row: 2 }],
      options: { dataProcessing: { sortBy: 'Region', sortDirection: 'desc' } },
    });
    expect(m.rows[1]!.cells[1]!.text).toBe('-5¹');
    const filtered = model({
      ...quarters,
      footnotes: [{ text: 'restated', column: 'Jan', row: 2 }],
      options: { dataProcessing: { filter: { Region: 'North' } } },
    });
    expect(filtered.notes).toEqual(['¹ restated']);
    expect(filtered.rows.flatMap((r) => texts(r.cells)).some((t) => t?.includes('¹'))).toBe(false);
  });

  it('refuses footnotes that point at no column or past the last row, naming the field', () => {
    expect(refusal({ ...quarters, footnotes: [{ text: 'x', column: 'May' }] })).toBe(
      'Invalid footnotes.0.column: no column named "May"',
    );
    expect(refusal({ ...quarters, footnotes: [{ text: 'x', row: 3 }] })).toBe(
      'Invalid footnotes.0.row: the table has 2 data rows',
    );
  });
});

describe('spanners', () => {
  it('draws nested spanners as header bands; headers without a spanner reach up through them', () => {
    const m = model({
      ...quarters,
      spanners: [
        {
          label: 'H1',
          spanners: [
            { label: 'Q1', columns: ['Jan', 'Feb'] },
            { label: 'Q2', columns: ['Mar', 'Apr'] },
          ],
        },
      ],
    });
    expect(m.spannerRows).toBe(2);
    expect(m.headerRows).toBe(3);
    expect(texts(m.rows[0]!.cells)).toEqual(['Region', 'H1', null, null, null]);
    expect(m.rows[0]!.cells[0]!.rowspan).toBe(3);
    expect(m.rows[0]!.cells[1]!.colspan).toBe(4);
    expect(texts(m.rows[1]!.cells)).toEqual([null, 'Q1', null, 'Q2', null]);
    expect(texts(m.rows[2]!.cells)).toEqual([null, 'Jan', 'Feb', 'Mar', 'Apr']);
  });

  it('keeps the row-number column out of the spanners and follows the column order', () => {
    const m = model({
      ...quarters,
      spanners: [{ label: 'Late', columns: ['Apr', 'Jan'] }],
      columns: { Apr: { order: 0 }, Jan: { order: 1 } },
      options: { showRowNumbers: true },
    });
    expect(texts(m.rows[0]!.cells)).toEqual(['#', 'Late', null, 'Region', 'Feb', 'Mar']);
    expect(texts(m.rows[1]!.cells)).toEqual([null, 'Apr', 'Jan', null, null, null]);
  });

  it('refuses spanners whose columns are not adjacent after ordering, naming the spanner', () => {
    expect(refusal({ ...quarters, spanners: [{ label: 'Odd months', columns: ['Jan', 'Mar'] }] })).toBe(
      'Invalid spanners.0: the columns of spanner "Odd months" must be adjacent after column ordering ("Jan" and "Mar" are not)',
    );
    expect(
      refusal({ ...quarters, spanners: [{ label: 'Q1', columns: ['Jan', 'Feb'] }], columns: { Feb: { order: 0 } } }),
    ).toMatch(/^Invalid spanners\.0: the columns of spanner "Q1" must be adjacent/);
    expect(refusal({ ...quarters, spanners: [{ label: 'Q1', columns: ['Jan', 'Smarch'] }] })).toBe(
      'Invalid spanners.0.columns.1: no column named "Smarch" (spanner "Q1")',
    );
    expect(
      refusal({
        ...quarters,
        spanners: [
          { label: 'A', columns: ['Jan'] },
          { label: 'B', columns: ['Jan', 'Feb'] },
        ],
      }),
    ).toBe('Invalid spanners.1: spanner "B" and spanner "A" both cover column "Jan" on the same level');
  });

  it('renders spanners in every format, and a PDF repeats them with the header', async () => {
    const payload = { ...quarters, spanners: [{ label: 'Q1', columns: ['Jan', 'Feb', 'Mar'] }] };
    const svg = Buffer.from((await renderPayload({ payload, format: 'svg' })).bytes).toString('utf8');
    expect(svg).toContain('>Q1</text>');
    const pdf = await renderPayload({ payload, format: 'pdf' });
    expect(Buffer.from(pdf.bytes).toString('latin1').startsWith('%PDF-')).toBe(true);
  });
});

describe('the columns display map', () => {
  it('orders, hides and relabels columns while sorting can still use a hidden one', () => {
    const m = model({
      data: [
        { id: 2, name: 'b', secret: 1 },
        { id: 1, name: 'a', secret: 2 },
      ],
      columns: { secret: { hidden: true }, name: { order: 0, label: 'Name' } },
      options: { dataProcessing: { sortBy: 'secret', sortDirection: 'desc' } },
    });
    expect(m.columns.map((c) => c.label)).toEqual(['Name', 'id']);
    expect(m.rows.map((r) => texts(r.cells))).toEqual([
      ['Name', 'id'],
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('keeps column styles keyed by name and by the index as sent', () => {
    const m = model({
      data: [{ a: 1, b: 2 }],
      columns: { b: { order: 0 } },
      styles: { columnStyles: { a: { backgroundColor: '#ff0000' }, 1: { textColor: '#00ff00' } } },
    });
    expect(m.columns.map((c) => [c.key, c.background, c.color])).toEqual([
      ['b', undefined, '#00ff00'],
      ['a', '#ff0000', undefined],
    ]);
  });

  it('refuses an unknown column and a table with every column hidden', () => {
    expect(refusal({ data: [{ a: 1 }], columns: { b: { hidden: true } } })).toBe(
      'Invalid columns.b: no column named "b"',
    );
    expect(refusal({ data: [{ a: 1 }], columns: { a: { hidden: true } } })).toBe(
      'Invalid columns: every column is hidden',
    );
  });
});

describe('conditional formats', () => {
  it('applies rules in order, later ones winning', () => {
    const m = model({
      ...quarters,
      conditionalFormats: [
        {
          type: 'rule',
          column: 'Jan',
          when: { op: '<', value: 0 },
          style: { backgroundColor: '#fee2e2', color: '#991b1b' },
        },
        {
          type: 'rule',
          columns: ['Jan', 'Feb'],
          when: { op: 'between', value: -10, value2: 1 },
          style: { backgroundColor: '#000000', fontWeight: 'bold' },
        },
        { type: 'rule', column: 'Region', when: { op: 'contains', value: 'sou' }, style: { fontStyle: 'italic' } },
        { type: 'rule', column: 'Region', when: { op: '==', value: 'North' }, style: { color: '#123456' } },
      ],
    });
    const [north, south] = [m.rows[1]!, m.rows[2]!];
    expect([south.cells[1]!.background, south.cells[1]!.color, south.cells[1]!.weight]).toEqual([
      '#000000',
      '#991b1b',
      700,
    ]);
    expect([north.cells[1]!.background, north.cells[1]!.weight]).toEqual(['#000000', 700]);
    expect(north.cells[2]!.background).toBeUndefined();
    expect([north.cells[0]!.italic, south.cells[0]!.italic, north.cells[0]!.color]).toEqual([false, true, '#123456']);
  });

  it('colours a scale from the data, with readable text on every stop', () => {
    const m = model({
      data: [{ v: 0 }, { v: 50 }, { v: 100 }],
      conditionalFormats: [{ type: 'colorScale', column: 'v', colors: ['#f8696b', '#ffeb84', '#63be7b'] }],
    });
    expect(m.rows.slice(1).map((r) => r.cells[0]!.background)).toEqual(['#f8696b', '#ffeb84', '#63be7b']);
    const dark = model({
      data: [{ v: 0 }, { v: 1 }],
      conditionalFormats: [{ type: 'colorScale', column: 'v', colors: ['#ffffff', '#1e3a8a'] }],
    });
    expect(dark.rows.slice(1).map((r) => r.cells[0]!.color)).toEqual(['#111827', '#ffffff']);
  });

  it('picks black text on the mid-luminance backgrounds where neither near-black nor white reaches 4.5:1', () => {
    // Luminance 0.18–0.20: white gives 4.2–4.5:1 there and #111827 4.0–4.3:1; black gives 4.7–5.0:1.
    for (const bg of ['#777777', '#7a7a7a', '#7c7c7c'])
      expect(contrast(bg, contrastText(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it('picks the text colour with at least 4.5:1 contrast on any background', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), fc.double({ min: 0, max: 1, noNaN: true }), (n, t) => {
        const bg = scaleColour(['#000000', `#${n.toString(16).padStart(6, '0')}`, '#ffffff'], t);
        expect(contrast(bg, contrastText(bg))).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 300 },
    );
  });

  it('puts data bars on one scale with zero as the axis; negative bars grow left of it', () => {
    const m = model({
      data: [{ v: -50 }, { v: 0 }, { v: 150 }],
      conditionalFormats: [{ type: 'dataBar', column: 'v', showValue: false }],
    });
    const bars = m.rows.slice(1).map((r) => r.cells[0]!.graphics?.bar);
    expect(bars.map((b) => [b?.axis, b?.end, b?.showAxis])).toEqual([
      [0.25, 0, true],
      [0.25, 0.25, true],
      [0.25, 1, true],
    ]);
    expect(bars[0]!.color).toBe('#e06666');
    expect(m.rows.slice(1).map((r) => r.cells[0]!.text)).toEqual(['', '', '']);
    const layout = layoutTable(m);
    const neg = layout.cells.find((c) => c.row === 1)!;
    const pos = layout.cells.find((c) => c.row === 3)!;
    const axisX = neg.shapes!.find((s) => s.kind === 'rect' && s.w === 1)!;
    const negBar = neg.shapes!.find((s) => s.kind === 'rect' && s.fill === '#e06666')!;
    const posBar = pos.shapes!.find((s) => s.kind === 'rect' && s.fill === '#638ec6')!;
    if (negBar.kind !== 'rect' || posBar.kind !== 'rect' || axisX.kind !== 'rect') throw new Error('bars are rects');
    expect(negBar.x + negBar.w).toBeCloseTo(axisX.x + 0.5, 1);
    expect(posBar.x).toBeCloseTo(axisX.x + 0.5, 1);
  });

  it('picks icons by the thresholds and leaves room for them beside the text', () => {
    const m = model({
      data: [{ v: 1 }, { v: 5 }, { v: 9 }],
      conditionalFormats: [{ type: 'iconSet', column: 'v', icons: 'arrows', thresholds: [5, 9] }],
    });
    expect(m.rows.slice(1).map((r) => r.cells[0]!.graphics?.icon)).toEqual(['arrowDown', 'arrowRight', 'arrowUp']);
    const layout = layoutTable(m);
    for (const lc of layout.cells.filter((c) => c.row > 0)) {
      const icon = lc.shapes![0]!;
      if (icon.kind !== 'polygon') throw new Error('arrows are polygons');
      const right = Math.max(...icon.points.filter((_, i) => i % 2 === 0));
      expect(right).toBeLessThanOrEqual(lc.x + lc.w - lc.text.size); // text fits beside the icon
    }
  });

  it('refuses a numeric format over text and a format naming no column, naming the field', () => {
    expect(refusal({ ...quarters, conditionalFormats: [{ type: 'dataBar', column: 'Region' }] })).toBe(
      'Invalid conditionalFormats.0: dataBar needs numbers, but column "Region" holds "North" (data row 1)',
    );
    expect(
      refusal({
        ...quarters,
        conditionalFormats: [
          { type: 'rule', columns: ['Jan', 'May'], when: { op: 'empty' }, style: { color: '#000' } },
        ],
      }),
    ).toBe('Invalid conditionalFormats.0.columns.1: no column named "May"');
    expect(
      refusal({
        ...quarters,
        conditionalFormats: [{ type: 'rule', column: 'Jan', when: { op: '~', value: 1 }, style: { color: '#000' } }],
      }),
    ).toMatch(/^Invalid conditionalFormats\.0\.when\.op: /);
  });

  it('never fails on any numeric table other than by a 400, and draws inside each cell', () => {
    const value = fc.oneof(fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }), fc.constant(null));
    const format = fc.oneof(
      fc.record({
        type: fc.constant('colorScale'),
        column: fc.constant('v'),
        colors: fc.constant(['#ff0000', '#00ff00']),
      }),
      fc.record({
        type: fc.constant('dataBar'),
        column: fc.constant('v'),
        min: fc.option(fc.integer({ min: -100, max: 0 }), { nil: undefined }),
      }),
      fc.record({
        type: fc.constant('iconSet'),
        column: fc.constant('v'),
        icons: fc.constantFrom('arrows', 'traffic', 'checks'),
        thresholds: fc.constant([0, 10]),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 8 }),
        fc.array(format, { maxLength: 3 }),
        (vs, conditionalFormats) => {
          const m = model({ data: vs.map((v) => ({ v, s: { type: 'sparkline', value: vs } })), conditionalFormats });
          const layout = layoutTable(m);
          for (const lc of layout.cells)
            for (const s of lc.shapes ?? []) {
              const xs =
                s.kind === 'rect'
                  ? [s.x, s.x + s.w]
                  : s.kind === 'circle'
                    ? [s.cx - s.r, s.cx + s.r]
                    : s.points.filter((_, i) => i % 2 === 0);
              for (const x of xs) {
                expect(Number.isFinite(x)).toBe(true);
                expect(x).toBeGreaterThanOrEqual(lc.x - 0.01);
                expect(x).toBeLessThanOrEqual(lc.x + lc.w + 0.01);
              }
            }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('formats and spanners saved with project styles', () => {
  it('apply to tables that have their columns, are left out of tables that do not, and a request wins', () => {
    const projectStyles = {
      conditionalFormats: [
        { type: 'rule', column: 'Jan', when: { op: '<', value: 0 }, style: { backgroundColor: '#fee2e2' } },
        { type: 'dataBar', column: 'Profit' },
      ],
      spanners: [{ label: 'Q1', columns: ['Jan', 'Feb', 'Mar'] }],
    };
    const m = normalizePayload({ payload: quarters, projectStyles }).model;
    expect(m.rows[m.headerRows + 1]!.cells[1]!.background).toBe('#fee2e2');
    expect(m.spannerRows).toBe(1);
    const other = normalizePayload({ payload: { data: [{ a: 1 }] }, projectStyles }).model;
    expect([other.spannerRows, other.rows[1]!.cells[0]!.graphics]).toEqual([0, undefined]);
    const own = normalizePayload({
      payload: { ...quarters, conditionalFormats: [], spanners: [] },
      projectStyles,
    }).model;
    expect([own.spannerRows, own.rows[own.headerRows + 1]!.cells[1]!.background]).toEqual([0, undefined]);
  });
});

describe('sparkline cells', () => {
  it('draws line, area and bar kinds with the minimum and maximum marked', () => {
    const m = model({
      data: [
        { t: { type: 'sparkline', value: [3, 1, 4, 1.5, 9] } },
        { t: { type: 'sparkline', value: [3, -1, 4], kind: 'bar' } },
        { t: { type: 'sparkline', value: [2, 2], kind: 'area' } },
      ],
    });
    const layout = layoutTable(m);
    const [line, bar, flat] = layout.cells.filter((c) => c.row > 0).map((c) => c.shapes!);
    expect(line!.filter((s) => s.kind === 'circle').map((s) => s.kind === 'circle' && s.fill)).toEqual([
      '#dc2626',
      '#16a34a',
    ]);
    expect(bar!.filter((s) => s.kind === 'rect').map((s) => s.kind === 'rect' && s.fill)).toEqual([
      '#2563eb',
      '#dc2626',
      '#16a34a',
    ]);
    expect(flat!.some((s) => s.kind === 'polygon')).toBe(true);
  });

  it('refuses a sparkline without numbers, naming the cell', () => {
    expect(refusal({ data: [{ t: { type: 'sparkline', value: [1, 'x'] } }] })).toMatch(
      /^Invalid sparkline at row 1, column t \(value\.1\)/,
    );
    expect(refusal({ data: [{ t: { type: 'sparkline', value: [1], kind: 'pie' } }] })).toMatch(
      /^Invalid sparkline at row 1, column t \(kind\)/,
    );
  });
});

describe('the two bugs found reading the spec against the engine', () => {
  it('shows undefinedDisplay for a key missing from a row and nullDisplay for null', () => {
    const m = model({
      data: [{ a: 1, b: null }, { a: 2 }],
      styles: { complexDataDisplay: { nullDisplay: 'n/a', undefinedDisplay: '(missing)' } },
    });
    expect(m.rows.slice(1).map((r) => texts(r.cells))).toEqual([
      ['1', 'n/a'],
      ['2', '(missing)'],
    ]);
  });

  it('takes colspan and rowspan from the styles.cellStyles grid', () => {
    const m = model({
      headers: ['a', 'b', 'c'],
      rows: [
        ['wide', 'x', 'y'],
        ['tall', 'p', 'q'],
        ['r', 's', 't'],
      ],
      styles: { cellStyles: [[{ colspan: 2, backgroundColor: '#eeeeee' }], [{ rowspan: 2 }]] },
    });
    expect(m.rows[1]!.cells[0]).toMatchObject({ text: 'wide', colspan: 2, background: '#eeeeee' });
    expect(m.rows[1]!.cells[1]).toBeNull();
    expect(m.rows[2]!.cells[0]).toMatchObject({ text: 'tall', rowspan: 2 });
    expect(m.rows[3]!.cells[0]).toBeNull();
  });
});
