/**
 * Download file names (SPEC §5): lowercased, every run of non-alphanumerics collapsed to one
 * hyphen, trimmed of hyphens; falls back to the title, then 'table'.
 */
import { slugify } from '@jsonable/contracts/filenames';

export function slugForFile(value: string | null | undefined): string {
  return slugify(value ?? '');
}

export function downloadFilename(
  name: string | null | undefined,
  title: string | null | undefined,
  ext: string,
): string {
  const base = slugForFile(name) || slugForFile(title) || 'table';
  return `${base}.${ext}`;
}
