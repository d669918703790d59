/**
 * One documented example payload per field of issue #24, in one place: the Documentation page
 * prints them, the OpenAPI document carries each as its field's example, and a render test draws
 * every one of them, so no example in the docs can stop rendering unnoticed.
 */
export interface FeatureDoc {
  /** The payload field (or cell type) the example shows. */
  field: string;
  title: string;
  summary: string;
  payload: Record<string, unknown>;
}

const sales = {
  headers: ['Region', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
  rows: [
    ['North', 120, 132, 141, 150, 149, 162],
    ['South', 98, 91, 87, 95, 102, 99],
    ['East', 143, 151, 166, 171, 180, 191],
  ],
};

export const featureDocs: readonly FeatureDoc[] = [
  {
    field: 'subtitle',
    title: 'Subtitle and source notes',
    summary:
      '`subtitle` (string) is drawn under the title, smaller and muted. `sourceNotes` (array of strings) are listed under the table, after any footnotes.',
    payload: {
      title: 'Revenue by region',
      subtitle: 'First half of 2025, in thousands of dollars',
      ...sales,
      sourceNotes: ['Source: internal ledger, July 3, 2025.'],
    },
  },
  {
    field: 'footnotes',
    title: 'Footnotes',
    summary:
      '`footnotes` is an array of `{ text, column?, row? }`. With `column` alone the column header is marked; with `column` and `row` (the 1-based data row as sent, before sorting or paging) that cell is marked; with neither the note is listed without a mark. Marks are superscript numbers, in the order of the footnotes that point somewhere; the notes are listed under the table.',
    payload: {
      ...sales,
      footnotes: [
        { text: 'South includes the Gulf offices from March.', column: 'Region', row: 2 },
        { text: 'June is preliminary.', column: 'Jun' },
        { text: 'All figures exclude tax.' },
      ],
    },
  },
  {
    field: 'spanners',
    title: 'Column spanners',
    summary:
      '`spanners` is an array of `{ label, columns?, spanners? }`: grouped headers above the column headers. Nest `spanners` inside a spanner for more levels (up to 4): a spanner covers its own columns and those of the spanners inside it, and sits one band above its tallest child. The columns of a spanner must be adjacent after column ordering, or the request is refused with 400 naming the spanner. Column headers without a spanner reach up through the empty bands. The bands repeat with the header on every PDF page.',
    payload: {
      ...sales,
      spanners: [
        {
          label: 'H1 2025',
          spanners: [
            { label: 'Q1', columns: ['Jan', 'Feb', 'Mar'] },
            { label: 'Q2', columns: ['Apr', 'May', 'Jun'] },
          ],
        },
      ],
    },
  },
  {
    field: 'columns',
    title: 'Column order, visibility and labels',
    summary:
      '`columns` maps a column name to `{ label?, hidden?, order? }`. Columns with an `order` come first, smallest first; the others follow in their own order. Hidden columns are not drawn but still sort, filter and group. `styles.columnStyles` keeps working as before (keyed by column name or by its index in the data as sent).',
    payload: {
      data: [
        { id: 'A-1', name: 'Build', internal: 'x1', score: 92 },
        { id: 'A-2', name: 'Tests', internal: 'x2', score: 64 },
      ],
      columns: {
        internal: { hidden: true },
        name: { order: 0, label: 'Check' },
        score: { order: 1, label: 'Score (%)' },
      },
    },
  },
  {
    field: 'conditionalFormats.rule',
    title: 'Conditional formats: rules',
    summary:
      '`conditionalFormats` is an ordered list applied in order (a later format wins, and formats win over the cells\' own styles). Each names `column` or `columns`. A rule is `{ type: "rule", when: { op, value?, value2? }, style: { backgroundColor?, color?, fontWeight?, fontStyle? } }` with op `>`, `>=`, `<`, `<=`, `between` (numbers), `==`, `!=`, `contains` (case-insensitive text) or `empty`.',
    payload: {
      ...sales,
      conditionalFormats: [
        {
          type: 'rule',
          columns: ['Jan', 'Feb', 'Mar'],
          when: { op: '<', value: 100 },
          style: { backgroundColor: '#fee2e2', color: '#991b1b' },
        },
        {
          type: 'rule',
          column: 'Jun',
          when: { op: 'between', value: 150, value2: 200 },
          style: { fontWeight: 'bold' },
        },
        { type: 'rule', column: 'Region', when: { op: 'contains', value: 'east' }, style: { fontStyle: 'italic' } },
      ],
    },
  },
  {
    field: 'conditionalFormats.colorScale',
    title: 'Conditional formats: colour scales',
    summary:
      '`{ type: "colorScale", colors: [low, (mid,) high], min?, max? }`: 2 or 3 colours; the domain is the data of all the format\'s columns unless `min`/`max` are given; a third colour sits at the domain\'s midpoint. The text colour switches to near-black or white, whichever contrasts more.',
    payload: {
      ...sales,
      conditionalFormats: [
        {
          type: 'colorScale',
          columns: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
          colors: ['#f8696b', '#ffeb84', '#63be7b'],
        },
      ],
    },
  },
  {
    field: 'conditionalFormats.dataBar',
    title: 'Conditional formats: data bars',
    summary:
      '`{ type: "dataBar", color?, negativeColor?, min?, max?, showValue? }`: a bar per cell on one scale for the format\'s columns; zero is the axis, so negative values are drawn to its left (in `negativeColor`, default #e06666). `showValue: false` draws the bar alone.',
    payload: {
      headers: ['Team', 'Net change'],
      rows: [
        ['Platform', 42],
        ['Web', -18],
        ['Mobile', 7],
        ['Data', -35],
      ],
      conditionalFormats: [{ type: 'dataBar', column: 'Net change', color: '#638ec6' }],
    },
  },
  {
    field: 'conditionalFormats.iconSet',
    title: 'Conditional formats: icon sets',
    summary:
      '`{ type: "iconSet", icons: "arrows" | "traffic" | "checks", thresholds: [t1, t2], showValue? }`: below t1 the low icon (down arrow, red light, cross), from t1 the middle one (right arrow, amber light, exclamation mark), from t2 the high one (up arrow, green light, check). Icons are vector shapes, the same in every format.',
    payload: {
      headers: ['Service', 'Uptime %', 'Orders'],
      rows: [
        ['API', 99.95, 3],
        ['Web', 99.2, 12],
        ['Worker', 98.4, 40],
      ],
      conditionalFormats: [
        { type: 'iconSet', column: 'Uptime %', icons: 'traffic', thresholds: [99, 99.9] },
        { type: 'iconSet', column: 'Orders', icons: 'arrows', thresholds: [10, 30] },
      ],
    },
  },
  {
    field: 'sparkline',
    title: 'Sparkline cells',
    summary:
      'A cell `{ type: "sparkline", value: [numbers], kind?: "line" | "bar" | "area", color? }` draws a small chart in the cell, with the minimum marked red and the maximum green. `null` in the values leaves a gap.',
    payload: {
      data: [
        { Metric: 'Signups', 'Last 7 days': { type: 'sparkline', value: [12, 15, 11, 18, 21, 19, 25] } },
        { Metric: 'Churn', 'Last 7 days': { type: 'sparkline', value: [4, 3, 5, 2, 3, 1, 2], kind: 'bar' } },
        { Metric: 'Revenue', 'Last 7 days': { type: 'sparkline', value: [8, 9, null, 11, 10, 12, 14], kind: 'area' } },
      ],
    },
  },
];

/** The example payload of one field (OpenAPI examples). */
export function featureExample(field: string): Record<string, unknown> {
  const doc = featureDocs.find((d) => d.field === field);
  if (!doc) throw new Error(`No documented example for ${field}`);
  return doc.payload;
}
