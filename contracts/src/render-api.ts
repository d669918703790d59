/**
 * The rendering API's answers (SPEC §3 "Responses", §7): generate, preview, the project
 * endpoint, the dashboard's json-to-png, the landing demo, images, usage and statistics.
 * Request bodies are the table payload of table.ts; these schemas describe what comes back.
 */
import { z } from 'zod';
import { twinsSchema } from './alt-text';
import { IMAGE_FORMATS } from './formats';

export const imageFormatSchema = z.enum(IMAGE_FORMATS);

export const renderMessages = {
  /** SPEC §8: 402 payment required, plan limit exceeded, upgrade. */
  quotaExceeded: (planName: string, allowance: number) =>
    `You have used all ${allowance} tables of your ${planName} plan for this usage period. Upgrade your plan to create more tables.`,
  /** A split that would make more images than the allowance has left: refused whole, nothing counted. */
  splitOverQuota: (images: number, remaining: number) =>
    `This table splits into ${images} images and your plan has ${remaining} table${remaining === 1 ? '' : 's'} left for this usage period; nothing was rendered or counted. Split into fewer images (a larger maxRows) or upgrade your plan.`,
  projectLimit: (planName: string, projects: number) =>
    `Your ${planName} plan allows ${projects} project${projects === 1 ? '' : 's'}. Upgrade your plan to create more.`,
  imageNotFound: 'Image not found or deleted',
  idempotencyConflict: 'Idempotency-Key was already used for a different request (another body, endpoint or project)',
  keyRequired: 'This project requires its API key (X-API-KEY header)',
  invalidProjectKey: 'Invalid API key for this project',
} as const;

/** What a render left out (e.g. images over the table's image budget, drawn as placeholders). */
const warningsField = z
  .array(z.string())
  .optional()
  .describe(
    'What the render left out, one sentence each; absent when nothing was. E.g. cell images that could not be loaded or ' +
      "decoded, or that were over the table's image budget (32 M decoded pixels and 20 MB fetched; 1 M pixels and 512 KB " +
      'on the demo): each is drawn as a placeholder box and the table still renders (200).',
  );

export const imageSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  createdAt: z.string(),
  title: z.string().nullable(),
  /** A generated summary of the data drawn (issue #25): the image's alt text. */
  altText: z.string().nullable().optional(),
});
export type ImageSummary = z.infer<typeof imageSummarySchema>;

/** One image of a split table (options.split, issue #25), in order. */
export const splitImageSchema = imageSummarySchema.extend({
  /** 1-based; the image's footer reads "Page {page} of {pages}". */
  page: z.number().int().positive(),
  pages: z.number().int().positive(),
  format: imageFormatSchema,
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type SplitImage = z.infer<typeof splitImageSchema>;
const imagesField = z
  .array(splitImageSchema)
  .optional()
  .describe(
    'With options.split: every image of the split, in order, each counted as one table; the top-level fields describe ' +
      'the first. An Idempotency-Key replay answers the same list, counting nothing again. Absent when the table was ' +
      'not split (a PDF split is one document).',
  );

/** POST /api/jsonable/table-to-image and /api/table-to-image. */
export const generateResponseSchema = z.object({
  success: z.literal(true),
  imageUrl: z.string(),
  /** The same URL under the name the Make and Gumloop guides read (and the project endpoint answers). */
  url: z.string(),
  metadata: z.object({
    format: imageFormatSchema,
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int(),
  }),
  /** The stored image, as the dashboard and the project endpoint describe it. */
  image: imageSummarySchema.optional(),
  /** A generated summary of the data drawn: the image's alt text (issue #25). */
  altText: z.string().nullable().optional(),
  images: imagesField,
  warnings: warningsField,
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;
/** A stored image's format and size, as generate and a living image's PUT answer them. */
export type ImageMetadata = GenerateResponse['metadata'];

/** POST …/table-to-image/preview: a temporary URL, nothing saved. */
export const previewResponseSchema = z.object({
  success: z.literal(true),
  previewUrl: z.string(),
  expiresAt: z.string(),
  warnings: warningsField,
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

/** POST /api/jsonable/json-to-png (session): the stored image. */
export const saveImageResponseSchema = z.object({
  success: z.literal(true),
  image: imageSummarySchema,
  images: imagesField,
  warnings: warningsField,
});
export type SaveImageResponse = z.infer<typeof saveImageResponseSchema>;

/** POST /api/jsonable/p/{endpoint}: `image` plus the same fields at the top (Make/Gumloop read `url`). */
export const projectEndpointResponseSchema = z.object({
  success: z.literal(true),
  image: imageSummarySchema,
  id: z.string(),
  url: z.string(),
  image_url: z.string(),
  filename: z.string(),
  createdAt: z.string(),
  title: z.string().nullable(),
  userId: z.string(),
  projectId: z.string(),
  images: imagesField,
  warnings: warningsField,
});
export type ProjectEndpointResponse = z.infer<typeof projectEndpointResponseSchema>;

/** POST /api/demo/generate-image (landing page, no account; the image expires). */
export const demoResponseSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  expiresAt: z.string(),
  warnings: warningsField,
});
export type DemoResponse = z.infer<typeof demoResponseSchema>;

/** One entry of GET /api/jsonable/user/images. */
export const userImageSchema = z.object({
  id: z.string(),
  filename: z.string(),
  url: z.string(),
  public_url: z.string(),
  title: z.string().nullable(),
  format: imageFormatSchema,
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  rows: z.number().int(),
  columns: z.number().int(),
  project_id: z.string().nullable(),
  user_id: z.string(),
  created_at: z.string(),
  createdAt: z.string(),
  /** The request JSON is kept 30 days; false once purged. */
  has_json_data: z.boolean(),
  /** Generated from the data drawn, or written by the owner; null for images rendered before alt text existed. */
  altText: z.string().nullable(),
  /** `{url}.csv` and `{url}.html`; null for images rendered before data twins existed (those URLs answer 404). */
  twins: twinsSchema,
});
export type UserImage = z.infer<typeof userImageSchema>;
export const userImagesResponseSchema = z.array(userImageSchema);

export const deleteImageResponseSchema = z.object({ success: z.literal(true) });

/** Added to GET /api/jsonable/user (SPEC §3 field names). */
export const userUsageFieldsSchema = z.object({
  usage_count: z.number().int().nonnegative(),
  /** Tables per usage period; null = unlimited (Enterprise). */
  usage_limit: z.number().int().nullable(),
  /** When the current 30-day period ends and the count starts again at 0. */
  usage_reset_date: z.string(),
});
export type UserUsageFields = z.infer<typeof userUsageFieldsSchema>;

/** GET /api/jsonable/user/stats: the dashboard's statistics card. */
export const userStatsSchema = z.object({
  period: z.object({
    index: z.number().int().nonnegative(),
    start: z.string(),
    end: z.string(),
  }),
  plan: z.object({ tier: z.string(), name: z.string() }),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  totalImages: z.number().int().nonnegative(),
  /** One entry per day of the period up to today (UTC dates, YYYY-MM-DD). */
  perDay: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
  byFormat: z.record(imageFormatSchema, z.number().int().nonnegative()),
  byProject: z.array(
    z.object({ projectId: z.string().nullable(), name: z.string(), count: z.number().int().nonnegative() }),
  ),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/jsonable/status. */
/**
 * GET /api/jsonable/status. 'operational' means up (SPEC §3); 'degraded' means serving while a
 * part fails (components say which and since when); anything else is down.
 */
export const statusResponseSchema = z.object({
  status: z.string(),
  since: z.string().nullable().optional(),
  components: z
    .array(
      z.object({
        component: z.string(),
        problem: z.string(),
        message: z.string(),
        since: z.string(),
        lag: z.number().optional(),
      }),
    )
    .optional(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

// The limits are plain values in a module of their own (no zod), so the public pages that print
// them (documentation, API reference) load none of the schemas above.
export {
  apiRateLimitPerMinute,
  demoRateLimitPerHour,
  DEMO_TTL_MS,
  endpointRateLimitPerMinute,
  imageBudgets,
  type ImageBudget,
  JSON_RETENTION_DAYS,
  PREVIEW_TTL_MS,
  previewRateLimitPerMinute,
  tableLimits,
} from './render-limits';
