import { siteOrigin } from '../../lib/origin';

/** The project endpoint as the dashboard shows it; readers replace the placeholder with their own path. */
export const projectEndpointUrl = () => `${siteOrigin()}/api/jsonable/p/YOUR_PROJECT_ENDPOINT`;
export const generateUrl = () => `${siteOrigin()}/api/jsonable/table-to-image`;

export const automationBody = JSON.stringify({
  title: 'Weekly Leads',
  data: [
    ['Name', 'Company', 'Source', 'Score'],
    ['Jordan Lee', 'Northwind', 'Webinar', 87],
    ['Priya Shah', 'Contoso', 'Referral', 92],
  ],
  options: { format: 'png' },
}, null, 2);

export const urlOnlyResponse = (origin = siteOrigin()) => JSON.stringify({
  success: true,
  url: `${origin}/api/images/weekly-leads-1732233600000.png`,
  image_url: `${origin}/api/images/weekly-leads-1732233600000.png`,
  filename: 'weekly-leads-1732233600000.png',
  title: 'Weekly Leads',
}, null, 2);
