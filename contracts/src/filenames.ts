/**
 * File names from user text (SPEC §5): lowercased, every run of characters other than a–z and 0–9
 * collapsed to one hyphen, hyphens trimmed from both ends. Accented letters keep their base letter
 * ("Résumé" → "resume") instead of being dropped. Shared by the server's image names and the web
 * app's download names, so both name a table the same way.
 */

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const LATIN_LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

export function slugify(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßđðłþı]/g, (c) => LATIN_LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
