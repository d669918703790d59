/**
 * Image file names: a readable part (SPEC §5: lowercased, non-alphanumerics collapsed to hyphens,
 * trimmed; falls back to the title, then 'table'), the render time, and 64 random bits so that
 * names cannot be enumerated from one another.
 */
import { slugify } from '@jsonable/contracts/filenames';
import { extensionOf, FORMAT_CONTENT_TYPES, parseImageFormat, type ImageFormat } from '@jsonable/contracts/formats';

export type FileFormat = ImageFormat;
export { extensionOf };

const READABLE_MAX = 60;

export function readableName(value: unknown): string {
  if (typeof value !== 'string') return '';
  return slugify(value).slice(0, READABLE_MAX).replace(/-+$/, '');
}

/** A file extension typed into a custom file name: the format decides the real one. */
const TYPED_EXTENSION = /\.(?:png|jpe?g|webp|avif|svg|pdf)\s*$/i;

export function sanitizeFilename(customFilename: unknown, title: unknown): string {
  const custom = typeof customFilename === 'string' ? customFilename.replace(TYPED_EXTENSION, '') : customFilename;
  return readableName(custom) || readableName(title) || 'table';
}

/**
 * The name a rendered image is stored under, counted or temporary: the custom file name's
 * readable part (else the title's), `-{n}-of-{pages}` for page n of a split table, the render
 * time and 64 random bits of `uuid`.
 */
export function renderedFilename(image: {
  custom: unknown;
  title: unknown;
  at: Date;
  uuid: string;
  format: FileFormat;
  page?: { number: number; of: number } | undefined;
}): string {
  const base = sanitizeFilename(image.custom, image.title);
  const name = image.page && image.page.of > 1 ? `${base}-${image.page.number}-of-${image.page.of}` : base;
  return `${name}-${image.at.getTime()}-${randomToken(image.uuid)}.${extensionOf(image.format)}`;
}

/** Only names this service could have produced are looked up: no dots, slashes or encodings. */
export const IMAGE_FILENAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,120})\.(?:png|jpg|jpeg|webp|avif|svg|pdf)$/;

export const contentTypeOf = (filename: string): string => {
  const format = parseImageFormat(filename.slice(filename.lastIndexOf('.') + 1));
  return format ? FORMAT_CONTENT_TYPES[format] : 'application/octet-stream';
};

/** Where things live in the blob store. */
export const blobKeys = {
  image: (filename: string) => `images/${filename}`,
  preview: (filename: string) => `previews/${filename}`,
  demo: (filename: string) => `demo/${filename}`,
  /** The data drawn in an image (its alt text, CSV and HTML twins), kept as long as the image. */
  twin: (filename: string) => `twins/${filename}.json`,
} as const;

/** The twin's key of an image's key (`images/{file}` → `twins/{file}.json`). */
export const twinKeyOf = (imageKey: string): string => blobKeys.twin(imageKey.slice(imageKey.lastIndexOf('/') + 1));

/** 16 hex characters (64 bits) from a v4 uuid's random part. */
function randomToken(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  return hex.slice(0, 12) + hex.slice(17, 21);
}
