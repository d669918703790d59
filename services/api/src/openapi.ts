/**
 * The OpenAPI 3.1 document of the public API, generated from the zod contracts (z.toJSONSchema),
 * so the reference page and the server cannot drift apart. Served at GET /api/openapi.json.
 */
import type Router from '@koa/router';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@jsonable/contracts/envelope';
import { FORMAT_CONTENT_TYPES, FORMAT_LABELS, IMAGE_FORMATS } from '@jsonable/contracts/formats';
import {
  createdProjectSchema,
  createProjectRequestSchema,
  deleteProjectResponseSchema,
  projectListSchema,
  projectSchema,
  regenerateKeyResponseSchema,
  saveStylesResponseSchema,
  updateProjectRequestSchema,
} from '@jsonable/contracts/projects';
import {
  deleteImageResponseSchema,
  demoResponseSchema,
  generateResponseSchema,
  previewResponseSchema,
  projectEndpointResponseSchema,
  saveImageResponseSchema,
  statusResponseSchema,
  tableLimits,
  userImageSchema,
  userImagesResponseSchema,
  userStatsSchema,
} from '@jsonable/contracts/render-api';
import { stylesSchema, tableRequestSchema } from '@jsonable/contracts/table';
import { conditionalFormatSchema, sparklineCellSchema } from '@jsonable/contracts/table-features';
import { featureExample } from '@jsonable/contracts/table-features-docs';
import {
  accountMessageResponseSchema,
  apiKeyPrefixResponseSchema,
  changePasswordRequestSchema,
  confirmMagicLinkRequestSchema,
  generatedApiKeyResponseSchema,
  loginRequestSchema,
  magicLinkRequestSchema,
  publicUserSchema,
  registerRequestSchema,
  saveSettingsRequestSchema,
  settingsResponseSchema,
  updateProfileRequestSchema,
  userWithPlanSchema,
  verifyMagicLinkResponseSchema,
  checkResetLinkResponseSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  sessionsResponseSchema,
  signOutOthersResponseSchema,
  signOutSessionResponseSchema,
} from '@jsonable/contracts/accounts';
import {
  billingHistorySchema,
  billingRedirectSchema,
  billingStatusSchema,
  checkoutRequestSchema,
} from '@jsonable/contracts/billing';
import {
  deleteLiveImageResponseSchema,
  LIVE_MAX_AGE_SECONDS,
  liveImageListSchema,
  liveImageSchema,
  putLiveImageResponseSchema,
  rollbackLiveImageRequestSchema,
  rollbackLiveImageResponseSchema,
} from '@jsonable/contracts/live';
import { updateImageRequestSchema } from '@jsonable/contracts/alt-text';
import { LIST_PAGE_DEFAULT, LIST_PAGE_MAX, SEARCH_MAX, ZIP_MAX_BYTES, ZIP_MAX_IMAGES } from '@jsonable/contracts/lists';
import {
  USAGE_HISTORY_DEFAULT_DAYS,
  USAGE_HISTORY_MAX_DAYS,
  usageHistorySchema,
} from '@jsonable/contracts/usage-history';
import type { AppDeps } from './deps';
import type { AppState } from './module';

type Json = Record<string, unknown>;

const schemas: Record<string, z.ZodType> = {
  TableRequest: tableRequestSchema,
  Styles: stylesSchema,
  // Issue #24: a conditional format (one item of TableRequest.conditionalFormats) and the sparkline cell type.
  ConditionalFormat: conditionalFormatSchema,
  SparklineCell: sparklineCellSchema,
  ErrorEnvelope: errorEnvelopeSchema,
  GenerateResponse: generateResponseSchema,
  PreviewResponse: previewResponseSchema,
  ProjectEndpointResponse: projectEndpointResponseSchema,
  SaveImageResponse: saveImageResponseSchema,
  DemoResponse: demoResponseSchema,
  StatusResponse: statusResponseSchema,
  Project: projectSchema,
  ProjectList: projectListSchema,
  CreatedProject: createdProjectSchema,
  CreateProjectRequest: createProjectRequestSchema,
  UpdateProjectRequest: updateProjectRequestSchema,
  RegenerateKeyResponse: regenerateKeyResponseSchema,
  SaveStylesResponse: saveStylesResponseSchema,
  DeleteProjectResponse: deleteProjectResponseSchema,
  UserImages: userImagesResponseSchema,
  DeleteImageResponse: deleteImageResponseSchema,
  UserStats: userStatsSchema,
  UsageHistory: usageHistorySchema,
  RegisterRequest: registerRequestSchema,
  LoginRequest: loginRequestSchema,
  MagicLinkRequest: magicLinkRequestSchema,
  ConfirmMagicLinkRequest: confirmMagicLinkRequestSchema,
  UpdateProfileRequest: updateProfileRequestSchema,
  ChangePasswordRequest: changePasswordRequestSchema,
  SaveSettingsRequest: saveSettingsRequestSchema,
  AccountMessage: accountMessageResponseSchema,
  VerifyMagicLinkResponse: verifyMagicLinkResponseSchema,
  ForgotPasswordRequest: forgotPasswordRequestSchema,
  CheckResetLinkResponse: checkResetLinkResponseSchema,
  ResetPasswordRequest: resetPasswordRequestSchema,
  SessionsResponse: sessionsResponseSchema,
  SignOutSessionResponse: signOutSessionResponseSchema,
  SignOutOthersResponse: signOutOthersResponseSchema,
  PublicUser: publicUserSchema,
  UserWithPlan: userWithPlanSchema,
  GeneratedApiKey: generatedApiKeyResponseSchema,
  ApiKeyPrefix: apiKeyPrefixResponseSchema,
  SettingsResponse: settingsResponseSchema,
  CheckoutRequest: checkoutRequestSchema,
  BillingRedirect: billingRedirectSchema,
  BillingStatus: billingStatusSchema,
  BillingHistory: billingHistorySchema,
  LiveImage: liveImageSchema,
  LiveImageList: liveImageListSchema,
  PutLiveImageResponse: putLiveImageResponseSchema,
  RollbackLiveImageRequest: rollbackLiveImageRequestSchema,
  RollbackLiveImageResponse: rollbackLiveImageResponseSchema,
  DeleteLiveImageResponse: deleteLiveImageResponseSchema,
  UpdateImageRequest: updateImageRequestSchema,
  UserImage: userImageSchema,
};

/** Requests are described as accepted (input side), answers as sent (output side). */
const INPUTS = new Set([
  'TableRequest',
  'Styles',
  'CreateProjectRequest',
  'UpdateProjectRequest',
  'RegisterRequest',
  'LoginRequest',
  'MagicLinkRequest',
  'ConfirmMagicLinkRequest',
  'UpdateProfileRequest',
  'ChangePasswordRequest',
  'SaveSettingsRequest',
  'CheckoutRequest',
  'ForgotPasswordRequest',
  'ResetPasswordRequest',
  'RollbackLiveImageRequest',
  'UpdateImageRequest',
  'ConditionalFormat',
  'SparklineCell',
]);

/**
 * zod leaves out `examples` of a schema with a transform inside (colours are parsed to hex) when it
 * describes the input side: issue #24's examples that hold colours are put back here.
 */
function withFeatureExamples(out: Record<string, Json>): Record<string, Json> {
  const table = (out.TableRequest?.properties ?? {}) as Record<string, Json>;
  const formats = ['rule', 'colorScale', 'dataBar', 'iconSet'].map(
    (t) => featureExample(`conditionalFormats.${t}`).conditionalFormats,
  );
  if (table.conditionalFormats) table.conditionalFormats.examples = formats;
  if (out.ConditionalFormat) out.ConditionalFormat.examples = formats.flatMap((f) => f as unknown[]);
  if (out.SparklineCell)
    out.SparklineCell.examples = [(featureExample('sparkline').data as Record<string, unknown>[])[0]!['Last 7 days']];
  return out;
}

function componentSchemas(): Json {
  return withFeatureExamples(
    Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => {
        const json = z.toJSONSchema(schema, {
          io: INPUTS.has(name) ? 'input' : 'output',
          unrepresentable: 'any',
        }) as Json;
        delete json.$schema;
        return [name, json];
      }),
    ),
  );
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ content: { 'application/json': { schema: ref(name) } } });
const error = (description: string) => ({ description, ...json('ErrorEnvelope') });

/** Paged lists (issue #30): the query parameters and the answer's headers. */
const pageParams = [
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Items per page: default ${LIST_PAGE_DEFAULT}, at most ${LIST_PAGE_MAX} (a larger value is refused with 400).`,
    schema: { type: 'integer', minimum: 1, maximum: LIST_PAGE_MAX, default: LIST_PAGE_DEFAULT },
  },
  {
    name: 'cursor',
    in: 'query',
    required: false,
    description:
      'Opaque position from the previous page\'s Link rel="next". It stays valid while items are added or deleted (keyset paging), and only for the same list, account and filters (400 otherwise).',
    schema: { type: 'string' },
  },
];
const imageFilterParams = [
  {
    name: 'projectId',
    in: 'query',
    required: false,
    description: "Only this project's images (404 when it is not one of yours); `none`: the images without a project.",
    schema: { type: 'string' },
  },
  { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: [...IMAGE_FORMATS] } },
  {
    name: 'from',
    in: 'query',
    required: false,
    description: 'Created at or after: YYYY-MM-DD (UTC) or an ISO 8601 date-time.',
    schema: { type: 'string' },
  },
  {
    name: 'to',
    in: 'query',
    required: false,
    description: 'Created up to: YYYY-MM-DD (that whole UTC day included) or an ISO 8601 date-time (included).',
    schema: { type: 'string' },
  },
  {
    name: 'q',
    in: 'query',
    required: false,
    description: `Case-insensitive substring of the title or the file name (at most ${SEARCH_MAX} characters).`,
    schema: { type: 'string', maxLength: SEARCH_MAX },
  },
];
const pageHeaders = {
  Link: {
    description: 'RFC 8288 link to the next page: `<url>; rel="next"`. Absent on the last page.',
    schema: { type: 'string' },
  },
  'X-Total-Count': { description: 'How many items match, over all pages.', schema: { type: 'integer' } },
};
const paged = (description: string, schema: string) => ({ description, headers: pageHeaders, ...json(schema) });

const ERRORS = {
  400: error('Invalid request parameters: check that the JSON is well-formed and matches the table structure.'),
  401: error('Unauthorized: check your API key.'),
  402: error('Payment required: the plan limit is reached. Upgrade your plan.'),
  409: error('Idempotency-Key reused with a different body.'),
  413: error(
    `Request body or table too large; the message names the limit: ${tableLimits.maxRows.toLocaleString('en-US')} rows, ${tableLimits.maxColumns} columns, ` +
      `${tableLimits.maxCells.toLocaleString('en-US')} cells; PNG/JPEG ${tableLimits.maxSidePixels.toLocaleString('en-US')} pixels per side; ` +
      `PDF ${tableLimits.maxPdfCells.toLocaleString('en-US')} cells (e.g. 500 rows × 20 columns or 2,000 × 5) and ${tableLimits.maxPdfPages} pages.`,
  ),
  429: {
    ...error('Rate limited: wait for the number of seconds in Retry-After.'),
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
  },
  500: error('Server error: try again later.'),
  503: {
    ...error(
      'Renderer busy (its queue is full, or the render waited too long for a worker) or the render timed out: retry after Retry-After seconds.',
    ),
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
  },
};

const API_KEY = [{ bearerAuth: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }];
const SESSION = [{ sessionCookie: [] }];
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', maxLength: 255 },
  description:
    'Retry safely: the same key and body return the same image and count once; the same key with another body is refused with 409.',
};
const body = { required: true, ...json('TableRequest') };

function generate(summary: string, extra: Json = {}): Json {
  return {
    tags: ['Tables'],
    summary,
    security: API_KEY,
    parameters: [idempotencyKey],
    requestBody: body,
    responses: {
      200: { description: 'The stored image', ...json('GenerateResponse') },
      ...pick(ERRORS, 400, 401, 402, 409, 413, 429, 500, 503),
    },
    ...extra,
  };
}
function preview(summary: string, extra: Json = {}): Json {
  return {
    tags: ['Tables'],
    summary,
    security: API_KEY,
    requestBody: body,
    description:
      'Renders the table and keeps it for one hour at previewUrl. Nothing is saved and nothing is counted against the plan; previews are rate-limited.',
    responses: {
      200: { description: 'A temporary preview', ...json('PreviewResponse') },
      ...pick(ERRORS, 400, 401, 413, 429, 500, 503),
    },
    ...extra,
  };
}
function pick<T extends Record<number, unknown>>(all: T, ...codes: Array<keyof T>): Json {
  return Object.fromEntries(codes.map((c) => [String(c), all[c]]));
}

const imageContent = Object.fromEntries(
  IMAGE_FORMATS.map((f) => [
    FORMAT_CONTENT_TYPES[f],
    { schema: { type: 'string', contentMediaType: FORMAT_CONTENT_TYPES[f] } },
  ]),
);
const imageFile = {
  description: 'The image file. Public, cacheable forever (file names never change).',
  headers: {
    ETag: { schema: { type: 'string' } },
    'Cache-Control': { schema: { type: 'string' }, description: 'public, max-age=31536000, immutable' },
  },
  content: {
    ...imageContent,
    'text/csv': {
      schema: { type: 'string' },
      description: 'The CSV twin ({file}.csv): the data drawn, RFC 4180, formula cells neutralised',
    },
    'text/html': {
      schema: { type: 'string' },
      description: 'The HTML twin ({file}.html): an accessible <table> with <caption> and <th scope>',
    },
  },
};

/** The binary preview: the image itself, with what the render left out in a header (JSON answers carry `warnings`). */
const previewFile = {
  description: 'The image file (not stored).',
  content: imageContent,
  headers: {
    'X-Render-Warnings': {
      schema: { type: 'string' },
      description:
        "Present when the render left something out (e.g. images over the table's image budget, drawn as placeholders): the warnings, newline-separated, URI-encoded",
    },
  },
};

const filenameParam = {
  name: 'filename',
  in: 'path',
  required: true,
  description: 'The image file name; append .csv or .html for its data twins (issue #25).',
  schema: { type: 'string', pattern: `^[a-z0-9][a-z0-9-]*\\.(jpg|${IMAGE_FORMATS.join('|')})(\\.(csv|html))?$` },
};
const bomParam = {
  name: 'bom',
  in: 'query',
  required: false,
  description: 'CSV twin only: 1 starts the file with a UTF-8 byte-order mark (for Excel).',
  schema: { type: 'string', enum: ['1', '0'] },
};
const getImage = (summary: string): Json => ({
  tags: ['Images'],
  summary,
  security: [],
  parameters: [filenameParam, bomParam],
  responses: {
    200: imageFile,
    304: { description: 'Not modified (If-None-Match)' },
    404: error(
      'Image not found or deleted. For {file}.csv and {file}.html also: the image has no data twin (rendered before twins existed; the image lists `twins: null`), or its twin cannot be read.',
    ),
  },
});
/** Temporary files (previews: one hour, demo images: 24 hours): cacheable until they expire, 404 afterwards. */
const getExpiring = (summary: string): Json => ({
  tags: ['Images'],
  summary,
  security: [],
  parameters: [filenameParam],
  responses: {
    200: {
      ...imageFile,
      description: 'The image file, cacheable until it expires (Cache-Control max-age is the time left).',
    },
    304: { description: 'Not modified (If-None-Match)' },
    404: error('Not found or expired.'),
  },
});
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const session = (summary: string, responses: Json, extra: Json = {}): Json => ({
  tags: ['Dashboard'],
  summary,
  security: SESSION,
  responses: { ...responses, ...pick(ERRORS, 401) },
  ...extra,
});

/** Account calls: a JSON body (when it has one), no credentials needed. */
const account = (summary: string, request: string | null, responses: Json): Json => ({
  tags: ['Account'],
  summary,
  security: [],
  ...(request ? { requestBody: { required: true, ...json(request) } } : {}),
  responses,
});

/** Living images (issue #25): the API (a key, or the session with projectId) and the public files. */
const KEY_OR_SESSION = [...API_KEY, ...SESSION];
const liveNameParam = {
  name: 'name',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$' },
};
const liveProjectParam = {
  name: 'projectId',
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description:
    'The project that owns the living images; required with a user key or a session (a project key names its own project).',
};
const liveCall = (summary: string, responses: Json, extra: Json = {}): Json => ({
  tags: ['Living images'],
  summary,
  security: KEY_OR_SESSION,
  parameters: [liveProjectParam, ...((extra.parameters as unknown[] | undefined) ?? [])],
  ...extra,
  responses: {
    ...responses,
    ...pick(ERRORS, 400, 401),
    404: error('No such project or living image (also for those of other accounts).'),
  },
});
const liveFile = (summary: string, cacheControl: string, parameters: unknown[]): Json => ({
  tags: ['Living images'],
  summary,
  security: [],
  parameters,
  responses: {
    200: {
      ...imageFile,
      headers: { ...imageFile.headers, 'Cache-Control': { schema: { type: 'string' }, description: cacheControl } },
    },
    304: { description: 'Not modified (If-None-Match names the ETag of this version)' },
    404: error('No such living image or version, or another file extension than its format.'),
  },
});
const liveEndpointParam = {
  name: 'endpoint',
  in: 'path',
  required: true,
  description: "The project's endpoint slug (its endpointPath after /api/jsonable/p/).",
  schema: { type: 'string' },
};
const pageFileParam = {
  name: 'file',
  in: 'path',
  required: true,
  description: "The page number (1 to the version's page count) and the extension of the version's format.",
  schema: { type: 'string', pattern: `^[1-9][0-9]{0,2}\\.(jpg|${IMAGE_FORMATS.join('|')}|csv|html)$` },
};
const livePaths: Json = {
  '/api/jsonable/live': {
    get: liveCall("A project's living images with their versions (newest first)", {
      200: { description: 'Living images', ...json('LiveImageList') },
    }),
  },
  '/api/jsonable/live/{name}': {
    put: liveCall(
      'Render a new version of a living image (creates it on the first PUT)',
      {
        200: { description: 'The new version', ...json('PutLiveImageResponse') },
        201: { description: 'Created: the first version', ...json('PutLiveImageResponse') },
        ...pick(ERRORS, 402, 413, 429, 500, 503),
        409: error('If-Match does not name the current version.'),
      },
      {
        description:
          'The body is a table payload, as for table-to-image. Each version counts as one table of the plan. `url` always serves the current version; `versionUrl` serves this version for good. With options.split the version is several pages, listed in `pages` (each counted as one table; over the allowance the whole version is refused with 402 and nothing counted): `url` and `versionUrl` serve page 1, …/p/{i}.{ext} and …/v/{n}/p/{i}.{ext} page i.',
        parameters: [
          liveNameParam,
          {
            name: 'If-Match',
            in: 'header',
            required: false,
            schema: { type: 'string' },
            description:
              'The current version number (e.g. "3"), or * for "must exist": otherwise 409 and nothing is rendered or counted.',
          },
        ],
        requestBody: body,
      },
    ),
    get: liveCall(
      'One living image',
      { 200: { description: 'The living image', ...json('LiveImage') } },
      { parameters: [liveNameParam] },
    ),
    delete: liveCall(
      'Delete a living image and the files of its versions',
      { 200: { description: 'Deleted', ...json('DeleteLiveImageResponse') } },
      { parameters: [liveNameParam] },
    ),
  },
  '/api/jsonable/live/{name}/rollback': {
    post: liveCall(
      'Serve an earlier version at the stable URL again',
      { 200: { description: 'Rolled back', ...json('RollbackLiveImageResponse') } },
      {
        parameters: [liveNameParam],
        requestBody: { required: true, ...json('RollbackLiveImageRequest') },
      },
    ),
  },
  '/api/jsonable/live/{name}/versions/{version}': {
    patch: liveCall(
      "Rewrite a version's alt text",
      { 200: { description: 'The living image', ...json('LiveImage') } },
      {
        parameters: [
          liveNameParam,
          { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        requestBody: { required: true, ...json('UpdateImageRequest') },
      },
    ),
  },
  '/live/{endpoint}/{file}': {
    get: liveFile(
      'The current version of a living image ({name}.{png|jpg|webp|avif|svg|pdf})',
      `public, max-age=${LIVE_MAX_AGE_SECONDS}, must-revalidate`,
      [
        liveEndpointParam,
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: `^[a-z0-9-]+\\.(jpg|${IMAGE_FORMATS.join('|')}|csv|html)$` },
        },
        bomParam,
      ],
    ),
  },
  '/live/{endpoint}/{name}/v/{file}': {
    get: liveFile('One version of a living image ({n}.{ext}), immutable', 'public, max-age=31536000, immutable', [
      liveEndpointParam,
      liveNameParam,
      {
        name: 'file',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: `^[1-9][0-9]*\\.(jpg|${IMAGE_FORMATS.join('|')}|csv|html)$` },
      },
      bomParam,
    ]),
  },
  '/live/{endpoint}/{name}/p/{file}': {
    get: liveFile(
      'Page i of the current version of a split living image ({i}.{ext}; options.split); the URL without /p/ is page 1',
      `public, max-age=${LIVE_MAX_AGE_SECONDS}, must-revalidate`,
      [liveEndpointParam, liveNameParam, pageFileParam, bomParam],
    ),
  },
  '/live/{endpoint}/{name}/v/{version}/p/{file}': {
    get: liveFile(
      'Page i of version n of a split living image ({i}.{ext}), immutable',
      'public, max-age=31536000, immutable',
      [
        liveEndpointParam,
        liveNameParam,
        { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        pageFileParam,
        bomParam,
      ],
    ),
  },
};

export function buildOpenApiDocument(serverUrl: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Jsonable API',
      version: '1.0.0',
      description: `Turn JSON table data into table images (${IMAGE_FORMATS.map((f) => FORMAT_LABELS[f]).join(', ')}) with permanent public URLs.`,
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Tables', description: 'Render tables with an API key' },
      { name: 'Projects', description: "A project's own endpoint" },
      { name: 'Images', description: 'Public image files' },
      { name: 'Status' },
      { name: 'Dashboard', description: 'Calls the web app makes with its session cookie' },
      {
        name: 'Account',
        description:
          'Sign-up, sign-in and the profile (session cookie; state-changing calls need the CSRF header the web app sends)',
      },
      { name: 'Billing', description: 'Plans and card payments (Stripe; answers 503 while billing is off)' },
      {
        name: 'Living images',
        description: 'Named images with a stable URL that serves the current version, and immutable version URLs',
      },
    ],
    paths: {
      ...livePaths,
      '/api/jsonable/table-to-image': { post: generate('Generate a table image') },
      '/api/jsonable/table-to-image/preview': { post: preview('Generate a temporary preview') },
      '/api/table-to-image': {
        post: generate('Generate a table image (legacy path)', {
          description:
            'Same as /api/jsonable/table-to-image. options.format, options.headers, options.width, options.quality and options.pdf are honoured.',
        }),
      },
      '/api/table-to-image/preview': { post: preview('Generate a temporary preview (legacy path)') },
      '/api/jsonable/p/{endpoint}': {
        post: {
          tags: ['Projects'],
          summary: 'Render into a project through its endpoint',
          description:
            "The project's endpointPath. The project's key in X-API-KEY is optional unless the project requires it; the table counts against the project owner's plan and uses the project's default styles.",
          security: [{}, { apiKeyHeader: [] }],
          parameters: [{ name: 'endpoint', in: 'path', required: true, schema: { type: 'string' } }, idempotencyKey],
          requestBody: body,
          responses: {
            200: { description: 'The stored image', ...json('ProjectEndpointResponse') },
            ...pick(ERRORS, 400, 401, 402, 409, 413, 429, 500, 503),
            404: error('No such project endpoint.'),
          },
        },
      },
      '/api/jsonable/images/{filename}': { get: getImage('Get an image') },
      '/api/images/{filename}': { get: getImage('Get an image (short path)') },
      '/api/jsonable/status': {
        get: {
          tags: ['Status'],
          summary: 'Service status',
          security: [],
          responses: {
            200: { description: "'operational' when up", ...json('StatusResponse') },
            503: { description: 'Down', ...json('StatusResponse') },
          },
        },
      },
      '/api/demo/generate-image': {
        post: {
          tags: ['Dashboard'],
          summary: 'Landing-page demo (no account; the image expires after 24 hours)',
          security: [],
          requestBody: body,
          responses: {
            200: { description: 'Temporary image URL', ...json('DemoResponse') },
            ...pick(ERRORS, 400, 413, 429, 503),
          },
        },
      },
      '/api/jsonable/json-to-png': {
        post: session(
          'Render and store a table for the signed-in user',
          {
            200: { description: 'The stored image', ...json('SaveImageResponse') },
            ...pick(ERRORS, 400, 402, 409, 413, 429, 503),
          },
          {
            parameters: [
              { name: 'projectId', in: 'query', required: false, schema: { type: 'string' } },
              idempotencyKey,
            ],
            requestBody: body,
          },
        ),
      },
      '/api/jsonable/json-to-png/preview': {
        post: session(
          'Render a table and get the image itself (nothing stored or counted)',
          { 200: previewFile, ...pick(ERRORS, 400, 413, 429, 503) },
          {
            parameters: [{ name: 'projectId', in: 'query', required: false, schema: { type: 'string' } }],
            requestBody: body,
          },
        ),
      },
      '/api/jsonable/projects': {
        get: session(
          "The user's projects, oldest first, a page at a time",
          { 200: paged('Projects', 'ProjectList'), ...pick(ERRORS, 400) },
          { parameters: pageParams },
        ),
        post: session(
          'Create a project (its full key is in this answer only)',
          { 201: { description: 'Created', ...json('CreatedProject') }, ...pick(ERRORS, 400, 402) },
          {
            requestBody: { required: true, ...json('CreateProjectRequest') },
          },
        ),
      },
      '/api/projects': {
        get: session(
          'Projects with their default styles, a page at a time',
          { 200: paged('Projects', 'ProjectList'), ...pick(ERRORS, 400) },
          { parameters: pageParams },
        ),
      },
      '/api/jsonable/projects/{id}/images': {
        get: session(
          "A project's images, newest first, a page at a time",
          { 200: paged('Images', 'UserImages'), ...pick(ERRORS, 400), 404: error('Project not found') },
          {
            parameters: [idParam, ...pageParams, ...imageFilterParams.filter((p) => p.name !== 'projectId')],
          },
        ),
      },
      '/api/jsonable/projects/{id}': {
        get: session(
          'One project',
          { 200: { description: 'Project', ...json('Project') }, 404: error('Project not found') },
          { parameters: [idParam] },
        ),
        patch: session(
          'Rename a project or change its settings',
          {
            200: { description: 'Project', ...json('Project') },
            ...pick(ERRORS, 400),
            404: error('Project not found'),
          },
          {
            parameters: [idParam],
            requestBody: { required: true, ...json('UpdateProjectRequest') },
          },
        ),
        delete: session(
          'Delete a project (its images are kept and detached)',
          { 200: { description: 'Deleted', ...json('DeleteProjectResponse') }, 404: error('Project not found') },
          { parameters: [idParam] },
        ),
      },
      '/api/projects/{id}/regenerate-key': {
        post: session(
          'Regenerate the project key (the old key stops working at once)',
          {
            200: { description: 'The new key, shown once', ...json('RegenerateKeyResponse') },
            404: error('Project not found'),
          },
          { parameters: [idParam] },
        ),
      },
      '/api/projects/{id}/styles': {
        patch: session(
          "Save the project's default styles",
          {
            200: { description: 'Saved', ...json('SaveStylesResponse') },
            ...pick(ERRORS, 400),
            404: error('Project not found'),
          },
          {
            parameters: [idParam],
            requestBody: { required: true, ...json('Styles') },
          },
        ),
      },
      '/api/jsonable/user/images': {
        get: session(
          "The user's images, newest first, a page at a time, filtered",
          { 200: paged('Images, newest first', 'UserImages'), ...pick(ERRORS, 400), 404: error('Project not found') },
          {
            parameters: [...pageParams, ...imageFilterParams],
          },
        ),
      },
      '/api/jsonable/user/images/zip': {
        post: session(
          `Download your own images as one ZIP, streamed (at most ${ZIP_MAX_IMAGES} images and ${ZIP_MAX_BYTES / 1024 / 1024} MB)`,
          {
            200: {
              description: 'The ZIP archive (Content-Disposition: attachment)',
              content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
            },
            ...pick(ERRORS, 400),
            404: error('Some of the selected images were not found or deleted (none is sent)'),
            413: error('The selected files exceed the size bound'),
          },
          {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['ids'],
                    properties: {
                      ids: { type: 'array', minItems: 1, maxItems: ZIP_MAX_IMAGES, items: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        ),
      },
      '/api/jsonable/user/images/{id}': {
        patch: session(
          "Rewrite an image's alt text",
          {
            200: { description: 'The image', ...json('UserImage') },
            ...pick(ERRORS, 400),
            404: error('Image not found or deleted'),
          },
          {
            parameters: [idParam],
            requestBody: { required: true, ...json('UpdateImageRequest') },
          },
        ),
        delete: session(
          'Delete an image (its URL answers 404 afterwards)',
          { 200: { description: 'Deleted', ...json('DeleteImageResponse') }, 404: error('Image not found or deleted') },
          { parameters: [idParam] },
        ),
      },
      '/api/jsonable/user/stats': {
        get: session('Usage statistics of the current period', {
          200: { description: 'Statistics', ...json('UserStats') },
        }),
      },
      '/api/jsonable/user/usage': {
        get: session(
          `Renders per UTC day over a window of at most ${USAGE_HISTORY_MAX_DAYS} days (the last ${USAGE_HISTORY_DEFAULT_DAYS} by default), with totals per project and per format; renders of deleted images still count`,
          {
            200: { description: 'Every day of the window, oldest first', ...json('UsageHistory') },
            ...pick(ERRORS, 400),
            404: error('Project not found'),
          },
          {
            parameters: [
              {
                name: 'from',
                in: 'query',
                required: false,
                description: `First day (YYYY-MM-DD, UTC); alone: the window is ${USAGE_HISTORY_DEFAULT_DAYS} days from it.`,
                schema: { type: 'string', format: 'date' },
              },
              {
                name: 'to',
                in: 'query',
                required: false,
                description: 'Last day, included (YYYY-MM-DD, UTC); default today.',
                schema: { type: 'string', format: 'date' },
              },
              {
                name: 'projectId',
                in: 'query',
                required: false,
                description:
                  'Only renders of this project (404 when it is not one of yours); `none`: renders without a project.',
                schema: { type: 'string' },
              },
            ],
          },
        ),
      },
      '/api/jsonable/projects/{id}/regenerate-key': {
        post: session(
          'Regenerate the project key (same as /api/projects/{id}/regenerate-key)',
          {
            200: { description: 'The new key, shown once', ...json('RegenerateKeyResponse') },
            404: error('Project not found'),
          },
          { parameters: [idParam] },
        ),
      },
      '/api/jsonable/projects/{id}/styles': {
        patch: session(
          "Save the project's default styles (same as /api/projects/{id}/styles)",
          {
            200: { description: 'Saved', ...json('SaveStylesResponse') },
            ...pick(ERRORS, 400),
            404: error('Project not found'),
          },
          {
            parameters: [idParam],
            requestBody: { required: true, ...json('Styles') },
          },
        ),
      },
      '/api/previews/{filename}': { get: getExpiring('Get a preview image (kept one hour)') },
      '/api/jsonable/previews/{filename}': { get: getExpiring('Get a preview image (long path)') },
      '/api/demo/images/{filename}': { get: getExpiring('Get a landing-page demo image (kept 24 hours)') },
      '/api/openapi.json': {
        get: {
          tags: ['Status'],
          summary: 'This document',
          security: [],
          responses: {
            200: {
              description: 'OpenAPI 3.1 document',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
      '/api/register': {
        post: account(
          'Sign up: sends a confirmation link (the answer never reveals whether the address has an account)',
          'RegisterRequest',
          { 200: { description: 'Link sent', ...json('AccountMessage') }, ...pick(ERRORS, 400, 429) },
        ),
      },
      '/api/login': {
        post: account('Sign in with e-mail and password: opens a session cookie', 'LoginRequest', {
          200: { description: 'The signed-in user', ...json('PublicUser') },
          ...pick(ERRORS, 400, 401, 429),
        }),
      },
      '/api/logout': {
        post: account('Sign out: revokes the session and clears its cookie', null, {
          200: { description: 'Signed out' },
        }),
      },
      '/api/magic-link': {
        post: account('Send a sign-in link by e-mail', 'MagicLinkRequest', {
          200: { description: 'Link sent (whether or not the address has an account)', ...json('AccountMessage') },
          ...pick(ERRORS, 400, 429),
        }),
      },
      '/api/verify-magic-link': {
        get: {
          tags: ['Account'],
          summary: 'Check a sign-in link without using it up (mail scanners fetch links)',
          security: [],
          parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
          responses: {
            200: { description: 'The link is valid', ...json('VerifyMagicLinkResponse') },
            ...pick(ERRORS, 400, 429),
          },
        },
      },
      '/api/confirm-magic-link': {
        post: account(
          'Use a sign-in or sign-up link (after a click): opens a session cookie. A sign-up link gives the account its sign-up password only when `password` repeats it; without it the account has no password',
          'ConfirmMagicLinkRequest',
          { 200: { description: 'The signed-in user', ...json('PublicUser') }, ...pick(ERRORS, 400, 401, 429) },
        ),
      },
      '/api/forgot-password': {
        post: account(
          'Send a password reset link by e-mail (the same answer, at once, whether or not the address has an account)',
          'ForgotPasswordRequest',
          { 200: { description: 'Accepted', ...json('AccountMessage') }, ...pick(ERRORS, 400, 429) },
        ),
      },
      '/api/password-reset': {
        get: {
          tags: ['Account'],
          summary: 'Check a password reset link without using it up',
          security: [],
          parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
          responses: {
            200: { description: 'The link is valid', ...json('CheckResetLinkResponse') },
            ...pick(ERRORS, 400, 429),
          },
        },
      },
      '/api/reset-password': {
        post: account(
          'Set a new password with a reset link: every session is signed out, every other link retired, and a new session opened',
          'ResetPasswordRequest',
          { 200: { description: 'The signed-in user', ...json('PublicUser') }, ...pick(ERRORS, 400, 429) },
        ),
      },
      '/api/jsonable/sessions': {
        get: {
          ...session(
            'The open sessions of the account (created, last seen, browser, coarse network), newest sign-in first, a page at a time; expired and signed-out sessions are not listed',
            { 200: paged('Sessions', 'SessionsResponse'), ...pick(ERRORS, 400) },
            { parameters: pageParams },
          ),
          tags: ['Account'],
        },
      },
      '/api/jsonable/sessions/{id}': {
        delete: {
          ...session(
            "Sign out one session of the account, by the id the list shows (another account's session id is not found, like an unknown one)",
            {
              200: { description: 'Signed out', ...json('SignOutSessionResponse') },
              ...pick(ERRORS, 400, 429),
              404: error('Session not found'),
            },
            { parameters: [idParam] },
          ),
          tags: ['Account'],
        },
      },
      '/api/jsonable/sessions/sign-out-others': {
        post: {
          ...session('Sign out every session of the account but this one', {
            200: { description: 'Signed out', ...json('SignOutOthersResponse') },
            ...pick(ERRORS, 429),
          }),
          tags: ['Account'],
        },
      },
      '/api/user': {
        get: {
          ...session('The signed-in user', { 200: { description: 'User', ...json('PublicUser') } }),
          tags: ['Account'],
        },
      },
      '/api/jsonable/user': {
        get: {
          ...session('The signed-in user with plan and usage', {
            200: { description: 'User', ...json('UserWithPlan') },
          }),
          tags: ['Account'],
        },
        patch: {
          ...session(
            'Update the name (the e-mail address is read-only)',
            { 200: { description: 'User', ...json('UserWithPlan') }, ...pick(ERRORS, 400) },
            {
              requestBody: { required: true, ...json('UpdateProfileRequest') },
            },
          ),
          tags: ['Account'],
        },
      },
      '/api/jsonable/change-password': {
        post: {
          ...session(
            'Change the password: every other session is revoked, this one continues on a new cookie',
            { 200: { description: 'Changed', ...json('AccountMessage') }, ...pick(ERRORS, 400, 429) },
            {
              requestBody: { required: true, ...json('ChangePasswordRequest') },
            },
          ),
          tags: ['Account'],
        },
      },
      '/api/settings': {
        get: {
          ...session('Default table settings of the user', {
            200: { description: 'Settings', ...json('SettingsResponse') },
          }),
          tags: ['Account'],
        },
        post: {
          ...session(
            'Save the default table settings',
            { 200: { description: 'Saved', ...json('SettingsResponse') }, ...pick(ERRORS, 400) },
            {
              requestBody: { required: true, ...json('SaveSettingsRequest') },
            },
          ),
          tags: ['Account'],
        },
      },
      '/api/jsonable/user/generate-api-key': {
        post: {
          ...session('Generate a new personal API key (the old one stops working; the key is shown once)', {
            200: { description: 'The new key', ...json('GeneratedApiKey') },
          }),
          tags: ['Account'],
        },
      },
      '/api/jsonable/user/api-key': {
        get: {
          ...session('The prefix of the personal API key', {
            200: { description: 'Prefix only', ...json('ApiKeyPrefix') },
          }),
          tags: ['Account'],
        },
      },
      '/api/billing/status': {
        get: {
          tags: ['Billing'],
          summary: 'Whether card payments are on, and the plans on sale',
          security: [],
          responses: { 200: { description: 'Status', ...json('BillingStatus') } },
        },
      },
      '/api/billing/checkout': {
        post: {
          ...session(
            'Start a Stripe Checkout for a plan',
            {
              200: { description: 'Where to send the browser', ...json('BillingRedirect') },
              ...pick(ERRORS, 400),
              503: error('Billing is off or the provider is unreachable.'),
            },
            {
              requestBody: { required: true, ...json('CheckoutRequest') },
            },
          ),
          tags: ['Billing'],
        },
      },
      '/api/billing/portal': {
        post: {
          ...session("Open Stripe's customer portal", {
            200: { description: 'Where to send the browser', ...json('BillingRedirect') },
            503: error('Billing is off or the provider is unreachable.'),
          }),
          tags: ['Billing'],
        },
      },
      '/api/billing/history': {
        get: {
          ...session(
            'Payments and plan changes, newest first, a page at a time',
            { 200: paged('History', 'BillingHistory'), ...pick(ERRORS, 400) },
            { parameters: pageParams },
          ),
          tags: ['Billing'],
        },
      },
      '/api/billing/webhook': {
        post: {
          tags: ['Billing'],
          summary: "Stripe's webhook (verified with the Stripe-Signature header)",
          security: [],
          parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: {
            200: { description: 'Recorded (or known already)' },
            ...pick(ERRORS, 400),
            503: error('Not recorded: Stripe retries.'),
          },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key> (recommended)' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'jsonable_session' },
      },
    },
  };
}

export function openApiRoutes(router: Router<AppState>, deps: AppDeps): void {
  let cached: string | null = null;
  router.get('/api/openapi.json', (ctx) => {
    cached ??= JSON.stringify(buildOpenApiDocument(deps.config.publicUrl));
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = cached;
  });
}
