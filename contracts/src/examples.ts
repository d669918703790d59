/**
 * The nine examples of SPEC §2 (Examples page), and the two issue #24 added (a financial report
 * with spanners, a colour scale and footnotes; a KPI table with data bars, icon sets and
 * sparklines), as table request payloads. The web app shows them; the engine's golden-image tests
 * render them.
 */
import { exampleIndex, type ExampleId } from './example-index';

export interface TableExample {
  id: ExampleId;
  name: string;
  description: string;
  payload: Record<string, unknown>;
}

/** Each example's payload, by id: every example of the index has one (the type checks it). */
const payloads: Record<ExampleId, Record<string, unknown>> = {
  'user-list': {
    title: 'Team Members',
    data: [
      {
        Name: 'Ava Thompson',
        Email: 'ava@example.com',
        Role: 'Admin',
        Status: 'Active',
        Joined: { type: 'date', value: '2023-02-14' },
      },
      {
        Name: 'Liam Chen',
        Email: 'liam.chen@example.com',
        Role: 'Editor',
        Status: 'Active',
        Joined: { type: 'date', value: '2023-06-03' },
      },
      {
        Name: 'Sofia Martínez',
        Email: 'sofia@example.com',
        Role: 'Viewer',
        Status: 'Invited',
        Joined: { type: 'date', value: '2024-01-22' },
      },
      {
        Name: 'Noah Williams',
        Email: 'noah.w@example.com',
        Role: 'Editor',
        Status: 'Suspended',
        Joined: { type: 'date', value: '2022-11-09' },
      },
      {
        Name: 'Mia Johansson',
        Email: 'mia@example.com',
        Role: 'Viewer',
        Status: 'Active',
        Joined: { type: 'date', value: '2024-03-30' },
      },
    ],
  },
  'product-inventory': {
    title: 'Inventory Status',
    headers: ['SKU', 'Product', 'Category', 'Price', 'In Stock'],
    rows: [
      ['KB-101', 'Mechanical Keyboard', 'Peripherals', { type: 'currency', value: 89.99 }, 142],
      ['MS-220', 'Wireless Mouse', 'Peripherals', { type: 'currency', value: 34.5 }, 8],
      ['MN-27Q', '27" QHD Monitor', 'Displays', { type: 'currency', value: 329 }, 23],
      [
        'HD-550',
        'Noise-Cancelling Headset',
        'Audio',
        { type: 'currency', value: 149 },
        { value: 0, style: { textColor: '#dc2626', fontWeight: 'bold' } },
      ],
      ['DK-310', 'USB-C Dock', 'Accessories', { type: 'currency', value: 119.95 }, 57],
    ],
    styles: { headerBg: '#4a1e8c', headerText: '#ffffff' },
  },
  'sales-report': {
    title: 'Sales by Region — 2024',
    data: [
      {
        Region: 'North',
        Quarter: 'Q1',
        Revenue: { type: 'currency', value: 128400 },
        Growth: { type: 'percentage', value: 0.082 },
      },
      {
        Region: 'North',
        Quarter: 'Q2',
        Revenue: { type: 'currency', value: 141250 },
        Growth: { type: 'percentage', value: 0.1 },
      },
      {
        Region: 'South',
        Quarter: 'Q1',
        Revenue: { type: 'currency', value: 98700 },
        Growth: { type: 'percentage', value: -0.024 },
      },
      {
        Region: 'South',
        Quarter: 'Q2',
        Revenue: { type: 'currency', value: 104900 },
        Growth: { type: 'percentage', value: 0.063 },
      },
      {
        Region: 'West',
        Quarter: 'Q1',
        Revenue: { type: 'currency', value: 176300 },
        Growth: { type: 'percentage', value: 0.121 },
      },
      {
        Region: 'West',
        Quarter: 'Q2',
        Revenue: { type: 'currency', value: 189650 },
        Growth: { type: 'percentage', value: 0.076 },
      },
    ],
    options: {
      dataProcessing: { groupBy: ['Region'], aggregate: { Revenue: 'sum' } },
    },
    styles: { headerBg: '#0f766e' },
  },
  'event-schedule': {
    title: 'Conference Day 1',
    headers: ['Time', 'Session', 'Speaker', 'Room'],
    rows: [
      [
        { type: 'datetime', value: '2025-05-20T09:00:00Z', format: 'h:mm a' },
        'Opening Keynote',
        'Dr. Maya Patel',
        'Main Hall',
      ],
      [
        { type: 'datetime', value: '2025-05-20T10:15:00Z', format: 'h:mm a' },
        'Designing Resilient APIs',
        'Jonas Berg',
        'Room A',
      ],
      [
        { type: 'datetime', value: '2025-05-20T11:30:00Z', format: 'h:mm a' },
        { value: 'Lunch break', style: { colspan: 3, textAlign: 'center', backgroundColor: '#fef3c7' } },
      ],
      [
        { type: 'datetime', value: '2025-05-20T13:00:00Z', format: 'h:mm a' },
        'Event Sourcing in Practice',
        'Lea Moreau',
        'Room B',
      ],
      [
        { type: 'datetime', value: '2025-05-20T14:30:00Z', format: 'h:mm a' },
        'Panel: The Future of Automation',
        'Various',
        'Main Hall',
      ],
    ],
    styles: { headerBg: '#1d4ed8', borderStyle: 'dashed' },
  },
  'project-tasks': {
    title: 'Sprint 14',
    data: [
      {
        Task: 'Set up CI pipeline',
        Owner: 'Priya',
        Done: true,
        Tags: ['devops', 'ci'],
        Due: { type: 'date', value: '2025-03-03' },
      },
      {
        Task: 'Write onboarding docs',
        Owner: 'Marco',
        Done: false,
        Tags: ['docs'],
        Due: { type: 'date', value: '2025-03-07' },
      },
      {
        Task: 'Fix login redirect bug',
        Owner: 'Kenji',
        Done: true,
        Tags: ['bug', 'auth'],
        Due: { type: 'date', value: '2025-03-04' },
      },
      {
        Task: 'Design pricing page',
        Owner: 'Elena',
        Done: false,
        Tags: ['design', 'web'],
        Due: { type: 'date', value: '2025-03-12' },
      },
    ],
    options: { showRowNumbers: true },
  },
  'financial-summary': {
    title: 'Financial Summary FY2024',
    headers: ['Line Item', 'Q1', 'Q2', 'Q3', 'Q4'],
    rows: [
      [
        'Revenue',
        ...[412000, 438500, 455200, 501900].map((v) => ({ type: 'currency', value: v, format: { decimals: 0 } })),
      ],
      [
        'Cost of Goods',
        ...[168300, 172900, 181400, 196700].map((v) => ({ type: 'currency', value: v, format: { decimals: 0 } })),
      ],
      [
        'Operating Expenses',
        ...[121800, 125400, 129900, 134200].map((v) => ({ type: 'currency', value: v, format: { decimals: 0 } })),
      ],
      [
        'Net Income',
        ...[121900, 140200, 143900, 171000].map((v) => ({
          type: 'currency',
          value: v,
          format: { decimals: 0 },
          style: { fontWeight: 'bold' },
        })),
      ],
    ],
    styles: { headerBg: '#111827', tableShadow: true },
  },
  'product-categories': {
    title: 'Product Categories',
    data: [
      {
        Category: 'Electronics',
        Subcategories: ['Phones', 'Laptops', 'Audio'],
        Manager: { name: 'R. Singh', team: 12 },
        Active: true,
      },
      {
        Category: 'Home & Garden',
        Subcategories: ['Furniture', 'Lighting'],
        Manager: { name: 'T. Okafor', team: 8 },
        Active: true,
      },
      {
        Category: 'Sports',
        Subcategories: ['Cycling', 'Running', 'Camping', 'Fitness'],
        Manager: { name: 'L. Novak', team: 6 },
        Active: false,
      },
    ],
    styles: { complexDataDisplay: { arrayDisplay: 'list', objectDisplay: 'table' } },
  },
  'server-status': {
    title: 'Server Status',
    headers: ['Host', 'Region', 'CPU', 'Memory', 'Status'],
    rows: [
      [
        'api-01',
        'eu-west-1',
        { type: 'percentage', value: 0.42 },
        '6.1 / 16 GB',
        { value: '● Healthy', style: { textColor: '#4ade80' } },
      ],
      [
        'api-02',
        'eu-west-1',
        { type: 'percentage', value: 0.87 },
        '13.4 / 16 GB',
        { value: '● Degraded', style: { textColor: '#fbbf24' } },
      ],
      [
        'worker-01',
        'us-east-1',
        { type: 'percentage', value: 0.18 },
        '2.2 / 8 GB',
        { value: '● Healthy', style: { textColor: '#4ade80' } },
      ],
      [
        'db-primary',
        'us-east-1',
        { type: 'percentage', value: 0.97 },
        '30.8 / 32 GB',
        { value: '● Critical', style: { textColor: '#f87171' } },
      ],
    ],
    styles: { theme: 'dark', fontFamily: 'Roboto Mono' },
  },
  'customer-feedback': {
    title: 'Customer Feedback',
    headers: ['Customer', 'Rating', 'Comment'],
    rows: [
      ['Hannah K.', '★★★★★', 'Setup took five minutes and the images look great in our weekly Slack report. 🎉'],
      [
        'Omar R.',
        '★★★★☆',
        'Love the API. Would like more themes for dark dashboards, but the defaults are already clean.',
      ],
      ['Yuki T.', '★★★☆☆', 'Works well with Make. Japanese product names render perfectly: 東京オフィス.'],
      ['Carlos M.', '★★★★★', 'Replaced our headless-browser screenshots; renders are much faster now.'],
    ],
    options: { width: 720 },
    styles: { columnStyles: { Rating: { textAlign: 'center' } } },
  },
  'financial-report': {
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
      {
        label: 'H1 2025',
        spanners: [
          { label: 'Q1', columns: ['Jan', 'Feb', 'Mar'] },
          { label: 'Q2', columns: ['Apr', 'May', 'Jun'] },
        ],
      },
    ],
    columns: { Growth: { label: 'YoY growth' } },
    conditionalFormats: [
      {
        type: 'colorScale',
        columns: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
        colors: ['#f8696b', '#ffeb84', '#63be7b'],
      },
      {
        type: 'rule',
        column: 'Growth',
        when: { op: '<', value: 0 },
        style: { color: '#b91c1c', fontWeight: 'bold' },
      },
    ],
    footnotes: [
      { text: 'South includes the Gulf offices from March.', column: 'Region', row: 2 },
      { text: 'Growth compares June with June of the year before.', column: 'Growth' },
    ],
    sourceNotes: ['Source: internal ledger, closed books as of July 3, 2025.'],
  },
  'kpi-dashboard': {
    title: 'Team KPIs',
    data: [
      {
        Team: 'Platform',
        'Net change': 42,
        Uptime: 99.95,
        Tickets: 12,
        Trend: { type: 'sparkline', value: [5, 7, 6, 9, 12, 10, 14], kind: 'line' },
      },
      {
        Team: 'Web',
        'Net change': -18,
        Uptime: 99.2,
        Tickets: 31,
        Trend: { type: 'sparkline', value: [9, 8, 10, 7, 6, 6, 5], kind: 'area' },
      },
      {
        Team: 'Mobile',
        'Net change': 7,
        Uptime: 98.4,
        Tickets: 48,
        Trend: { type: 'sparkline', value: [3, -2, 4, 6, -1, 5, 2], kind: 'bar' },
      },
      {
        Team: 'Data',
        'Net change': -35,
        Uptime: 99.7,
        Tickets: 20,
        Trend: { type: 'sparkline', value: [4, 4, 5, null, 6, 7, 9] },
      },
    ],
    conditionalFormats: [
      { type: 'dataBar', column: 'Net change', color: '#638ec6' },
      { type: 'iconSet', column: 'Uptime', icons: 'traffic', thresholds: [99, 99.9] },
      { type: 'iconSet', column: 'Tickets', icons: 'arrows', thresholds: [20, 40] },
    ],
    sourceNotes: ['Last 7 weeks.'],
  },
};

export const examples: readonly TableExample[] = exampleIndex.map((e) => ({ ...e, payload: payloads[e.id] }));
