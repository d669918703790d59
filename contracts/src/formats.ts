/**
 * The output formats (issue #29): one list that every schema, route, form and document reads,
 * so a new format cannot be accepted in one place and refused in another.
 */
export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'svg', 'pdf'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Formats painted to pixels (device scale, pixel limits, `quality` for the lossy ones). */
export const RASTER_FORMATS = ['png', 'jpeg', 'webp', 'avif'] as const satisfies readonly ImageFormat[];
export type RasterFormat = (typeof RASTER_FORMATS)[number];
export const isRasterFormat = (f: ImageFormat): f is RasterFormat => (RASTER_FORMATS as readonly string[]).includes(f);

/** Formats whose `quality` (1–100) is honoured; PNG, SVG and PDF are lossless. */
export const LOSSY_FORMATS = ['jpeg', 'webp', 'avif'] as const satisfies readonly ImageFormat[];

export const FORMAT_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export const FORMAT_LABELS: Record<ImageFormat, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  avif: 'AVIF',
  svg: 'SVG',
  pdf: 'PDF',
};

/** The file extension of a format (JPEG files end in .jpg). */
export const extensionOf = (format: ImageFormat): string => (format === 'jpeg' ? 'jpg' : format);

/** "png, jpeg, webp, avif, svg, pdf" — for messages and documents. */
export const FORMAT_LIST = IMAGE_FORMATS.join(', ');

/** A format as a user may type it ("JPG", " WebP") → the canonical name, or null. */
export function parseImageFormat(value: string): ImageFormat | null {
  const v = value.trim().toLowerCase();
  const f = v === 'jpg' ? 'jpeg' : v;
  return (IMAGE_FORMATS as readonly string[]).includes(f) ? (f as ImageFormat) : null;
}

/**
 * The data twins of a render (issue #25): the data drawn as CSV and as an accessible HTML table,
 * at the image's address with `.csv` or `.html` (added, or in place of its extension), or null
 * for a render made before twins existed.
 */
export function twinsOf(
  url: string,
  hasTwins: boolean,
  replaceExtension = false,
): { csv: string; html: string } | null {
  if (!hasTwins) return null;
  const base = replaceExtension ? url.replace(/\.[a-z]+$/, '') : url;
  return { csv: `${base}.csv`, html: `${base}.html` };
}
