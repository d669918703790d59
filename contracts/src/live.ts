/**
 * Living images (issue #25): a project's named image whose stable URL always serves its current
 * version, while every version keeps an immutable URL of its own.
 *
 * - PUT    /api/jsonable/live/{name}            renders a new version (the table payload as body)
 * - GET    /api/jsonable/live                   the project's living images with their versions
 * - GET    /api/jsonable/live/{name}            one living image
 * - POST   /api/jsonable/live/{name}/rollback   `{ version }`: the stable URL serves that version
 * - PATCH  /api/jsonable/live/{name}/versions/{n}  `{ altText }`: rewrites version n's alt text
 * - DELETE /api/jsonable/live/{name}            the living image and every version's file
 * - GET    /live/{endpoint}/{name}.{ext}        the current version (ETag, short Cache-Control)
 * - GET    /live/{endpoint}/{name}/v/{n}.{ext}  version n (immutable)
 * - GET    /live/{endpoint}/{name}/p/{i}.{ext}  page i of the current version (a split one; as the stable URL)
 * - GET    /live/{endpoint}/{name}/v/{n}/p/{i}.{ext}  page i of version n (immutable)
 * The URLs without /p/ serve page 1 of a split version.
 */
import { z } from 'zod';
import { twinsSchema } from './alt-text';
import { imageFormatSchema, userImageSchema } from './render-api';

/** Lowercase letters, digits and inner hyphens: safe in a URL path, a stream name and a file name. */
export const LIVE_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const LIVE_NAME_MAX = 64;
/** The stable URL may be cached this long before the client revalidates (304 when unchanged). */
export const LIVE_MAX_AGE_SECONDS = 60;

export const liveMessages = {
  invalidName: `A living image's name is 1 to ${LIVE_NAME_MAX} lowercase letters, digits and hyphens, starting and ending with a letter or digit (e.g. daily-sales)`,
  projectRequired:
    'Say which project owns the living image: use a project key, or pass projectId with a user key or a session',
  notFound: 'Living image not found',
  versionNotFound: (version: number) => `Version ${version} of this living image does not exist or was purged`,
  pageNotFound: (page: number, pages: number) =>
    `Page ${page} does not exist: this version of the living image has ${pages} page${pages === 1 ? '' : 's'}`,
  invalidIfMatch: 'If-Match must be the current version number (e.g. "3"), or *',
  versionConflict: (current: number | null, expected: string) =>
    current === null
      ? `The living image does not exist yet (If-Match: ${expected})`
      : `The living image is at version ${current}, not ${expected} (If-Match); fetch it and try again`,
  wrongFormat: (format: string) =>
    `This living image is a ${format === 'jpeg' ? 'jpg' : format} file; use that extension`,
} as const;

export const liveNameSchema = z.string().regex(LIVE_NAME_PATTERN, liveMessages.invalidName);

export const liveAuthorSchema = z.enum(['session', 'user_key', 'project_key']);

/** One page of a split version. */
const liveVersionPageSchema = z.object({
  page: z.number().int().positive(),
  /** /live/{endpoint}/{name}/v/{n}/p/{page}.{ext}: this page of this version, immutable. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  rows: z.number().int(),
  altText: z.string().nullable(),
});

export const liveVersionSchema = z.object({
  version: z.number().int().positive(),
  /** The immutable URL of this version. */
  url: z.string(),
  ...userImageSchema.pick({
    format: true,
    width: true,
    height: true,
    size: true,
    rows: true,
    columns: true,
    title: true,
  }).shape,
  /** Who rendered it: the dashboard, a user key or the project's key. */
  by: liveAuthorSchema,
  createdAt: z.string(),
  /** Generated from the data drawn; null for versions rendered before alt text existed. */
  altText: z.string().nullable(),
  /** `…/v/{n}.csv` and `.html`; null for versions rendered before data twins existed (those URLs answer 404). */
  twins: twinsSchema,
  /**
   * A split version (options.split): every page in order, each with its immutable URL (page 1 is
   * also `url`); absent when the version is one image. Each page counted as one table.
   */
  pages: z.array(liveVersionPageSchema).optional(),
});
export type LiveVersion = z.infer<typeof liveVersionSchema>;

export const liveImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  /** The stable URL: always the current version. */
  url: z.string(),
  currentVersion: z.number().int().positive(),
  latestVersion: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Newest first; purged versions are left out. */
  versions: z.array(liveVersionSchema),
});
export type LiveImage = z.infer<typeof liveImageSchema>;

export const liveImageListSchema = z.array(liveImageSchema);

export const putLiveImageResponseSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  versionUrl: z.string(),
  version: z.number().int().positive(),
  /** True when this PUT created the living image (its first version, or the first after a delete). */
  created: z.boolean(),
  metadata: z.object({
    format: imageFormatSchema,
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int(),
  }),
  liveImage: liveImageSchema,
  /**
   * A split version (options.split): every page in order; `url` serves that page of whatever
   * version is current (revalidated, as the stable URL), `versionUrl` this version's page for good.
   * Absent when the version is one image.
   */
  pages: z
    .array(
      z.object({
        page: z.number().int().positive(),
        url: z.string(),
        versionUrl: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        size: z.number().int(),
      }),
    )
    .optional(),
  warnings: z.array(z.string()).optional(),
});
export type PutLiveImageResponse = z.infer<typeof putLiveImageResponseSchema>;

export const rollbackLiveImageRequestSchema = z.object({ version: z.number().int().positive() }).strict();
export const rollbackLiveImageResponseSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  version: z.number().int().positive(),
  liveImage: liveImageSchema,
});
export const deleteLiveImageResponseSchema = z.object({ success: z.literal(true) });
