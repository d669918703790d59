/**
 * One payload cell → one model cell: display text, kind, alignment, explicit style, spans, link,
 * tooltip and image. Any JSON value is a cell; rich `{ value, display, … }` and typed
 * `{ type, value, format }` cells are recognised by their keys.
 */
import {
  cellFormatSchema,
  cellStyleSchema,
  CELL_TYPES,
  type CellFormat,
  type CellStyle,
  type ResolvedStyles,
} from '@jsonable/contracts/table';
import { sparklineCellSchema, SPARKLINE_KINDS, type SparklineKind } from '@jsonable/contracts/table-features';
import { issueMessage } from '@jsonable/contracts/issues';
import { badRequest } from '../errors';
import { checkCellText } from '../limits';
import { newCell, type Align, type CellKind, type ModelCell } from '../model';
import {
  DATE_STYLES,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercentage,
  safeLocale,
  toDate,
  toNumber,
  unknownDateToken,
} from './format';

export interface CellContext {
  locale: string;
  display: ResolvedStyles['complexDataDisplay'];
  /** Where the cell is, for error messages. */
  where: string;
}

const RICH_KEYS = new Set([
  'value',
  'display',
  'style',
  'link',
  'tooltip',
  'colspan',
  'rowspan',
  'type',
  'format',
  'alt',
]);

/** A sparkline's colour when the cell names none. */
export const SPARKLINE_COLOUR = '#2563eb';

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function isRich(v: Record<string, unknown>): boolean {
  if (!own(v, 'value')) return false;
  return Object.keys(v).every((k) => RICH_KEYS.has(k));
}

function isTyped(v: Record<string, unknown>): boolean {
  return (
    own(v, 'type') &&
    typeof v.type === 'string' &&
    (CELL_TYPES as readonly string[]).includes(v.type) &&
    (own(v, 'value') || own(v, 'display'))
  );
}

/**
 * A plain JSON number as text: as written, except the binary floating-point noise of a computed
 * value (0.1 + 0.2 → 0.30000000000000004 shows as 0.3). 15 significant digits is what a double
 * always holds exactly; integers are shown in full.
 */
function plainNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(15)));
}

const NUMERIC_TEXT = /^[-+(]?\s*[$€£¥₹]?\s*[-+]?\d[\d,\s]*(?:\.\d+)?\s*%?\)?$/;

/** Complex values as text (SPEC complexDataDisplay): inline, list or table, up to maxDepth. */
export function complexText(value: unknown, ctx: CellContext, depth: number): string {
  const d = ctx.display;
  if (value === null) return d.nullDisplay;
  if (value === undefined) return d.undefinedDisplay;
  if (typeof value === 'boolean') return value ? d.booleanDisplay.true : d.booleanDisplay.false;
  if (typeof value === 'number') return Number.isFinite(value) ? plainNumber(value) : d.nullDisplay;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (depth >= d.maxDepth) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
    const items = value.map((v) => complexText(v, ctx, depth + 1));
    if (d.arrayDisplay === 'list') return items.map((s) => `• ${s.replace(/\n/g, '\n  ')}`).join('\n');
    if (d.arrayDisplay === 'table') return items.join('\n');
    return items.join(', ');
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (isRich(o) || isTyped(o)) return resolveCell(o, ctx).text;
    const keys = Object.keys(o);
    if (keys.length === 0) return '{}';
    if (depth >= d.maxDepth) return `{${keys.length} field${keys.length === 1 ? '' : 's'}}`;
    const parts = keys.map((k) => `${k}: ${complexText(o[k], ctx, depth + 1)}`);
    return d.objectDisplay === 'table' ? parts.join('\n') : parts.join(', ');
  }
  return String(value);
}

const WEIGHTS: Record<string, ModelCell['weight']> = { normal: 400, lighter: 400, bold: 700, bolder: 700 };

function applyStyle(cell: ModelCell, style: CellStyle | undefined) {
  if (!style) return;
  if (style.backgroundColor) cell.background = style.backgroundColor;
  const color = style.textColor ?? style.color;
  if (color) cell.color = color;
  if (style.fontWeight !== undefined) {
    cell.weight =
      typeof style.fontWeight === 'number'
        ? style.fontWeight >= 650
          ? 700
          : style.fontWeight >= 550
            ? 600
            : style.fontWeight >= 450
              ? 500
              : 400
        : (WEIGHTS[style.fontWeight] ?? 400);
  }
  if (style.fontStyle) cell.italic = style.fontStyle === 'italic';
  if (style.textAlign) {
    cell.align = style.textAlign;
    cell.alignSet = true;
  }
  if (style.fontSize) cell.fontSize = style.fontSize;
  if (style.colspan) cell.colspan = style.colspan;
  if (style.rowspan) cell.rowspan = style.rowspan;
}

function parseStyle(raw: unknown, ctx: CellContext): CellStyle | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = cellStyleSchema.safeParse(raw);
  if (!r.success) {
    throw badRequest(issueMessage(r.error.issues, { at: `cell style at ${ctx.where}` }));
  }
  return r.data;
}

function parseFormat(raw: unknown, ctx: CellContext): CellFormat | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = cellFormatSchema.safeParse(raw);
  if (!r.success) throw badRequest(`Invalid cell format at ${ctx.where}`);
  return r.data;
}

/** Only links a reader can follow safely end up in SVG/PDF. */
export function safeLink(link: unknown): string | undefined {
  if (typeof link !== 'string' || link.length > 2048) return undefined;
  try {
    const u = new URL(link);
    return u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'mailto:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

function base(
  text: string,
  kind: CellKind,
  align: Align,
  sortValue: ModelCell['sortValue'],
  formatValue?: ModelCell['formatValue'],
): ModelCell {
  return newCell(text, kind, align, 400, sortValue, formatValue);
}

function primitiveCell(value: unknown, ctx: CellContext): ModelCell {
  const d = ctx.display;
  if (value === null) return base(d.nullDisplay, 'null', 'center', null);
  if (value === undefined) return base(d.undefinedDisplay, 'null', 'center', null);
  if (typeof value === 'boolean') {
    return base(value ? d.booleanDisplay.true : d.booleanDisplay.false, 'boolean', 'center', value ? 1 : 0);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return base(d.nullDisplay, 'null', 'center', null);
    return base(plainNumber(value), 'number', 'right', value);
  }
  if (typeof value === 'string') {
    if (NUMERIC_TEXT.test(value.trim()) && value.length <= 40) {
      return base(value, 'number', 'right', toNumber(value));
    }
    return base(value, 'text', 'left', value);
  }
  return base(complexText(value, ctx, 0), 'complex', 'left', null);
}

function typedCell(o: Record<string, unknown>, ctx: CellContext): ModelCell {
  const type = o.type as (typeof CELL_TYPES)[number];
  const format = parseFormat(o.format, ctx);
  const value = o.value;
  // A locale Intl does not know falls back to en-US, as the table's does (it threw a RangeError).
  const cellLocale = typeof format === 'object' && format.locale ? safeLocale(format.locale) : undefined;
  const locale = cellLocale ?? ctx.locale;
  const n = toNumber(value);
  let cell: ModelCell;
  switch (type) {
    case 'number':
    case 'currency': {
      const f = type === 'number' ? formatNumber : formatCurrency;
      cell =
        n === null
          ? primitiveCell(value, ctx)
          : base(f(n, locale, format), 'number', 'right', n, (x) => f(x, locale, format));
      break;
    }
    case 'percentage':
      // Aggregates work in percent units (sortValue), so their formatter receives percents.
      cell =
        n === null
          ? primitiveCell(value, ctx)
          : base(formatPercentage(n, locale, format), 'number', 'right', Math.abs(n) <= 1 ? n * 100 : n, (x) =>
              formatPercentage(x / 100, locale, format),
            );
      break;
    case 'date':
    case 'datetime': {
      if (typeof format === 'string' && !DATE_STYLES.has(format)) {
        const unknown = unknownDateToken(format);
        if (unknown)
          throw badRequest(
            `Unknown date format token "${unknown}" in "${format}" at ${ctx.where}: use yyyy, yy, MMMM, MMM, MM, M, dd, d, EEEE, EEE, HH, H, hh, h, mm, ss, a (or YYYY, DD, D, dddd, ddd, A), and put other letters in single quotes`,
          );
      }
      const date = toDate(value);
      cell = date
        ? base(formatDate(date, locale, format, type === 'datetime'), 'date', 'left', date.getTime())
        : primitiveCell(value, ctx);
      break;
    }
    case 'boolean': {
      const truthy = value === true || value === 'true' || value === 1 || value === 'yes';
      const t =
        typeof format === 'object' && format.trueText !== undefined ? format.trueText : ctx.display.booleanDisplay.true;
      const f =
        typeof format === 'object' && format.falseText !== undefined
          ? format.falseText
          : ctx.display.booleanDisplay.false;
      cell =
        value === null || value === undefined
          ? primitiveCell(value, ctx)
          : base(truthy ? t : f, 'boolean', 'center', truthy ? 1 : 0);
      break;
    }
    case 'link': {
      const href = safeLink(o.link ?? value);
      cell = base(typeof value === 'string' ? value : complexText(value, ctx, 0), 'link', 'left', String(value));
      if (href) cell.link = href;
      break;
    }
    case 'image': {
      const src = typeof value === 'string' ? value : '';
      const w = typeof format === 'object' && format.width ? format.width : undefined;
      const h = typeof format === 'object' && format.height ? format.height : undefined;
      const alt = typeof o.alt === 'string' ? o.alt : '';
      cell = base(alt, 'image', 'center', alt);
      if (src) cell.image = { src, width: w ?? (h ? h : 40), height: h ?? (w ? w : 40), alt };
      break;
    }
    case 'sparkline': {
      // The common shape checked by hand (a table of sparklines parsed each through zod spent
      // more time there than drawing them); anything else goes through the schema and its message.
      const v = o.value;
      if (
        Array.isArray(v) &&
        v.length >= 1 &&
        v.length <= 1000 &&
        o.color === undefined &&
        (o.kind === undefined || (SPARKLINE_KINDS as readonly unknown[]).includes(o.kind)) &&
        v.every((x) => x === null || (typeof x === 'number' && Number.isFinite(x)))
      ) {
        cell = base('', 'sparkline', 'center', null);
        cell.graphics = {
          sparkline: {
            values: v as (number | null)[],
            kind: (o.kind as SparklineKind | undefined) ?? 'line',
            color: SPARKLINE_COLOUR,
          },
        };
        break;
      }
      const r = sparklineCellSchema.safeParse(o);
      if (!r.success) {
        throw badRequest(issueMessage(r.error.issues, { at: `sparkline at ${ctx.where}` }));
      }
      cell = base('', 'sparkline', 'center', null);
      cell.graphics = {
        sparkline: { values: r.data.value, kind: r.data.kind ?? 'line', color: r.data.color ?? SPARKLINE_COLOUR },
      };
      break;
    }
    case 'text':
    default:
      cell = base(
        typeof value === 'string' ? value : complexText(value, ctx, 0),
        'text',
        'left',
        typeof value === 'string' ? value : null,
      );
  }
  if (cellLocale) cell.locale = cellLocale;
  return cell;
}

/** Line breaks normalised, tabs as spaces, other control characters removed (they draw as boxes). */
export function cleanText(text: string): string {
  if (!/[\u0000-\u001F\u007F]/.test(text)) return text;
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '');
}

/** Resolves one payload cell. Throws a ValidationError (400) for malformed styles or formats. */
export function resolveCell(value: unknown, ctx: CellContext): ModelCell {
  let cell: ModelCell;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (isTyped(o)) cell = typedCell(o, ctx);
    else if (isRich(o)) {
      cell = primitiveCell(o.value, ctx);
      if (o.value !== null && typeof o.value === 'object')
        cell = base(complexText(o.value, ctx, 0), 'complex', 'left', null);
    } else cell = primitiveCell(value, ctx);
    if (isTyped(o) || isRich(o)) {
      if (o.display !== undefined && o.display !== null) cell.text = String(o.display);
      const link = safeLink(o.link);
      if (link) {
        cell.link = link;
        if (cell.kind === 'text') cell.kind = 'link';
      }
      if (typeof o.tooltip === 'string') cell.tooltip = o.tooltip.slice(0, 1000);
      const span = parseStyle({ colspan: o.colspan, rowspan: o.rowspan }, ctx);
      applyStyle(cell, span);
      applyStyle(cell, parseStyle(o.style, ctx));
    }
  } else cell = primitiveCell(value, ctx);
  checkCellText(cell.text);
  cell.text = cleanText(cell.text);
  cell.raw =
    value !== null && typeof value === 'object' && !Array.isArray(value) && own(value, 'value')
      ? (value as { value: unknown }).value
      : value;
  return cell;
}
