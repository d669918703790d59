/**
 * Payloads for issue #24's features (subtitle and notes, spanners, the columns map, conditional
 * formats, sparklines): shared by the golden tests, the engine tests and the examples.
 */
export const featureCases: { name: string; payload: Record<string, unknown> }[] = [
  {
    name: 'feature-financial',
    payload: {
      title: 'Quarterly revenue by region',
      subtitle: 'Fiscal year 2025, in thousands of dollars',
      headers: ['Region', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Growth'],
      rows: [
        ['North', 120, 132, 141, 150, 149, 162, 0.18],
        ['South', 98, 91, 87, 95, 102, 99, -0.04],
        ['East', 143, 151, 166, 171, 180, 191, 0.27],
        ['West', 77, 80, 79, 84, 88, 93, 0.09],
      ],
      spanners: [
        { label: 'H1 2025', spanners: [{ label: 'Q1', columns: ['Jan', 'Feb', 'Mar'] }, { label: 'Q2', columns: ['Apr', 'May', 'Jun'] }] },
      ],
      columns: { Growth: { label: 'YoY growth' } },
      conditionalFormats: [
        { type: 'colorScale', columns: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'], colors: ['#f8696b', '#ffeb84', '#63be7b'] },
        { type: 'rule', column: 'Growth', when: { op: '<', value: 0 }, style: { color: '#b91c1c', fontWeight: 'bold' } },
      ],
      footnotes: [
        { text: 'South includes the Gulf offices from March.', column: 'Region', row: 2 },
        { text: 'Growth compares June with June of the year before.', column: 'Growth' },
      ],
      sourceNotes: ['Source: internal ledger, closed books as of July 3, 2025.'],
    },
  },
  {
    name: 'feature-kpi',
    payload: {
      title: 'Team KPIs',
      data: [
        { Team: 'Platform', 'Net change': 42, Uptime: 99.95, Tickets: 12, Trend: { type: 'sparkline', value: [5, 7, 6, 9, 12, 10, 14], kind: 'line' } },
        { Team: 'Web', 'Net change': -18, Uptime: 99.2, Tickets: 31, Trend: { type: 'sparkline', value: [9, 8, 10, 7, 6, 6, 5], kind: 'area' } },
        { Team: 'Mobile', 'Net change': 7, Uptime: 98.4, Tickets: 48, Trend: { type: 'sparkline', value: [3, -2, 4, 6, -1, 5, 2], kind: 'bar' } },
        { Team: 'Data', 'Net change': -35, Uptime: 99.7, Tickets: 20, Trend: { type: 'sparkline', value: [4, 4, 5, null, 6, 7, 9] } },
      ],
      conditionalFormats: [
        { type: 'dataBar', column: 'Net change', color: '#638ec6' },
        { type: 'iconSet', column: 'Uptime', icons: 'traffic', thresholds: [99, 99.9] },
        { type: 'iconSet', column: 'Tickets', icons: 'arrows', thresholds: [20, 40] },
      ],
      sourceNotes: ['Last 7 weeks.'],
    },
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
        { type: 'rule', column: 'state', when: { op: 'contains', value: 'fail' }, style: { backgroundColor: '#fee2e2', fontStyle: 'italic' } },
      ],
    },
  },
];
