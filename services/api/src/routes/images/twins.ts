/**
 * The machine-readable and accessible twins of an image (issue #25): `{imageUrl}.csv` and
 * `{imageUrl}.html`, made from the data drawn (kept beside the image, as long as the image).
 *
 * CSV follows RFC 4180 (CRLF, fields with `"` `,` CR or LF quoted, quotes doubled), UTF-8, with a
 * byte-order mark on `?bom=1` (what Excel needs to read UTF-8). A cell that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a CR) gets a leading apostrophe (OWASP CSV
 * injection), except plain numbers such as -12.5 or +3%.
 * HTML is a small document with one `<table>`: `<caption>` (the title, or the alt text), column
 * headers `<th scope="col">`, and each row's first cell as its `<th scope="row">`.
 */
import type { Readable } from 'node:stream';
import type { DrawnTable } from '@jsonable/contracts/alt-text';
import { NotFoundError } from '@jsonable/domain/errors';
import { twinKeyOf } from '@jsonable/domain/images/filenames';
import type { AppDeps } from '../../deps';
import type { Ctx } from '../render/shared';
import { matchesEtag, SVG_CSP } from './serve';

export type TwinKind = 'csv' | 'html';
export const TWIN_SUFFIX = /\.(csv|html)$/;
export const twinMessages = {
  missing: 'This image has no data twin (it was rendered before CSV and HTML twins existed)',
  unreadable: 'The data twin of this image is not available',
} as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?%?$/;

/** A spreadsheet will not run it as a formula. */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

function csvField(cell: string): string {
  const safe = neutralizeFormula(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvOf(table: DrawnTable, bom = false): string {
  const lines = [table.columns, ...table.rows.map((r) => r.cells)].map((cells) => cells.map(csvField).join(','));
  return `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function htmlOf(table: DrawnTable, altText: string | null): string {
  const caption = table.title ?? altText ?? 'Table';
  const head = table.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = table.rows
    .map((row) => {
      const cells = row.cells
        .map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`))
        .join('');
      return `<tr${row.kind === 'body' ? '' : ` class="${row.kind}"`}>${cells}</tr>`;
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(caption)}</title>`,
    '<style>table{border-collapse:collapse;font:14px system-ui,sans-serif}caption{font-weight:600;text-align:start;padding:4px 0}th,td{border:1px solid #cbd5e1;padding:4px 8px;text-align:start}thead th{background:#f1f5f9}tr.group th,tr.group td,tr.summary th,tr.summary td{font-weight:600}</style>',
    '</head><body>',
    `<table><caption>${escapeHtml(caption)}</caption>`,
    `<thead><tr>${head}</tr></thead>`,
    `<tbody>\n${body}\n</tbody></table>`,
    '</body></html>',
    '',
  ].join('\n');
}

async function readText(stream: NodeJS.ReadableStream | Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A stored twin as written by the render (anything else is not served). */
function asDrawnTable(value: unknown): DrawnTable | null {
  if (!value || typeof value !== 'object') return null;
  const t = value as Partial<DrawnTable>;
  const titleOk = t.title === null || typeof t.title === 'string';
  const rowsOk =
    Array.isArray(t.rows) &&
    t.rows.every((r: unknown) => !!r && typeof r === 'object' && isStrings((r as { cells?: unknown }).cells));
  return titleOk && isStrings(t.columns) && rowsOk ? (value as DrawnTable) : null;
}

/** The data drawn in the image stored at `imageKey`: 'missing' when it has none, 'unreadable' when not a twin. */
export async function drawnOf(deps: AppDeps, imageKey: string): Promise<DrawnTable | 'missing' | 'unreadable'> {
  const found = await deps.blobs.get(twinKeyOf(imageKey));
  if (!found) return 'missing';
  const text = await readText(found.stream as Readable);
  try {
    return asDrawnTable(JSON.parse(text)) ?? 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Sends the CSV or HTML twin of the image at `imageKey` (`filename` names the image). */
export async function sendTwin(
  deps: AppDeps,
  ctx: Ctx,
  input: {
    imageKey: string;
    filename: string;
    kind: TwinKind;
    altText: string | null;
    cacheControl: string;
    /**
     * What the image's record says (rendersTwins); null when the read side has not seen it yet
     * (just rendered: the file decides). False answers 404 before any file or ETag is looked at.
     */
    hasTwins: boolean | null;
  },
): Promise<void> {
  if (input.hasTwins === false) throw new NotFoundError(twinMessages.missing);
  const bom = input.kind === 'csv' && ['1', 'true', 'yes'].includes(String(ctx.query.bom ?? '').toLowerCase());
  const etag = `"${input.filename}.${input.kind}${bom ? '-bom' : ''}"`;
  const cacheable = () => {
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', input.cacheControl);
    ctx.set('X-Content-Type-Options', 'nosniff');
  };
  // Revalidation of a twin the record vouches for never opens the file.
  if (input.hasTwins && matchesEtag(ctx, etag)) {
    cacheable();
    ctx.status = 304;
    return;
  }
  const table = await drawnOf(deps, input.imageKey);
  if (table === 'missing') throw new NotFoundError(input.hasTwins ? twinMessages.unreadable : twinMessages.missing);
  if (table === 'unreadable') {
    deps.logger.warn('data twin unreadable', { imageKey: input.imageKey });
    throw new NotFoundError(twinMessages.unreadable);
  }
  if (matchesEtag(ctx, etag)) {
    cacheable();
    ctx.status = 304;
    return;
  }
  cacheable();
  const base = input.filename.replace(/\.[a-z]+$/, '');
  if (input.kind === 'csv') {
    ctx.type = 'text/csv; charset=utf-8; header=present';
    ctx.set('Content-Disposition', `inline; filename="${base}.csv"`);
    ctx.body = csvOf(table, bom);
  } else {
    ctx.type = 'text/html; charset=utf-8';
    // A document on our origin: no scripts, no loads.
    ctx.set('Content-Security-Policy', SVG_CSP);
    ctx.body = htmlOf(table, input.altText);
  }
}
