/**
 * Payloads for issue #24's features (subtitle and notes, spanners, the columns map, conditional
 * formats, sparklines) and the table's firmer rules (frozen header and first column, subtotals and
 * totals, dashed grid): shared by the golden tests and the engine tests (the first two are the
 * Examples page's).
 */
import { examples } from '@jsonable/contracts/examples';

const examplePayload = (id: string) => examples.find((e) => e.id === id)!.payload;

/** Units sold by region and product, by quarter: the table of the firmer-rules cases (pdf-grid.test.ts too). */
export const unitsByRegion = {
  headers: ['Region', 'Product', 'Q1', 'Q2', 'Q3'],
  rows: [
    ['North', 'Widgets', 120, 132, 141],
    ['North', 'Gadgets', 98, 91, 87],
    ['South', 'Widgets', 143, 151, 166],
    ['South', 'Gadgets', 77, 80, 79],
  ],
};

export const featureCases: { name: string; payload: Record<string, unknown> }[] = [
  {
    name: 'feature-financial',
    payload: examplePayload('financial-report'),
  },
  {
    name: 'feature-kpi',
    payload: examplePayload('kpi-dashboard'),
  },
  {
    name: 'feature-checks-columns',
    payload: {
      subtitle: 'Columns reordered, one hidden, one relabelled',
      data: [
        { id: 1, name: 'Build', score: 92, internal: 'x', state: 'ok' },
        { id: 2, name: 'Tests', score: 64, internal: 'y', state: '' },
        { id: 3, name: 'Lint', score: 30, internal: 'z', state: 'failing' },
      ],
      columns: { internal: { hidden: true }, score: { order: 1, label: 'Score' }, name: { order: 0, label: 'Check' } },
      conditionalFormats: [
        { type: 'iconSet', column: 'score', icons: 'checks', thresholds: [50, 80] },
        { type: 'rule', column: 'state', when: { op: 'empty' }, style: { backgroundColor: '#fef3c7' } },
        {
          type: 'rule',
          column: 'state',
          when: { op: 'contains', value: 'fail' },
          style: { backgroundColor: '#fee2e2', fontStyle: 'italic' },
        },
      ],
    },
  },
  {
    name: 'feature-rules',
    payload: {
      title: 'Units sold by region',
      ...unitsByRegion,
      styles: { borderStyle: 'dashed' },
      options: {
        freezeHeader: true,
        freezeFirstColumn: true,
        dataProcessing: { groupBy: 'Region', aggregate: { Q1: 'sum', Q2: 'sum', Q3: 'sum' } },
      },
    },
  },
];
