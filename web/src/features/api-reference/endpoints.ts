/**
 * The public API as the reference page describes it. This static description is the fallback;
 * when the server publishes /api/openapi.json the page overlays its descriptions, parameters and
 * response codes (openapi.ts), so the page follows the server.
 */
import { curlGenerate, errorSample, generateResponseSample, objectRowsSample } from '../../lib/snippets';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ParamDoc {
  name: string;
  in: 'body' | 'query' | 'path' | 'header';
  type: string;
  required: boolean;
  description: string;
}
export interface ResponseDoc {
  code: string;
  description: string;
}

export interface EndpointDoc {
  /** Anchor id on the page. */
  id: string;
  title: string;
  method: HttpMethod;
  path: string;
  /** Other paths that answer the same way. */
  aliases: string[];
  description: string;
  auth: 'api-key' | 'public';
  params: ParamDoc[];
  responses: ResponseDoc[];
  exampleRequest: (origin: string) => string;
  exampleResponse: (origin: string) => string;
}

const tableParams: ParamDoc[] = [
  {
    name: 'data',
    in: 'body',
    type: 'array',
    required: false,
    description:
      'Rows: objects keyed by column, or arrays (first row = headers when no headers are given). Required unless headers is given.',
  },
  {
    name: 'headers',
    in: 'body',
    type: 'string[]',
    required: false,
    description: 'Column headers, used with rows. Required unless data is given.',
  },
  {
    name: 'rows',
    in: 'body',
    type: 'array[]',
    required: false,
    description: 'Rows as arrays of cells, in header order.',
  },
  {
    name: 'title',
    in: 'body',
    type: 'string',
    required: false,
    description: 'Title drawn above the table and used for the file name.',
  },
  {
    name: 'styles',
    in: 'body',
    type: 'object',
    required: false,
    description:
      'headerBg, headerText, rowEvenBg, rowOddBg, borderColor, fontFamily, fontSize, borderStyle, cellPadding, imageFormat, defaultWidth, columnStyles, rowStyles, cellStyles, theme.',
  },
  {
    name: 'options',
    in: 'body',
    type: 'object',
    required: false,
    description:
      'format (png, jpeg, webp, avif, svg, pdf), width, quality (1–100, JPEG/WebP/AVIF), pdf (pageSize A4/Letter/Legal, orientation auto/portrait/landscape, align center/left/right, fit none/width), svgText (fonts: text with embedded subset fonts, the default; paths: glyph outlines, no fonts), preset (slack, email, x, linkedin, teams, a4, letter: width, scale, format and margin for the channel; explicit options win), margin (0–200 px), split ({ maxRows: n } or "auto" with a preset: several images, each with the header and "Page i of n", listed in images and each counted; a PDF stays one document counted once, maxRows starting a new page per group of rows), headers, showRowNumbers, dataProcessing, pagination, customFilename.',
  },
];

const errors: ResponseDoc[] = [
  {
    code: '400',
    description: 'Invalid request parameters — check that the JSON is well-formed and matches the structure.',
  },
  { code: '401', description: 'Unauthorized — check your API key.' },
  {
    code: '402',
    description: 'Payment required — the plan limit for this usage period is reached; upgrade to continue.',
  },
  { code: '429', description: 'Too many requests — wait for the Retry-After seconds.' },
  { code: '500', description: 'Server error — try again later.' },
];

export const staticEndpoints: EndpointDoc[] = [
  {
    id: 'generate-table-image',
    title: 'Generate Table Image',
    method: 'POST',
    path: '/api/jsonable/table-to-image',
    aliases: ['/api/table-to-image'],
    description:
      'Renders the table, stores the image permanently and answers with its public URL and metadata. Counts against your plan’s allowance.',
    auth: 'api-key',
    params: tableParams,
    responses: [
      { code: '200', description: 'success, imageUrl and metadata (format, width, height, size).' },
      ...errors,
    ],
    exampleRequest: (o) => curlGenerate(o, objectRowsSample),
    exampleResponse: (o) => generateResponseSample(o),
  },
  {
    id: 'generate-preview',
    title: 'Generate Preview',
    method: 'POST',
    path: '/api/jsonable/table-to-image/preview',
    aliases: ['/api/table-to-image/preview'],
    description:
      'Renders the same body to a temporary URL that expires after an hour. Nothing is saved and the allowance is not touched — use it while you tune styles.',
    auth: 'api-key',
    params: tableParams,
    responses: [
      { code: '200', description: 'success, previewUrl and expiresAt.' },
      ...errors.filter((e) => e.code !== '402'),
    ],
    exampleRequest: (o) => curlGenerate(o, objectRowsSample).replace('/table-to-image', '/table-to-image/preview'),
    exampleResponse: (o) =>
      JSON.stringify(
        {
          success: true,
          previewUrl: `${o}/api/previews/team-directory-1732233600000-7f3c9a1b2c3d4e5f.png`,
          expiresAt: '2024-11-22T01:00:00.000Z',
        },
        null,
        2,
      ),
  },
  {
    id: 'get-image',
    title: 'Get Image',
    method: 'GET',
    path: '/api/images/{filename}',
    aliases: ['/api/jsonable/images/{filename}'],
    description:
      'Serves a generated image with its content type (image/png, image/jpeg, image/webp, image/avif, image/svg+xml or application/pdf). Public: anyone with the URL can load it, so it works in e-mails and chat. An image never changes, so browsers and CDNs may keep a copy for a year: after you delete one, copies already fetched can still show for a while. Temporary previews are served the same way from /api/previews/{filename} until they expire.',
    auth: 'public',
    params: [
      {
        name: 'filename',
        in: 'path',
        type: 'string',
        required: true,
        description: 'The last segment of the URL you received.',
      },
    ],
    responses: [
      { code: '200', description: 'The image file.' },
      { code: '404', description: 'Image not found or deleted.' },
    ],
    exampleRequest: (o) => `curl -o table.png ${o}/api/images/team-directory-1732233600000.png`,
    exampleResponse: () =>
      'HTTP/1.1 200 OK\nContent-Type: image/png\nCache-Control: public, max-age=31536000, immutable\n\n<binary image data>',
  },
];

export const errorExample = errorSample;
