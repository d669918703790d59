/**
 * Numbering of an output that comes in pages: the PDF's footer today, and any other output cut
 * into parts (a table split over several images) later, so all of them word it the same way.
 */

/** "Page 2 of 5" (1-based). */
export function pageLabel(page: number, pages: number): string {
  return `Page ${page} of ${pages}`;
}
