import { twinsOf } from '@jsonable/contracts/formats';

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

/** Living images (issue #25): the PUT address of a living image named daily-sales. */
export const livePutUrl = (origin: string) => `${origin}/api/jsonable/live/daily-sales`;
/** The stable address that always serves the current version (what to embed). */
export const liveStableUrl = (origin: string) => `${origin}/live/YOUR_PROJECT_ENDPOINT/daily-sales.png`;

/** A PUT's answer as the API gives it (version 3 of daily-sales; the list keeps the newest first). */
export const livePutResponse = (origin: string) => {
  const stable = liveStableUrl(origin);
  const version = (n: number) => `${stable.replace(/\.png$/, '')}/v/${n}.png`;
  const at = '2026-11-28T08:00:00.000Z';
  return JSON.stringify(
    {
      success: true,
      url: stable,
      versionUrl: version(3),
      version: 3,
      created: false,
      metadata: { format: 'png', width: 520, height: 190, size: 14873 },
      liveImage: {
        id: '5b0c7c1e-2f0d-4c55-9d1e-7f3a9c2b8e10',
        name: 'daily-sales',
        projectId: 'YOUR_PROJECT_ID',
        url: stable,
        currentVersion: 3,
        latestVersion: 3,
        createdAt: '2026-11-26T08:00:00.000Z',
        updatedAt: at,
        versions: [
          {
            version: 3,
            url: version(3),
            format: 'png',
            width: 520,
            height: 190,
            size: 14873,
            rows: 2,
            columns: 4,
            title: 'Weekly Leads',
            by: 'project_key',
            createdAt: at,
            altText:
              'Table: Weekly Leads. 2 rows, 4 columns: Name, Company, Source, Score. Row 1: Name Jordan Lee, Company Northwind, Source Webinar, Score 87. Row 2: Name Priya Shah, Company Contoso, Source Referral, Score 92.',
            twins: twinsOf(version(3), true, true),
          },
        ],
      },
    },
    null,
    2,
  );
};
