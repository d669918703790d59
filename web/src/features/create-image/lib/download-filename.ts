/**
 * The name a downloaded table gets (SPEC §5): the custom file name, else the title, else 'table';
 * lower-cased, every run of characters other than a–z and 0–9 collapsed to one hyphen, hyphens
 * trimmed from both ends. A name that sanitises to nothing falls through to the next candidate.
 */
import { slugify } from '@jsonable/contracts/filenames';
import { extensionOf, FORMAT_CONTENT_TYPES, IMAGE_FORMATS } from '@jsonable/contracts/formats';

export function sanitizeFilename(raw: string): string {
  return slugify(raw);
}

export function downloadBaseName(customFilename: string | null | undefined, title: string | null | undefined): string {
  for (const candidate of [customFilename, title]) {
    if (typeof candidate !== 'string') continue;
    const name = sanitizeFilename(candidate);
    if (name) return name;
  }
  return 'table';
}

const extensions: Record<string, string> = Object.fromEntries(
  IMAGE_FORMATS.map((f) => [FORMAT_CONTENT_TYPES[f], extensionOf(f)]),
);

/** Extension for a blob's content type; png when the server did not say. */
export function extensionFor(contentType: string | null | undefined): string {
  const bare = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return extensions[bare] ?? 'png';
}

export function downloadFilename(
  customFilename: string | null | undefined,
  title: string | null | undefined,
  contentType: string | null | undefined,
): string {
  return `${downloadBaseName(customFilename, title)}.${extensionFor(contentType)}`;
}
