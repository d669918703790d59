/** Fifteen real-world automations people build with Jsonable (the cards under the examples). */
export interface Workflow {
  title: string;
  platform: 'Make' | 'n8n' | 'Zapier' | 'Gumloop' | 'API';
  source: string;
  output: string;
}

export const workflows: Workflow[] = [
  {
    title: 'Daily sales digest',
    platform: 'Make',
    source: 'Shopify orders',
    output: 'PNG table posted to a Slack channel every morning',
  },
  {
    title: 'Weekly KPI snapshot',
    platform: 'Zapier',
    source: 'Google Sheets',
    output: 'Table image embedded in a Monday e-mail',
  },
  {
    title: 'Support backlog report',
    platform: 'n8n',
    source: 'Zendesk tickets',
    output: 'Open tickets by priority sent to Microsoft Teams',
  },
  {
    title: 'Lead scoring summary',
    platform: 'Gumloop',
    source: 'HubSpot contacts',
    output: 'Top leads table shared with the sales team',
  },
  {
    title: 'Invoice overview',
    platform: 'Make',
    source: 'Stripe invoices',
    output: 'PDF of unpaid invoices attached to a finance e-mail',
  },
  {
    title: 'Uptime status board',
    platform: 'n8n',
    source: 'Health-check results',
    output: 'SVG status table on an internal wiki page',
  },
  {
    title: 'Inventory alerts',
    platform: 'Zapier',
    source: 'Airtable stock base',
    output: 'Low-stock table sent by SMS link',
  },
  {
    title: 'Class timetable',
    platform: 'API',
    source: 'School scheduling database',
    output: 'Printable PDF timetable per class',
  },
  {
    title: 'Ad spend comparison',
    platform: 'Make',
    source: 'Google Ads and Meta Ads',
    output: 'Side-by-side JPEG for a client report',
  },
  {
    title: 'Event agenda',
    platform: 'Gumloop',
    source: 'Notion database',
    output: 'Agenda table image for the event newsletter',
  },
  {
    title: 'Form responses digest',
    platform: 'Zapier',
    source: 'Typeform submissions',
    output: 'Daily table of new responses in Gmail',
  },
  {
    title: 'Release checklist',
    platform: 'n8n',
    source: 'GitHub pull requests',
    output: 'Merged PRs table posted to Discord',
  },
  {
    title: 'Payroll summary',
    platform: 'API',
    source: 'HR system export',
    output: 'PDF summary archived to cloud storage',
  },
  {
    title: 'Social metrics roundup',
    platform: 'Gumloop',
    source: 'LinkedIn and X analytics',
    output: 'PNG table for the weekly marketing update',
  },
  {
    title: 'Customer NPS tracker',
    platform: 'Make',
    source: 'Survey tool exports',
    output: 'NPS by segment table in a Google Doc',
  },
];
