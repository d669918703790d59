/**
 * Paged lists (issue #30): every list route takes `limit` and an opaque `cursor`, answers the
 * list as before (an array for images and projects, `{ entries }` for billing history) and
 * carries `Link: <…>; rel="next"` (absent on the last page) and `X-Total-Count` (how many match,
 * over all pages). Query strings are parsed here so that server and web agree on them.
 */
import { z } from 'zod';
import { FORMAT_LIST, IMAGE_FORMATS } from './formats';
import { LIST_PAGE_MAX } from './paging';

export { LIST_PAGE_MAX, nextLink } from './paging';

/** Items in a page when `limit` is not given. */
export const LIST_PAGE_DEFAULT = 50;
/** The longest `q` (characters). */
export const SEARCH_MAX = 200;

export const listMessages = {
  limit: `limit must be a whole number from 1 to ${LIST_PAGE_MAX}`,
  cursor: 'cursor is not valid: start again from the first page (without cursor)',
  cursorOtherQuery: 'cursor belongs to another list or other filters: start again from the first page (without cursor)',
  format: `format must be one of ${FORMAT_LIST}`,
  date: (name: string) => `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`,
  range: 'from must not be after to',
  q: `q must be at most ${SEARCH_MAX} characters, without control characters`,
  projectId: 'projectId must be a project id',
  once: (name: string) => `${name} must be given once`,
} as const;

/** A query-string value given once (koa gives an array for `?a=1&a=2`). */
const once = (name: string) =>
  z.unknown().transform((value, ctx) => {
    if (typeof value === 'string') return value;
    ctx.addIssue({ code: 'custom', message: listMessages.once(name) });
    return z.NEVER;
  });

const limitSchema = once('limit').pipe(
  z
    .string()
    .regex(/^\d{1,6}$/, listMessages.limit)
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIST_PAGE_MAX, listMessages.limit),
);

const cursorSchema = once('cursor').pipe(z.string().regex(/^[A-Za-z0-9_-]{1,600}$/, listMessages.cursor));

export const pageQuerySchema = z.object({
  limit: limitSchema.optional(),
  cursor: cursorSchema.optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * A created-date bound as an ISO instant: `from` is inclusive, `to` is turned into an exclusive
 * bound (a date means to the end of that day; a date-time, that instant included).
 */
const dateBound = (name: 'from' | 'to') =>
  once(name).pipe(
    z.string().transform((text, ctx) => {
      const trimmed = text.trim();
      const ms = DATE.test(trimmed)
        ? Date.parse(`${trimmed}T00:00:00.000Z`)
        : DATE_TIME.test(trimmed)
          ? Date.parse(trimmed)
          : NaN;
      // Date.parse accepts 2026-02-31 as March 3rd: the date must read back as written.
      const valid = Number.isFinite(ms) && (!DATE.test(trimmed) || new Date(ms).toISOString().startsWith(trimmed));
      if (!valid || ms < 0 || ms > 253402300799999) {
        ctx.addIssue({ code: 'custom', message: listMessages.date(name) });
        return z.NEVER;
      }
      const end = name === 'from' ? ms : DATE.test(trimmed) ? ms + DAY_MS : ms + 1;
      return new Date(Math.min(end, 253402300799999)).toISOString();
    }),
  );

const CONTROL = /[\u0000-\u001f\u007f]/;

/** `projectId=none` lists the images without a project. */
export const NO_PROJECT_FILTER = 'none';

export const imageListQuerySchema = pageQuerySchema
  .extend({
    projectId: once('projectId')
      .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, listMessages.projectId))
      .optional(),
    format: once('format')
      .pipe(
        z
          .string()
          .transform((f) => (f.toLowerCase() === 'jpg' ? 'jpeg' : f.toLowerCase()))
          .pipe(z.enum(IMAGE_FORMATS, { error: listMessages.format })),
      )
      .optional(),
    from: dateBound('from').optional(),
    to: dateBound('to').optional(),
    q: once('q')
      .pipe(
        z
          .string()
          .refine((q) => q.length <= SEARCH_MAX && !CONTROL.test(q), listMessages.q)
          .transform((q) => q.trim()),
      )
      .optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from < query.to, {
    message: listMessages.range,
  });
export type ImageListQuery = z.output<typeof imageListQuerySchema>;

/** "Download selected as ZIP" (POST /api/jsonable/user/images/zip): at most this many images… */
export const ZIP_MAX_IMAGES = 500;
/** …and at most this many bytes of image files in one archive. */
export const ZIP_MAX_BYTES = 200 * 1024 * 1024;

export const zipMessages = {
  ids: `ids must be a list of 1 to ${ZIP_MAX_IMAGES} image ids`,
  missing: (n: number) => `${n} of the selected images ${n === 1 ? 'was' : 'were'} not found or deleted: select again`,
  tooLarge: (bytes: number) =>
    `The selected images take ${(bytes / 1024 / 1024).toFixed(1)} MB; one ZIP holds at most ${ZIP_MAX_BYTES / 1024 / 1024} MB. Select fewer images.`,
} as const;

export const zipRequestSchema = z.object(
  {
    ids: z
      .array(z.string({ error: zipMessages.ids }).regex(/^[A-Za-z0-9_-]{1,100}$/, zipMessages.ids), {
        error: zipMessages.ids,
      })
      .min(1, zipMessages.ids)
      .max(ZIP_MAX_IMAGES, zipMessages.ids),
  },
  { error: zipMessages.ids },
);
