/**
 * The benchmark's reference table (20 rows × 4 columns, 800 px wide, default styles) as a
 * payload for the engine, and the same table as HTML with the same styles for Chromium.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const HEADERS = ['Name', 'Email', 'Department', 'Salary'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'John'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Backus'];
const DEPARTMENTS = ['Engineering', 'Research', 'Operations', 'Design', 'Finance'];

export function referenceRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i * 3) % LAST.length] as string;
    return [
      `${first} ${last}`,
      `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`,
      DEPARTMENTS[i % DEPARTMENTS.length] as string,
      String(48_000 + ((i * 7919) % 90_000)),
    ];
  });
}

/** Salaries go in as numbers, so both renderers right-align them. */
export function referencePayload(rows = 20): {
  headers: string[];
  rows: (string | number)[][];
  options: { width: number };
} {
  return {
    headers: HEADERS,
    rows: referenceRows(rows).map((r) => [r[0]!, r[1]!, r[2]!, Number(r[3])]),
    options: { width: 800 },
  };
}

function interDataUrl(weight: '400Regular' | '600SemiBold'): string {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@expo-google-fonts/inter/package.json'));
  const file = join(dir, weight, `Inter_${weight}.ttf`);
  return `data:font/ttf;base64,${readFileSync(file).toString('base64')}`;
}

/** The page around the table: the same Inter files the engine bundles, SPEC §9 default styles. */
export function referencePageHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: Inter; font-weight: 400; src: url(${interDataUrl('400Regular')}) format('truetype'); }
@font-face { font-family: Inter; font-weight: 600; src: url(${interDataUrl('600SemiBold')}) format('truetype'); }
html, body { margin: 0; background: #ffffff; }
table { width: 800px; border-collapse: collapse; font-family: Inter, sans-serif; font-size: 14px; color: #1e293b; }
th { background: #2563eb; color: #ffffff; font-weight: 600; text-align: left; }
th, td { padding: 12px; border: 1px solid #e2e8f0; }
td.n { text-align: right; }
tbody tr:nth-child(odd) td { background: #ffffff; }
tbody tr:nth-child(even) td { background: #f8fafc; }
</style></head><body><div id="root"></div></body></html>`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function referenceTableHtml(rows = 20): string {
  const head = `<thead><tr>${HEADERS.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>`;
  const body = referenceRows(rows)
    .map((r) => `<tr>${r.map((c, i) => `<td${i === 3 ? ' class="n"' : ''}>${escape(c)}</td>`).join('')}</tr>`)
    .join('');
  return `<table>${head}<tbody>${body}</tbody></table>`;
}
