/**
 * Payloads for issue #24's features (subtitle and notes, spanners, the columns map, conditional
 * formats, sparklines): shared by the golden tests and the engine tests (the first two are the Examples page's).
 */
import { examples } from '@jsonable/contracts/examples';

const examplePayload = (id: string) => examples.find((e) => e.id === id)!.payload;

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
];
