/** Request and payload samples shared by the docs pages, printed with this site's own origin. */

export const objectRowsSample = JSON.stringify(
  {
    title: 'Team Directory',
    data: [
      { Name: 'Ada Lovelace', Role: 'Engineer', Location: 'London', Active: true },
      { Name: 'Grace Hopper', Role: 'Architect', Location: 'New York', Active: true },
      { Name: 'Alan Turing', Role: 'Researcher', Location: 'Manchester', Active: false },
    ],
  },
  null,
  2,
);

export const headersRowsSample = JSON.stringify(
  {
    title: 'Quarterly Revenue',
    headers: ['Quarter', 'Revenue', 'Growth'],
    rows: [
      ['Q1', 120000, '4.2%'],
      ['Q2', 134500, '12.1%'],
      ['Q3', 128900, '-4.2%'],
    ],
    styles: { headerBg: '#0e7490', headerText: '#ffffff' },
  },
  null,
  2,
);

export const arrayRowsSample = JSON.stringify(
  {
    data: [
      ['City', 'Temperature', 'Conditions'],
      ['Lisbon', '21°C', 'Sunny'],
      ['Oslo', '9°C', 'Rain'],
    ],
  },
  null,
  2,
);

export const typedCellsSample = JSON.stringify(
  {
    headers: ['Invoice', 'Amount', 'Paid', 'Due', 'Link'],
    rows: [
      [
        'INV-1042',
        { type: 'currency', value: 1249.5, format: { currency: 'EUR' } },
        { type: 'boolean', value: true },
        { type: 'date', value: '2025-03-31', format: { dateStyle: 'medium' } },
        { type: 'link', value: 'https://example.com/inv/1042', display: 'Open' },
      ],
      [
        'INV-1043',
        { value: 380, display: '$380.00', style: { textColor: '#b91c1c', fontWeight: 'bold' } },
        { type: 'boolean', value: false },
        { type: 'date', value: '2025-04-15' },
        { value: 'Pending review', colspan: 1, tooltip: 'Awaiting approval' },
      ],
    ],
  },
  null,
  2,
);

export const stylesSample = JSON.stringify(
  {
    headers: ['Metric', 'Value'],
    rows: [
      ['Uptime', '99.98%'],
      ['Latency p95', '182 ms'],
    ],
    styles: {
      headerBg: '#4a1e8c',
      headerText: '#ffffff',
      rowEvenBg: '#f8fafc',
      rowOddBg: '#ffffff',
      borderColor: '#e2e8f0',
      fontFamily: 'Inter',
      fontSize: 14,
      borderStyle: 'solid',
      cellPadding: 12,
      columnStyles: { Value: { textAlign: 'right', fontWeight: 'bold' } },
    },
    options: { format: 'svg', showRowNumbers: false },
  },
  null,
  2,
);

export const pdfSample = JSON.stringify(
  {
    title: 'Open orders',
    headers: ['Order', 'Customer', 'Region', 'Placed', 'Total'],
    rows: [
      ['A-1041', 'Ada Lovelace', 'North', '2025-04-02', '$1,240.00'],
      ['A-1042', 'Alan Turing', 'West', '2025-04-03', '$380.00'],
    ],
    options: {
      format: 'pdf',
      locale: 'en-US',
      pdf: { pageSize: 'Letter', orientation: 'landscape', align: 'center', fit: 'width' },
    },
  },
  null,
  2,
);

export const processingSample = JSON.stringify(
  {
    data: [
      { Rep: 'Maya', Region: 'EMEA', Deals: 12, Revenue: 48200 },
      { Rep: 'Tom', Region: 'EMEA', Deals: 9, Revenue: 35100 },
      { Rep: 'Lin', Region: 'APAC', Deals: 15, Revenue: 61900 },
    ],
    options: {
      dataProcessing: { sortBy: ['Revenue'], sortDirection: 'desc', aggregate: { Revenue: 'sum', Deals: 'avg' } },
      pagination: { enabled: true, pageSize: 10, currentPage: 1 },
    },
  },
  null,
  2,
);

export function curlGenerate(origin: string, body = objectRowsSample): string {
  return `curl -X POST ${origin}/api/jsonable/table-to-image \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '${body.replace(/'/g, "'\\''")}'`;
}

export function curlProjectEndpoint(origin: string, endpointPath = 'p/YOUR_PROJECT_ENDPOINT'): string {
  return `curl -X POST ${origin}/api/jsonable/${endpointPath} \\
  -H "X-API-KEY: YOUR_PROJECT_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"title": "Daily Orders", "data": [{"Order": "#1001", "Total": 59.9}, {"Order": "#1002", "Total": 120}]}'`;
}

export function generateResponseSample(origin: string): string {
  const url = `${origin}/api/images/team-directory-1732233600000.png`;
  return JSON.stringify(
    {
      success: true,
      imageUrl: url,
      url,
      metadata: { format: 'png', width: 612, height: 176, size: 15824 },
    },
    null,
    2,
  );
}

export const errorSample = JSON.stringify(
  { success: false, error: { code: 401, message: 'Invalid or missing API key. Please check your API key.' } },
  null,
  2,
);
