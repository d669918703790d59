/** The project endpoint as the dashboard shows it; readers replace the placeholder with their own path. */
export const projectEndpointUrl = (origin: string) => `${origin}/api/jsonable/p/YOUR_PROJECT_ENDPOINT`;
export const generateUrl = (origin: string) => `${origin}/api/jsonable/table-to-image`;

export const automationBody = JSON.stringify(
  {
    title: 'Weekly Leads',
    data: [
      ['Name', 'Company', 'Source', 'Score'],
      ['Jordan Lee', 'Northwind', 'Webinar', 87],
      ['Priya Shah', 'Contoso', 'Referral', 92],
    ],
    options: { format: 'png' },
  },
  null,
  2,
);

const sampleImageUrl = (origin: string) => `${origin}/api/images/weekly-leads-1732233600000.png`;

/** The answer as the Make and Gumloop guides show it (SPEC §3): just the image's top-level url. */
export const urlOnlyResponse = (origin: string) =>
  JSON.stringify({ success: true, url: sampleImageUrl(origin) }, null, 2);

/** The project endpoint's answer with the fields the n8n and Zapier guides map. */
export const projectEndpointResponse = (origin: string) =>
  JSON.stringify(
    {
      success: true,
      url: sampleImageUrl(origin),
      image_url: sampleImageUrl(origin),
      filename: 'weekly-leads-1732233600000.png',
      title: 'Weekly Leads',
    },
    null,
    2,
  );
