/** A literal string as a regular expression (for MongoDB prefix queries on an indexed field). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
