/**
 * Accessible twins of a rendered table (issue #25): the data as it was drawn, and the alt text
 * generated from it. Shared so every renderer and route (and the SVG <title>/<desc>) words the
 * summary the same way.
 */
import { z } from 'zod';

/** The text of a table as drawn: header labels and each row's cells (span-covered slots are ''). */
export interface DrawnTable {
  title: string | null;
  columns: string[];
  rows: Array<{ kind: 'body' | 'group' | 'summary'; cells: string[] }>;
}

/** Alt text is meant to be read aloud: long enough for a summary, short enough for screen readers. */
export const ALT_TEXT_MAX = 1000;
/** Body rows the generated summary reads out before it only counts the rest. */
const ROWS_READ = 3;
const COLUMNS_NAMED = 12;
const CELL_MAX = 40;

export const altTextSchema = z
  .string()
  .trim()
  .min(1, 'Alt text cannot be empty')
  .max(ALT_TEXT_MAX, `Alt text is at most ${ALT_TEXT_MAX} characters`);
export const updateImageRequestSchema = z.object({ altText: altTextSchema }).strict();

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * "Table: Q3 sales. 20 rows, 4 columns: Region, Orders, Revenue, Growth. Row 1: Region North,
 * Orders 1284, …; Row 2: …; and 17 more rows." — the title, the counts, the column names and the
 * first rows read as column–value pairs, within ALT_TEXT_MAX characters.
 */
export function altTextOf(table: DrawnTable): string {
  const body = table.rows.filter((r) => r.kind === 'body');
  const columns = table.columns.map((c, i) => clip(c, CELL_MAX) || `Column ${i + 1}`);
  const named =
    columns.slice(0, COLUMNS_NAMED).join(', ') +
    (columns.length > COLUMNS_NAMED ? `, and ${columns.length - COLUMNS_NAMED} more` : '');
  const parts = [
    table.title ? `Table: ${clip(table.title, 120)}.` : 'Table.',
    `${plural(body.length, 'row')}, ${plural(columns.length, 'column')}${columns.length > 0 ? `: ${named}` : ''}.`,
  ];
  const read = body.slice(0, ROWS_READ).map((row, r) => {
    const pairs = row.cells
      .map((cell, i) => [columns[i] ?? `Column ${i + 1}`, clip(cell, CELL_MAX)] as const)
      .filter(([, v]) => v !== '');
    return `Row ${r + 1}: ${pairs.map(([k, v]) => `${k} ${v}`).join(', ') || 'empty'}.`;
  });
  let text = parts.join(' ');
  for (const line of read) {
    if (text.length + 1 + line.length > ALT_TEXT_MAX - 30) break;
    text += ` ${line}`;
  }
  const readCount = read.filter((line) => text.includes(line)).length;
  if (body.length > readCount) text += ` And ${plural(body.length - readCount, 'more row')}.`;
  return clip(text, ALT_TEXT_MAX);
}

/**
 * Whether a render stored the data twins (`{imageUrl}.csv`, `.html`): exactly when its event
 * recorded the generated alt text, since both come from the data drawn. Renders recorded before
 * twins existed have neither (an alt text written later by the owner does not make a twin).
 */
export const rendersTwins = (rendered: { altText?: string | undefined }): boolean =>
  typeof rendered.altText === 'string' && rendered.altText.length > 0;

/** The twins of an image or version: their URLs, or null when it has none (rendered before they existed). */
export const twinsSchema = z
  .object({
    /** RFC 4180 CSV of the data drawn (`?bom=1` for Excel). */
    csv: z.string(),
    /** An accessible HTML table of the data drawn. */
    html: z.string(),
  })
  .nullable();
export type Twins = z.infer<typeof twinsSchema>;
