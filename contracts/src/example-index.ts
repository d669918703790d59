/**
 * The examples of the Examples page (SPEC §2: nine, and the two issue #24 added): ids, names and
 * what each shows, without their payloads (examples.ts), so the page's picker is drawn without
 * loading eleven table payloads.
 */
export const exampleIndex = [
  { id: 'user-list', name: 'User List', description: 'Array of row objects: the keys become the headers.' },
  {
    id: 'product-inventory',
    name: 'Product Inventory',
    description: 'Headers and rows with currency cells and per-cell colours for low stock.',
  },
  { id: 'sales-report', name: 'Sales Report', description: 'Quarterly figures grouped by region with subtotals.' },
  {
    id: 'event-schedule',
    name: 'Event Schedule',
    description: 'Dates and times, a spanning break row, and a dashed grid.',
  },
  { id: 'project-tasks', name: 'Project Tasks', description: 'Booleans shown as ✓/✗, arrays as lists, row numbers.' },
  {
    id: 'financial-summary',
    name: 'Financial Summary',
    description: 'Typed currency cells with totals, a shadowed card look.',
  },
  {
    id: 'product-categories',
    name: 'Product Categories',
    description: 'Nested objects and arrays through complexDataDisplay.',
  },
  { id: 'server-status', name: 'Server Status', description: 'Dark theme, monospace font and coloured status cells.' },
  {
    id: 'customer-feedback',
    name: 'Customer Feedback',
    description: 'Long comments wrapped inside a column width, ratings and emoji.',
  },
  {
    id: 'financial-report',
    name: 'Financial Report',
    description: 'Grouped column headers (spanners), a colour scale, footnotes and a source note.',
  },
  {
    id: 'kpi-dashboard',
    name: 'KPI Dashboard',
    description: 'Data bars (negative values left of the axis), icon sets and sparklines.',
  },
] as const;

export type ExampleId = (typeof exampleIndex)[number]['id'];
