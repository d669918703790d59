/**
 * Issue #24 in the model: the `columns` display map (order, hidden, label), spanner header bands,
 * footnote marks and notes, and conditional formats (rules, colour scales, data bars, icon sets).
 * Everything a painter needs is resolved here into cells (colours, text, graphics), so layout and
 * the three painters only place and draw it.
 */
import {
  formatColumns,
  numberRuleHolds,
  type ColumnDisplay,
  type ConditionalFormat,
  type Footnote,
  type RuleWhen,
  type SpannerInput,
} from '@jsonable/contracts/table-features';
import { mix } from '../layout/layout';
import { badRequest } from '../errors';
import { newCell, type CellGraphics, type IconName, type ModelCell, type ModelColumn, type ModelRow } from '../model';

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const quoted = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);

// ---------------------------------------------------------------------------------------------
// columns: order, hidden, label
// ---------------------------------------------------------------------------------------------

export interface ColumnView {
  /** Source column indices in display order, hidden ones left out. */
  view: number[];
  /** Display label per source column. */
  labels: string[];
}

export function columnView(columns: string[], display: Record<string, ColumnDisplay> | undefined): ColumnView {
  const labels = [...columns];
  if (!display) return { view: columns.map((_, i) => i), labels };
  for (const name of Object.keys(display)) {
    if (!columns.includes(name)) throw badRequest(`Invalid columns.${name}: no column named ${quoted(name)}`);
  }
  const at = (i: number) => (own(display, columns[i]!) ? display[columns[i]!] : undefined);
  columns.forEach((_, i) => {
    const label = at(i)?.label;
    if (label !== undefined) labels[i] = label;
  });
  const visible = columns.map((_, i) => i).filter((i) => !at(i)?.hidden);
  if (visible.length === 0) throw badRequest('Invalid columns: every column is hidden');
  const ordered = visible
    .filter((i) => at(i)?.order !== undefined)
    .sort((a, b) => at(a)!.order! - at(b)!.order! || a - b);
  const rest = visible.filter((i) => at(i)?.order === undefined);
  return { view: [...ordered, ...rest], labels };
}

// ---------------------------------------------------------------------------------------------
// Spanners
// ---------------------------------------------------------------------------------------------

interface SpannerNode {
  label: string;
  path: string;
  /** Visible column positions (in the table's display order, without the row-number column). */
  cols: number[];
  height: number;
}

/**
 * Flattens the spanner tree: a spanner covers its own columns and every column of the spanners
 * inside it. Unknown columns are refused; hidden ones are left out (a spanner left with none is
 * not drawn).
 */
function flatten(
  spanners: SpannerInput[],
  sourceColumns: string[],
  position: Map<string, number>,
  path: string,
  out: SpannerNode[],
): { cols: Set<number>; height: number }[] {
  return spanners.map((sp, i) => {
    const here = `${path}.${i}`;
    const cols = new Set<number>();
    (sp.columns ?? []).forEach((name, k) => {
      if (!sourceColumns.includes(name))
        throw badRequest(`Invalid ${here}.columns.${k}: no column named ${quoted(name)} (spanner ${quoted(sp.label)})`);
      const p = position.get(name);
      if (p !== undefined) cols.add(p);
    });
    const children = flatten(sp.spanners ?? [], sourceColumns, position, `${here}.spanners`, out);
    for (const child of children) for (const c of child.cols) cols.add(c);
    const height = 1 + Math.max(0, ...children.filter((c) => c.cols.size > 0).map((c) => c.height));
    if (cols.size > 0) out.push({ label: sp.label, path: here, cols: [...cols].sort((a, b) => a - b), height });
    return { cols, height };
  });
}

/**
 * Header bands for the spanners above the column headers. A spanner sits one band above its
 * tallest child; leaf spanners sit directly above the column headers; a column header with no
 * spanner above it reaches up through the empty bands (rowspan), as in great_tables.
 */
export function spannerBands(
  spanners: SpannerInput[] | null | undefined,
  sourceColumns: string[],
  visibleKeys: string[],
  header: ModelRow | null,
  offset: number,
): ModelRow[] {
  if (!spanners || spanners.length === 0) return header ? [header] : [];
  const position = new Map(visibleKeys.map((k, i) => [k, i]));
  const nodes: SpannerNode[] = [];
  flatten(spanners, sourceColumns, position, 'spanners', nodes);
  if (nodes.length === 0) return header ? [header] : [];
  for (const node of nodes) {
    node.cols.forEach((c, k) => {
      if (k > 0 && c !== node.cols[k - 1]! + 1) {
        throw badRequest(
          `Invalid ${node.path}: the columns of spanner ${quoted(node.label)} must be adjacent after column ordering (${quoted(visibleKeys[node.cols[k - 1]!]!)} and ${quoted(visibleKeys[c]!)} are not)`,
        );
      }
    });
  }
  const depth = Math.max(...nodes.map((n) => n.height));
  const width = visibleKeys.length + offset;
  const bands: (ModelCell | null | undefined)[][] = Array.from({ length: depth }, () =>
    new Array<ModelCell | null | undefined>(width).fill(undefined),
  );
  const owner: (SpannerNode | undefined)[][] = Array.from({ length: depth }, () =>
    new Array<SpannerNode | undefined>(width).fill(undefined),
  );
  // Lowest band with a spanner, per column (-1: none).
  const lowest = new Array<number>(width).fill(-1);
  for (const node of nodes) {
    const band = depth - node.height;
    const first = node.cols[0]! + offset;
    for (const c of node.cols) {
      const other = owner[band]![c + offset];
      if (other)
        throw badRequest(
          `Invalid ${node.path}: spanner ${quoted(node.label)} and spanner ${quoted(other.label)} both cover column ${quoted(visibleKeys[c]!)} on the same level`,
        );
      owner[band]![c + offset] = node;
      bands[band]![c + offset] = null;
      lowest[c + offset] = Math.max(lowest[c + offset]!, band);
    }
    const cell = newCell(node.label, 'text', 'center', 600);
    cell.colspan = node.cols.length;
    cell.alignSet = true;
    bands[band]![first] = cell;
  }
  const rows: ModelRow[] = bands.map((line) => ({
    kind: 'header',
    bodyIndex: 0,
    cells: line.map((c) => (c === undefined ? newCell('', 'text', 'center', 600) : c)),
  }));
  if (!header) return rows;
  // A header cell climbs through the empty bands below its lowest spanner.
  const headerCells: (ModelCell | null)[] = [...header.cells];
  headerCells.forEach((cell, c) => {
    if (!cell) return;
    const top = lowest[c]! + 1;
    if (top >= depth) return;
    cell.rowspan = depth - top + 1;
    rows[top]!.cells[c] = cell;
    for (let r = top + 1; r < depth; r++) rows[r]!.cells[c] = null;
    headerCells[c] = null;
  });
  return [...rows, { ...header, cells: headerCells }];
}

// ---------------------------------------------------------------------------------------------
// Footnotes and source notes
// ---------------------------------------------------------------------------------------------

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
export const superscript = (n: number) => [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join('');

export interface FootnoteTargets {
  sourceColumns: string[];
  /** Model column index of a source column, or undefined when hidden. */
  columnAt: (name: string) => number | undefined;
  header: ModelRow | null;
  /** Body rows by their 1-based source row number (rows filtered or paged out are absent). */
  bodyRow: (n: number) => ModelRow | undefined;
  sourceRowCount: number;
}

/**
 * Marks the cells footnotes point at (superscript numbers, in the order of the footnotes that
 * point somewhere) and returns the lines listed under the table: footnotes, then source notes.
 */
export function applyFootnotes(
  footnotes: Footnote[] | undefined,
  sourceNotes: string[] | undefined,
  t: FootnoteTargets,
): string[] {
  const notes: string[] = [];
  let mark = 0;
  (footnotes ?? []).forEach((fn, i) => {
    if (fn.column !== undefined && !t.sourceColumns.includes(fn.column))
      throw badRequest(`Invalid footnotes.${i}.column: no column named ${quoted(fn.column)}`);
    if (fn.row !== undefined && fn.row > t.sourceRowCount)
      throw badRequest(
        `Invalid footnotes.${i}.row: the table has ${t.sourceRowCount} data row${t.sourceRowCount === 1 ? '' : 's'}`,
      );
    if (fn.column === undefined && fn.row === undefined) {
      notes.push(fn.text);
      return;
    }
    const sup = superscript(++mark);
    notes.push(`${sup} ${fn.text}`);
    const c = fn.column !== undefined ? t.columnAt(fn.column) : undefined;
    let cell: ModelCell | null | undefined;
    if (fn.row === undefined) cell = c === undefined ? undefined : t.header?.cells[c];
    else {
      const row = t.bodyRow(fn.row);
      cell = row?.cells[c ?? row.cells.findIndex((x) => x !== null)];
    }
    if (cell && cell.kind !== 'image') cell.text = `${cell.text}${sup}`;
  });
  for (const note of sourceNotes ?? []) if (note.trim() !== '') notes.push(note);
  return notes;
}

// ---------------------------------------------------------------------------------------------
// Conditional formats
// ---------------------------------------------------------------------------------------------

/** The number a cell holds as the user sent it (a percentage 0.25 stays 0.25), or null. */
export function cellNumber(cell: ModelCell): number | null {
  if (typeof cell.raw === 'number') return Number.isFinite(cell.raw) ? cell.raw : null;
  if (cell.kind === 'number' && typeof cell.sortValue === 'number' && Number.isFinite(cell.sortValue))
    return cell.sortValue;
  return null;
}

const isEmpty = (cell: ModelCell) =>
  cell.kind === 'null' || (cell.kind !== 'sparkline' && cell.kind !== 'image' && cell.text.trim() === '');

function cellString(cell: ModelCell): string {
  return typeof cell.raw === 'string' ? cell.raw : cell.text;
}

export function ruleMatches(cell: ModelCell, when: RuleWhen): boolean {
  const n = cellNumber(cell);
  const compared = numberRuleHolds(n, when);
  if (compared !== undefined) return compared;
  const v = when.value;
  switch (when.op) {
    case '==':
    case '!=': {
      let equal: boolean;
      if (v === null) equal = cell.kind === 'null';
      else if (typeof v === 'number') equal = n !== null && n === v;
      else if (typeof v === 'boolean')
        equal = cell.raw === v || (cell.kind === 'boolean' && cell.sortValue === (v ? 1 : 0));
      else equal = cellString(cell).trim() === String(v).trim() || cell.text.trim() === String(v).trim();
      return when.op === '==' ? equal : !equal;
    }
    case 'contains':
      return `${cellString(cell)}\n${cell.text}`.toLowerCase().includes(String(v).toLowerCase());
    case 'empty':
      return isEmpty(cell);
  }
  // The comparisons of numbers were numberRuleHolds's.
  return false;
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const ch = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

export const DARK_TEXT = '#111827';
export const LIGHT_TEXT = '#ffffff';

/** Pure black: on mid-luminance backgrounds the only text colour that still reaches 4.5:1. */
const BLACK_TEXT = '#000000';

/**
 * The text colour with at least 4.5:1 contrast (WCAG AA) on a background: near-black or white,
 * whichever contrasts more; on the band of mid-luminance backgrounds where neither reaches 4.5:1
 * (relative luminance about 0.18–0.20 against #111827), pure black, which does (≥ 4.6:1 there).
 */
export function contrastText(background: string): string {
  const l = luminance(background.slice(0, 7));
  const onDark = 1.05 / (l + 0.05);
  const onLight = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  if (Math.max(onDark, onLight) < 4.5) return BLACK_TEXT;
  return onLight >= onDark ? DARK_TEXT : LIGHT_TEXT;
}

/** A colour scale's colour at t (0..1): 2 stops, or 3 with the middle one at the domain's midpoint. */
export function scaleColour(colors: string[], t: number): string {
  const c = colors.map((x) => x.slice(0, 7));
  const u = Math.min(1, Math.max(0, t));
  if (c.length === 2) return mix(c[1]!, c[0]!, u);
  return u <= 0.5 ? mix(c[1]!, c[0]!, u * 2) : mix(c[2]!, c[1]!, (u - 0.5) * 2);
}

const ICONS: Record<string, [IconName, IconName, IconName]> = {
  arrows: ['arrowDown', 'arrowRight', 'arrowUp'],
  traffic: ['trafficRed', 'trafficAmber', 'trafficGreen'],
  checks: ['cross', 'exclamation', 'check'],
};

export const DATA_BAR_COLOUR = '#638ec6';
export const DATA_BAR_NEGATIVE = '#e06666';

const graphics = (cell: ModelCell): CellGraphics => (cell.graphics ??= {});

/**
 * Applies the formats in order to the body rows. Later formats win over earlier ones and over
 * the cells' own styles (a rule that matches is the point of the rule).
 */
export function applyConditionalFormats(
  formats: ConditionalFormat[] | null | undefined,
  sourceColumns: string[],
  columnAt: (name: string) => number | undefined,
  rows: ModelRow[],
): void {
  if (!formats || formats.length === 0) return;
  const body = rows.filter((r) => r.kind === 'body');
  formats.forEach((f, i) => {
    const names = formatColumns(f);
    names.forEach((name, k) => {
      if (!sourceColumns.includes(name)) {
        const field = f.column !== undefined && k === 0 ? 'column' : `columns.${f.column !== undefined ? k - 1 : k}`;
        throw badRequest(`Invalid conditionalFormats.${i}.${field}: no column named ${quoted(name)}`);
      }
    });
    const cols = names.map(columnAt).filter((c): c is number => c !== undefined);
    const cells: ModelCell[] = [];
    for (const row of body)
      for (const c of cols) {
        const cell = row.cells[c];
        if (cell && cell.colspan === 1) cells.push(cell);
      }
    if (f.type === 'rule') {
      for (const cell of cells) {
        if (!ruleMatches(cell, f.when)) continue;
        const st = f.style;
        if (st.backgroundColor) cell.background = st.backgroundColor;
        const color = st.color ?? st.textColor;
        if (color) cell.color = color;
        if (st.fontWeight) cell.weight = st.fontWeight === 'bold' ? 700 : 400;
        if (st.fontStyle) cell.italic = st.fontStyle === 'italic';
      }
      return;
    }
    // Numeric formats: every non-empty cell must hold a number.
    const values: { cell: ModelCell; n: number }[] = [];
    body.forEach((row) =>
      cols.forEach((c) => {
        const cell = row.cells[c];
        if (!cell || cell.colspan !== 1 || isEmpty(cell)) return;
        const n = cellNumber(cell);
        if (n === null) {
          throw badRequest(
            `Invalid conditionalFormats.${i}: ${f.type} needs numbers, but column ${quoted(names.find((nm) => columnAt(nm) === c) ?? '')} holds ${quoted(cell.text)} (data row ${body.indexOf(row) + 1})`,
          );
        }
        values.push({ cell, n });
      }),
    );
    if (values.length === 0) return;
    const dataMin = Math.min(...values.map((v) => v.n));
    const dataMax = Math.max(...values.map((v) => v.n));
    if (f.type === 'colorScale') {
      const lo = f.min ?? dataMin;
      const hi = f.max ?? dataMax;
      for (const { cell, n } of values) {
        const bg = scaleColour(f.colors, hi > lo ? (n - lo) / (hi - lo) : 0.5);
        cell.background = bg;
        cell.color = contrastText(bg);
      }
    } else if (f.type === 'dataBar') {
      const lo = f.min ?? Math.min(0, dataMin);
      const hi = f.max ?? Math.max(0, dataMax);
      const span = hi > lo ? hi - lo : 1;
      const at = (x: number) => Math.min(1, Math.max(0, (x - lo) / span));
      const axis = at(0);
      for (const { cell, n } of values) {
        graphics(cell).bar = {
          axis,
          end: at(n),
          color: n < 0 ? (f.negativeColor ?? DATA_BAR_NEGATIVE) : (f.color ?? DATA_BAR_COLOUR),
          showAxis: lo < 0,
        };
        if (f.showValue === false) cell.text = '';
      }
    } else {
      const set = ICONS[f.icons]!;
      const [t1, t2] = f.thresholds;
      for (const { cell, n } of values) {
        graphics(cell).icon = n >= t2 ? set[2] : n >= t1 ? set[1] : set[0];
        if (f.showValue === false) cell.text = '';
      }
    }
  });
}

export type { ModelColumn };
