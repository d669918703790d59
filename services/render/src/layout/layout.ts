/**
 * Table model → geometry: column widths (auto-fit, fixed, or a requested width), wrapped lines,
 * row heights with spans, title block, and resolved colours. Every painter (canvas, SVG, PDF)
 * draws from this one layout, so the formats look alike.
 */
import { familyStack, HAN_FACES, hanFace, resolveFace, type FaceId, type HanFace } from '../fonts';
import type { Align, ModelCell, ModelRow, TableModel } from '../model';
import { fontMetrics, longestToken, measure, naturalWidth, TABULAR, wrap } from './text';
import { cellShapes, graphicsWidth, type Shape } from './graphics';

export interface TextStyle {
  /** Font key for measuring: the CSS font shorthand, prefixed with TABULAR for tabular figures. */
  font: string;
  /** The CSS font shorthand for canvas. */
  css: string;
  /** Digits set with tabular (equal) widths: numbers, currencies, percentages. */
  tabular: boolean;
  family: string;
  /** The face that draws Han characters: the table's locale's, or the cell's own format.locale's. */
  han: HanFace;
  size: number;
  weight: 400 | 500 | 600 | 700;
  italic: boolean;
  lineHeight: number;
  ascent: number;
  descent: number;
}

export interface LaidCell {
  cell: ModelCell;
  row: number;
  col: number;
  x: number;
  y: number;
  w: number;
  h: number;
  lines: string[];
  text: TextStyle;
  color: string;
  background: string | null;
  align: Align;
  /** y of the first line's baseline. */
  baseline: number;
  /** Horizontal offset of the text from its aligned position: lines up decimal separators. */
  shift: number;
  /** Data bar, icon or sparkline (issue #24), in table pixels; drawn after the grid, under the text. */
  shapes: Shape[] | null;
}

/** A block of wrapped text outside the table: the title, the subtitle, a note under the table. */
export interface TextBlock {
  lines: string[];
  text: TextStyle;
  x: number;
  y: number;
  w: number;
  align: Align;
  color: string;
  baseline: number;
}

export interface Layout {
  width: number;
  height: number;
  margin: number;
  tableX: number;
  tableY: number;
  tableW: number;
  tableH: number;
  /** Column edges in visual order (left to right), length columns + 1, relative to tableX. */
  colEdges: number[];
  /** Row edges, length rows + 1, relative to tableY. */
  rowEdges: number[];
  cells: LaidCell[];
  title: TextBlock | null;
  /** Under the title, smaller and muted. */
  subtitle: TextBlock | null;
  /** Under the table: footnotes, then source notes, one block each. */
  notes: TextBlock[];
  face: FaceId;
  /** The face that draws Han characters, from the table's locale. */
  han: HanFace;
  direction: 'ltr' | 'rtl';
  /** Visual column index of logical column c. */
  visual: (c: number) => number;
}

const MAX_TOKEN_WIDTH = 240;
/** Space between a cell's image and the text under it. */
export const IMAGE_TEXT_GAP = 4;

const textStyles = new Map<string, TextStyle>();

/** Shared per (face, size, weight, style): cells hold a reference, tables have few distinct ones. */
function textStyle(
  face: FaceId,
  han: HanFace,
  size: number,
  weight: TextStyle['weight'],
  italic: boolean,
  tabular = false,
): TextStyle {
  const key = `${face}|${han}|${size}|${weight}|${italic ? 1 : 0}|${tabular ? 1 : 0}`;
  let st = textStyles.get(key);
  if (!st) {
    if (textStyles.size >= 1000) textStyles.clear();
    st = makeTextStyle(face, han, size, weight, italic, tabular);
    textStyles.set(key, st);
  }
  return st;
}

function makeTextStyle(
  face: FaceId,
  han: HanFace,
  size: number,
  weight: TextStyle['weight'],
  italic: boolean,
  tabular: boolean,
): TextStyle {
  const family = familyStack(face, { han });
  const css = `${italic ? 'italic ' : ''}${weight} ${size}px ${family}`;
  const font = tabular ? `${TABULAR}${css}` : css;
  const m = fontMetrics(font);
  return {
    font,
    css,
    tabular,
    family,
    han,
    size,
    weight,
    italic,
    lineHeight: lineHeightOf(size),
    ascent: m.ascent,
    descent: m.descent,
  };
}

/** Mixes colour a over b by t (0..1), for tints derived from the theme. */
export function mix(a: string, b: string, t: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const [ar, ag, ab] = p(a.length === 4 ? `#${a[1]}${a[1]}${a[2]}${a[2]}${a[3]}${a[3]}` : a);
  const [br, bg, bb] = p(b.length === 4 ? `#${b[1]}${b[1]}${b[2]}${b[2]}${b[3]}${b[3]}` : b);
  const m = (x: number, y: number) =>
    Math.round(x * t + y * (1 - t))
      .toString(16)
      .padStart(2, '0');
  return `#${m(ar!, br!)}${m(ag!, bg!)}${m(ab!, bb!)}`;
}

function distribute(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map((_, i) => Math.floor(total / weights.length) + (i < total % weights.length ? 1 : 0));
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let rest = total - out.reduce((s, w) => s + w, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    out[i]!++;
    rest--;
  }
  return out;
}

/**
 * A lower bound of the table's height in CSS pixels, computed before layout: every row is at least
 * one line plus its padding. Lets the engine refuse an impossible raster before measuring text.
 */
export function minimumHeight(model: TableModel): number {
  const s = model.styles;
  return model.rows.length * (lineHeightOf(s.fontSize) + 2 * verticalPadding(s.cellPadding));
}

/** A line of text is 1.45 × its font size, in whole pixels. */
function lineHeightOf(size: number): number {
  return Math.round(size * 1.45);
}

/** Notes under the table (footnotes, source notes, a split's "Page i of n") are 2 px under the body size. */
const noteSize = (s: TableModel['styles']): number => Math.max(8, s.fontSize - 2);

/**
 * How much taller one more one-line note makes the table: its line, and when it is the first
 * note, the spacing above and below the notes (stage title below). A split page's "Page i of n".
 */
export function addedNoteHeight(model: TableModel): number {
  const s = model.styles;
  const line = lineHeightOf(noteSize(s));
  return model.notes.length > 0 ? line : line + 2 * Math.round(s.cellPadding * 0.7);
}

/** Cells' padding above and below their text: 0.8 of the horizontal padding. */
export function verticalPadding(pad: number): number {
  return Math.round(pad * 0.8);
}

const separators = new Map<string, string>();
/** The locale's decimal separator ('.', ',', '٫', …). */
function decimalSeparator(locale: string): string {
  let sep = separators.get(locale);
  if (sep === undefined) {
    try {
      sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    } catch {
      sep = '.';
    }
    separators.set(locale, sep);
  }
  return sep;
}

/**
 * Where a number's integer part ends: at its decimal separator when a digit follows it, else after
 * its last digit ('100 %' lines up with '12,5 %' at the separator's place). Null without digits.
 */
export function decimalSplit(text: string, separator: string): number | null {
  for (let i = text.lastIndexOf(separator); i >= 0; i = text.lastIndexOf(separator, i - 1)) {
    if (/\p{Nd}/u.test(text[i + separator.length] ?? '')) return i;
    if (i === 0) break;
  }
  const digits = [...text.matchAll(/\p{Nd}/gu)];
  const last = digits[digits.length - 1];
  return last ? last.index + last[0].length : null;
}

/**
 * Model → layout, in named stages run in order (great_tables' `_build_data` is the model): each
 * takes what the stages before it produced and returns only what it adds.
 *
 *   measure   text style of every cell; the width each column would like (natural) and needs (min)
 *   widths    the columns' widths: fitted to content, to a requested width, or squeezed
 *   wrap      every cell's lines at its width, and the rows' heights (spans included)
 *   title     title and subtitle above the table, notes under it; where the table starts
 *   colours   every cell's background and text colour
 *   positions every cell's box, alignment, decimal shift, baseline and graphics
 */
export function layoutTable(model: TableModel): Layout {
  const b = buildContext(model);
  const measured = measureColumns(b);
  const widths = columnWidths(b, measured);
  const colEdges = columnEdges(b, widths);
  const wrapped = wrapCells(b, measured.styles, widths);
  const tableW = colEdges[b.n]!;
  const tableH = wrapped.rowEdges[wrapped.rowEdges.length - 1]!;
  const blocks = titleAndNotes(b, tableW, tableH);
  resolveColours(b, wrapped.cells);
  positionCells(b, wrapped.cells, measured, colEdges, wrapped.rowEdges, blocks.tableX, blocks.tableY);
  return {
    width: tableW + 2 * blocks.margin,
    height: blocks.tableY + tableH + blocks.notesH + blocks.margin,
    margin: blocks.margin,
    tableX: blocks.tableX,
    tableY: blocks.tableY,
    tableW,
    tableH,
    colEdges,
    rowEdges: wrapped.rowEdges,
    cells: wrapped.cells,
    title: blocks.title,
    subtitle: blocks.subtitle,
    notes: blocks.notes,
    face: b.face,
    han: b.han,
    direction: model.direction,
    visual: b.visual,
  };
}

/** What every stage reads: the model, its styles, and the few values derived from them once. */
interface BuildContext {
  model: TableModel;
  s: TableModel['styles'];
  face: FaceId;
  han: HanFace;
  /** Horizontal cell padding, and the vertical one (0.8 of it). */
  pad: number;
  vpad: number;
  /** Number of columns. */
  n: number;
  rtl: boolean;
  visual: (c: number) => number;
}

function buildContext(model: TableModel): BuildContext {
  const s = model.styles;
  const n = model.columns.length;
  const rtl = model.direction === 'rtl';
  return {
    model,
    s,
    face: resolveFace(s.fontFamily),
    han: hanFace(model.locale),
    pad: s.cellPadding,
    vpad: verticalPadding(s.cellPadding),
    n,
    rtl,
    visual: (c: number) => (rtl ? n - 1 - c : c),
  };
}

/** The widest integer part and the widest fraction (with any suffix) of a decimal-aligned column. */
interface DecimalWidths {
  int: number;
  frac: number;
}

interface Measured {
  /** Text style of each cell, by row and column (null where a span covers the place). */
  styles: (TextStyle | null)[][];
  natural: number[];
  minimum: number[];
  decimals: Map<number, DecimalWidths>;
  /** A number's integer part and fraction, measured; null for text without digits. */
  parts: (cell: ModelCell, st: TextStyle) => DecimalWidths | null;
}

/** Stage measure: text styles per cell, then the width each column would like (natural) and needs (min). */
function measureColumns(b: BuildContext): Measured {
  const { model, s, face, han, pad, n } = b;
  const hanOf = (cell: ModelCell) => (cell.locale ? hanFace(cell.locale) : han);
  // A table has a handful of distinct text styles: look them up by a number, not a string key.
  const styleCache = new Map<number, Map<number, TextStyle>>();
  const bodyFont = (cell: ModelCell, row: ModelRow) => {
    const size = cell.fontSize ?? (row.kind === 'header' ? (s.headerFontSize ?? s.fontSize) : s.fontSize);
    let weight = cell.weight;
    if (row.weight && weight === 400) weight = row.weight;
    let bySize = styleCache.get(size);
    if (!bySize) styleCache.set(size, (bySize = new Map()));
    const tabular = cell.kind === 'number';
    const cellHan = hanOf(cell);
    const key = ((weight * 2 + (cell.italic ? 1 : 0)) * 2 + (tabular ? 1 : 0)) * 4 + HAN_FACES.indexOf(cellHan);
    let st = bySize.get(key);
    if (!st) bySize.set(key, (st = textStyle(face, cellHan, size, weight, cell.italic, tabular)));
    return st;
  };

  const styles = model.rows.map((row) =>
    row.cells.map((cell, c) => {
      if (!cell) return null;
      const col = model.columns[c];
      if (row.kind === 'body' && cell.weight === 400 && col?.weight) cell.weight = col.weight;
      if (row.kind === 'body' && model.freezeFirstColumn && c === 0 && cell.weight === 400) cell.weight = 600;
      return bodyFont(cell, row);
    }),
  );
  const natural = new Array<number>(n).fill(0);
  const minimum = new Array<number>(n).fill(0);
  model.rows.forEach((row, r) =>
    row.cells.forEach((cell, c) => {
      if (!cell || cell.colspan !== 1) return;
      const st = styles[r]![c]!;
      let nat = naturalWidth(st.font, cell.text);
      let min = Math.min(longestToken(st.font, cell.text), MAX_TOKEN_WIDTH);
      if (cell.image) {
        nat = Math.max(nat, cell.image.width);
        min = Math.max(min, cell.image.width);
      }
      if (cell.graphics) {
        const g = graphicsWidth(cell, st.size);
        nat = Math.max(nat + g.beside, g.alone);
        min = Math.max(min + g.beside, g.alone ? Math.min(g.alone, 48) : 0);
      }
      // +2 px of slack: summed advances can miss a contextual alternate by a pixel or two (Inter).
      // Wrapping leaves the same 2 px out, so a column at its minimum still fits its longest word
      // (without them, 'Column 1' in a squeezed header came out as 'Colum' / 'n 1').
      natural[c] = Math.max(natural[c]!, Math.ceil(nat) + 2 + 2 * pad);
      minimum[c] = Math.max(minimum[c]!, Math.ceil(min) + 2 + 2 * pad);
    }),
  );
  // Decimal columns: the widest integer part and the widest fraction (with any suffix) side by side.
  const separator = decimalSeparator(model.locale);
  const decimals = new Map<number, DecimalWidths>();
  const parts = (cell: ModelCell, st: TextStyle) => {
    const at = cell.text.includes('\n') ? null : decimalSplit(cell.text, separator);
    return at === null
      ? null
      : { int: measure(st.font, cell.text.slice(0, at)), frac: measure(st.font, cell.text.slice(at)) };
  };
  model.rows.forEach((row, r) =>
    row.cells.forEach((cell, c) => {
      if (!cell || cell.colspan !== 1 || row.kind === 'header' || !model.columns[c]?.decimal) return;
      const p = parts(cell, styles[r]![c]!);
      if (!p) return;
      const d = decimals.get(c) ?? { int: 0, frac: 0 };
      decimals.set(c, { int: Math.max(d.int, p.int), frac: Math.max(d.frac, p.frac) });
    }),
  );
  for (const [c, d] of decimals) natural[c] = Math.max(natural[c]!, Math.ceil(d.int + d.frac) + 2 + 2 * pad);
  model.columns.forEach((col, c) => {
    natural[c] = Math.max(natural[c]!, 2 * pad + 16, col.minWidth ?? 0);
    minimum[c] = Math.max(Math.min(minimum[c]!, natural[c]!), 2 * pad + 8, col.minWidth ?? 0);
    if (col.maxWidth) {
      natural[c] = Math.min(natural[c]!, col.maxWidth);
      minimum[c] = Math.min(minimum[c]!, col.maxWidth);
    }
    if (col.fixedWidth) natural[c] = minimum[c] = Math.round(col.fixedWidth);
  });
  // Spanning cells widen the columns they cover when those are too narrow.
  model.rows.forEach((row, r) =>
    row.cells.forEach((cell, c) => {
      if (!cell || cell.colspan === 1) return;
      const st = styles[r]![c]!;
      const want = Math.ceil(naturalWidth(st.font, cell.text)) + 2 + 2 * pad;
      const have = natural.slice(c, c + cell.colspan).reduce((a, b) => a + b, 0);
      // Body spans and spanners (header bands) widen their columns; group rows wrap instead.
      if (want > have && (row.kind === 'body' || row.kind === 'header')) {
        const extra = distribute(want - have, new Array(cell.colspan).fill(1));
        extra.forEach((e, i) => {
          natural[c + i]! += e;
        });
      }
    }),
  );
  return { styles, natural, minimum, decimals, parts };
}

/** The title's text style (bold, titleFontSize or 1.43 × the font size); null without a title. */
function titleStyleOf(b: BuildContext): TextStyle | null {
  const { model, s } = b;
  return model.title ? textStyle(b.face, b.han, s.titleFontSize ?? Math.round(s.fontSize * 1.43), 700, false) : null;
}

/** The subtitle's text style: the body size, regular. */
function subtitleStyleOf(b: BuildContext): TextStyle {
  return textStyle(b.face, b.han, b.s.fontSize, 400, false);
}

/** Stage widths: each column's width, in logical order. */
function columnWidths(b: BuildContext, { natural, minimum }: Measured): number[] {
  const { model, s, pad, n } = b;
  const sumNat = natural.reduce((a, b) => a + b, 0);
  const sumMin = minimum.reduce((a, b) => a + b, 0);
  const fixed = model.columns.map((col) => !!col.fixedWidth);
  // The title sits above the table and wraps at its width: a narrow table (one short column)
  // would break a short title into pieces, even inside words. Fitted to content, the table is
  // made at least as wide as its title on one line, within the same cap as its columns.
  const titleStyle = titleStyleOf(b);
  const titleNeed = Math.max(
    titleStyle && model.title ? Math.ceil(naturalWidth(titleStyle.font, model.title)) + 2 + 2 * pad : 0,
    model.subtitle ? Math.ceil(naturalWidth(subtitleStyleOf(b).font, model.subtitle)) + 2 + 2 * pad : 0,
  );
  let target: number;
  if (model.width !== null) target = model.width;
  else if (model.autoFitColumns) target = Math.min(Math.max(sumNat, titleNeed), Math.max(s.defaultWidth, sumMin));
  else target = s.defaultWidth;
  target = Math.max(target, n * (2 * pad + 8));
  if (sumNat <= target) {
    // Fitted to content, target only exceeds the columns' natural widths for the title.
    const extra = target - sumNat;
    const flexible = natural.map((w, i) => (fixed[i] ? 0 : w));
    const add = flexible.some((w) => w > 0) ? distribute(extra, flexible) : distribute(extra, natural);
    return natural.map((w, i) => w + add[i]!);
  }
  if (sumMin <= target) return squeezedWidths(natural, minimum, sumMin, target);
  return distribute(target, minimum);
}

/**
 * Widths between the columns' minimum and natural sums. Columns narrower than a fair share keep
 * their natural width (a short name never wraps); the long ones share what is left above their
 * minimum, in proportion to what they lack. A column only settles if what is left still gives
 * every open column its minimum: else short columns at their natural width squeezed a long one
 * below its longest word, which then broke mid-word ("Noise-Cancelli" / "ng") beside columns
 * with room to spare.
 */
function squeezedWidths(natural: number[], minimum: number[], sumMin: number, target: number): number[] {
  const widths = natural.map(() => 0);
  let remaining = target;
  let open = natural.map((_, i) => i);
  let openMin = sumMin;
  for (let settled = true; settled && open.length > 0;) {
    settled = false;
    const share = remaining / open.length;
    for (const i of [...open]) {
      if (natural[i]! <= share && remaining - natural[i]! >= openMin - minimum[i]!) {
        widths[i] = natural[i]!;
        remaining -= natural[i]!;
        openMin -= minimum[i]!;
        open = open.filter((j) => j !== i);
        settled = true;
      }
    }
  }
  if (remaining >= openMin) {
    const add = distribute(
      remaining - openMin,
      open.map((i) => natural[i]! - minimum[i]!),
    );
    open.forEach((i, k) => {
      widths[i] = minimum[i]! + add[k]!;
    });
  } else {
    const shares = distribute(
      Math.max(0, remaining),
      open.map((i) => minimum[i]!),
    );
    open.forEach((i, k) => {
      widths[i] = shares[k]!;
    });
  }
  return widths;
}

/** Column edges in visual order (left to right), from 0: length columns + 1. */
function columnEdges(b: BuildContext, widths: number[]): number[] {
  const colEdges = [0];
  const visualWidths = new Array<number>(b.n);
  widths.forEach((w, c) => {
    visualWidths[b.visual(c)] = w;
  });
  for (const w of visualWidths) colEdges.push(colEdges[colEdges.length - 1]! + w);
  return colEdges;
}

/** Stage wrap/heights: every cell's lines at its column width, and the rows' edges. */
function wrapCells(
  b: BuildContext,
  styles: Measured['styles'],
  widths: number[],
): { cells: LaidCell[]; rowEdges: number[] } {
  const { model, pad, vpad } = b;
  const laid: LaidCell[] = [];
  const rowHeights = model.rows.map((row) => Math.max(row.minHeight ?? 0, 0));
  const spanNeeds: { r: number; span: number; need: number }[] = [];
  model.rows.forEach((row, r) =>
    row.cells.forEach((cell, c) => {
      if (!cell) return;
      const st = styles[r]![c]!;
      const w = widths.slice(c, c + cell.colspan).reduce((a, b) => a + b, 0);
      const beside = cell.graphics ? graphicsWidth(cell, st.size).beside : 0;
      const lines = cell.text === '' ? [] : wrap(st.font, cell.text, Math.max(1, w - 2 * pad - 2 - beside));
      const contentH = Math.max(
        lines.length * st.lineHeight,
        cell.image ? cell.image.height + (lines.length > 0 && cell.image ? IMAGE_TEXT_GAP : 0) : 0,
        st.lineHeight,
      );
      const need = contentH + 2 * vpad;
      if (cell.rowspan === 1) rowHeights[r] = Math.max(rowHeights[r]!, need);
      else spanNeeds.push({ r, span: cell.rowspan, need });
      laid.push({
        cell,
        row: r,
        col: c,
        x: 0,
        y: 0,
        w,
        h: 0,
        lines,
        text: st,
        color: '',
        background: null,
        align: cell.align,
        baseline: 0,
        shift: 0,
        shapes: null,
      });
    }),
  );
  for (const { r, span, need } of spanNeeds) {
    const have = rowHeights.slice(r, r + span).reduce((a, b) => a + b, 0);
    if (need > have) rowHeights[r + span - 1]! += need - have;
  }
  const rowEdges = [0];
  for (const h of rowHeights) rowEdges.push(rowEdges[rowEdges.length - 1]! + Math.ceil(h));
  return { cells: laid, rowEdges };
}

interface Blocks {
  title: TextBlock | null;
  subtitle: TextBlock | null;
  notes: TextBlock[];
  /** Room around the table: its shadow, or options.margin / the preset's. */
  margin: number;
  tableX: number;
  tableY: number;
  /** Height of the notes under the table, with their spacing. */
  notesH: number;
}

/** Stage title: the title block above the table, the notes under it, and where the table sits. */
function titleAndNotes(b: BuildContext, tableW: number, tableH: number): Blocks {
  const { model, s, pad, rtl } = b;
  const margin = Math.max(s.tableShadow ? 24 : 0, model.margin);
  let title: Blocks['title'] = null;
  let subtitle: Blocks['subtitle'] = null;
  let titleH = 0;
  const block = (text: string, st: TextStyle, y: number, color: string): TextBlock => {
    const lines = wrap(st.font, text, Math.max(40, tableW - 2 * pad));
    return {
      lines,
      text: st,
      x: margin + pad,
      y,
      w: tableW - 2 * pad,
      align: rtl ? 'right' : 'left',
      color,
      baseline: y + (st.lineHeight - (st.ascent + st.descent)) / 2 + st.ascent,
    };
  };
  const titleStyle = titleStyleOf(b);
  if ((model.title && titleStyle) || model.subtitle) {
    const top = s.tableShadow ? 0 : Math.round(pad * 0.9);
    const bottom = Math.round(pad * 0.9);
    let y = margin + top;
    if (model.title && titleStyle) {
      title = block(model.title, titleStyle, y, s.titleColor);
      y += title.lines.length * titleStyle.lineHeight;
    }
    if (model.subtitle) {
      const st = subtitleStyleOf(b);
      subtitle = block(model.subtitle, st, y + (title ? 2 : 0), mix(s.titleColor, s.backgroundColor, 0.7));
      y = subtitle.y + subtitle.lines.length * st.lineHeight;
    }
    titleH = y - margin + bottom;
  }
  const tableX = margin;
  const tableY = margin + titleH;
  // Notes under the table: footnotes, then source notes, smaller and muted.
  const notes: TextBlock[] = [];
  let notesH = 0;
  if (model.notes.length > 0) {
    const st = textStyle(b.face, b.han, noteSize(s), 400, false);
    let y = tableY + tableH + Math.round(pad * 0.7);
    for (const note of model.notes) {
      const nb = block(note, st, y, mix(s.textColor, s.backgroundColor, 0.72));
      notes.push(nb);
      y += nb.lines.length * st.lineHeight;
    }
    notesH = y - (tableY + tableH) + Math.round(pad * 0.7);
  }
  return { title, subtitle, notes, margin, tableX, tableY, notesH };
}

/** Stage colours: every cell's background and text colour, from its row, column, kind and rules. */
function resolveColours(b: BuildContext, laid: LaidCell[]): void {
  const { model, s } = b;
  const headerTint = mix(s.headerBg, s.backgroundColor, 0.1);
  const summaryBg = mix(s.textColor, s.backgroundColor, 0.06);
  for (const lc of laid) {
    const row = model.rows[lc.row]!;
    const col = model.columns[lc.col]!;
    const cell = lc.cell;
    let bg: string | null = null;
    let color = s.textColor;
    if (row.kind === 'header') {
      bg = s.headerBg;
      color = s.headerText;
    } else if (row.kind === 'group') {
      bg = headerTint;
      color = s.textColor;
    } else if (row.kind === 'summary') {
      bg = summaryBg;
    } else {
      if (model.showAlternatingRows) bg = row.bodyIndex % 2 === 0 ? s.rowEvenBg : s.rowOddBg;
      else bg = s.rowOddBg;
      if (col.isRowNumber) color = mix(s.textColor, s.backgroundColor, 0.55);
      if (model.freezeFirstColumn && lc.col === 0 && !col.isRowNumber) bg = mix(s.textColor, bg, 0.035);
      if (col.background) bg = col.background;
      if (col.color) color = col.color;
      if (row.background) bg = row.background;
      if (row.color) color = row.color;
      if (cell.kind === 'null') color = mix(color, s.backgroundColor, 0.45);
      if (cell.kind === 'link' && cell.link) color = s.theme === 'dark' ? '#93c5fd' : '#2563eb';
      if (cell.kind === 'boolean' && !cell.color) {
        const dflt = s.complexDataDisplay.booleanDisplay;
        if (cell.text === dflt.true && dflt.true === '✓') color = s.theme === 'dark' ? '#4ade80' : '#16a34a';
        if (cell.text === dflt.false && dflt.false === '✗') color = s.theme === 'dark' ? '#f87171' : '#dc2626';
      }
    }
    if (cell.background) bg = cell.background;
    if (cell.color) color = cell.color;
    lc.background = bg;
    lc.color = color;
  }
}

/** Stage positions: every cell's box, visual alignment, decimal shift, baseline and graphics. */
function positionCells(
  b: BuildContext,
  laid: LaidCell[],
  { decimals, parts }: Measured,
  colEdges: number[],
  rowEdges: number[],
  tableX: number,
  tableY: number,
): void {
  const { model, s, pad, vpad, rtl, visual } = b;
  for (const lc of laid) {
    const row = model.rows[lc.row]!;
    const cell = lc.cell;
    const vStart = visual(lc.col + cell.colspan - 1);
    const vs = rtl ? vStart : visual(lc.col);
    lc.x = tableX + colEdges[vs]!;
    lc.y = tableY + rowEdges[lc.row]!;
    lc.h = rowEdges[Math.min(lc.row + cell.rowspan, model.rows.length)]! - rowEdges[lc.row]!;
    let align = cell.align;
    if (rtl && align !== 'center') align = align === 'left' ? 'right' : 'left';
    lc.align = align;
    const d = decimals.get(lc.col);
    if (d && row.kind !== 'header' && cell.colspan === 1 && lc.lines.length === 1 && align !== 'center') {
      const p = parts(cell, lc.text);
      if (p) lc.shift = align === 'right' ? -(d.frac - p.frac) : d.int - p.int;
    }
    const st = lc.text;
    const imageH = cell.image ? cell.image.height + (lc.lines.length > 0 ? IMAGE_TEXT_GAP : 0) : 0;
    const contentH = lc.lines.length * st.lineHeight + imageH;
    // A column header reaching up through spanner bands sits at the bottom, by its columns.
    const top =
      (row.kind === 'header' && cell.rowspan > 1
        ? lc.y + Math.max(vpad, lc.h - vpad - contentH)
        : lc.y + Math.max(vpad, (lc.h - contentH) / 2)) + imageH;
    lc.baseline = top + (st.lineHeight - (st.ascent + st.descent)) / 2 + st.ascent;
    if (cell.graphics) placeGraphics(lc, top, pad, rtl, s.backgroundColor);
  }
}

/** Moves a cell's text clear of its icon and lays out its graphics as shapes. */
function placeGraphics(lc: LaidCell, textTop: number, pad: number, rtl: boolean, canvas: string) {
  const g = lc.cell.graphics!;
  const beside = graphicsWidth(lc.cell, lc.text.size).beside;
  if (beside > 0) {
    // The icon sits at the start edge: text that starts there moves over; centred text by half.
    const startEdge = rtl ? 'right' : 'left';
    const by = lc.align === startEdge ? beside : lc.align === 'center' ? beside / 2 : 0;
    lc.shift += rtl ? -by : by;
  }
  lc.shapes = cellShapes(g, {
    x: lc.x,
    y: lc.y,
    w: lc.w,
    h: lc.h,
    textTop,
    lineHeight: lc.text.lineHeight,
    fontSize: lc.text.size,
    pad,
    background: (lc.background ?? canvas).slice(0, 7),
    rtl,
  });
}

/** Padding used inside cells (horizontal), shared by painters for text placement. */
export function cellPadding(model: TableModel): number {
  return model.styles.cellPadding;
}

export { measure };
