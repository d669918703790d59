/**
 * The paint plan: what the three writers (canvas for PNG/JPEG/WebP/AVIF, SVG, PDF) draw alike
 * beyond the layout itself, defined once. The layout fixes every box, line and colour of the
 * cells; this module fixes the table's furniture: border width and dashes, the firmer rules that
 * mark a frozen header, a frozen first column and totals, the shadow, where a cell's image sits,
 * the missing-image placeholder, where a cell's text is anchored and where a link is underlined.
 *
 * The PDF writer draws its grid with pdfmake's table lines, one per row edge and column edge: it
 * takes them from `edgeRules`, which says per edge what the canvas and SVG draw there (the grid's
 * width, colour and dashes, or the firmer rule that covers it).
 */
import type { ResolvedStyles } from '@jsonable/contracts/table';
import { IMAGE_TEXT_GAP, mix, type LaidCell, type Layout } from '../layout/layout';
import type { TableModel } from '../model';

/** The border's width in CSS pixels: 0 when the style is none. */
export function borderWidth(s: ResolvedStyles): number {
  return s.borderStyle === 'none' ? 0 : s.borderWidth;
}

/**
 * Dash and gap of a dashed or dotted border `width` pixels wide, in pixels (canvas and SVG):
 * dashes of 5 widths with gaps of 3, dots of 1 width with gaps of 2. Null for a solid border.
 */
function dashPattern(style: ResolvedStyles['borderStyle'], width: number): [number, number] | null {
  if (style === 'dashed') return [5 * width, 3 * width];
  if (style === 'dotted') return [width, 2 * width];
  return null;
}

/** Thickness, in pixels, of the rule under a frozen header and beside a frozen first column. */
const FROZEN_RULE = 2;
/** Thickness, in pixels, of the rule above the first summary (totals) row. */
const SUMMARY_RULE = 1.5;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A firmer rule along a whole row edge or visual column edge. */
interface Firm {
  along: 'row' | 'column';
  edge: number;
  width: number;
  /** How much of its width lies before the edge (above it, left of it). */
  before: number;
}

/**
 * The firmer rules, in table order: under a frozen header, beside a frozen first column (after the
 * row numbers, on its inner side), above the first of each run of summary rows; all in one colour,
 * between the text colour and the border's.
 */
function firmRules(model: TableModel, layout: Layout): { color: string; rules: Firm[] } {
  const rules: Firm[] = [];
  const frozen = { width: FROZEN_RULE, before: FROZEN_RULE / 2 };
  if (model.freezeHeader && model.headerRows > 0) rules.push({ along: 'row', edge: model.headerRows, ...frozen });
  if (model.freezeFirstColumn && model.columns.length > 1) {
    const v = layout.visual(model.columns[0]?.isRowNumber ? 1 : 0);
    rules.push({ along: 'column', edge: layout.direction === 'rtl' ? v : v + 1, ...frozen });
  }
  model.rows.forEach((row, r) => {
    if (row.kind === 'summary' && model.rows[r - 1]?.kind !== 'summary')
      rules.push({ along: 'row', edge: r, width: SUMMARY_RULE, before: 1 });
  });
  return { color: mix(model.styles.textColor, model.styles.borderColor, 0.35), rules };
}

/** The firmer rules as rectangles over the grid (canvas and SVG). */
export function emphasisRules(model: TableModel, layout: Layout): { color: string; rects: Rect[] } {
  const { tableX: tx, tableY: ty, tableW: tw, tableH: th } = layout;
  const { color, rules } = firmRules(model, layout);
  const rects = rules.map((f) =>
    f.along === 'row'
      ? { x: tx, y: ty + layout.rowEdges[f.edge]! - f.before, w: tw, h: f.width }
      : { x: tx + layout.colEdges[f.edge]! - f.before, y: ty, w: f.width, h: th },
  );
  return { color, rects };
}

/** Whether the grid has a line at edge `i` of `count` (rows or columns): inner ones with grid lines, outer ones with the border. */
function gridLineAt(model: TableModel, i: number, count: number): boolean {
  return i === 0 || i === count ? model.showBorder : model.showGridLines;
}

/** Header cells read as one band: no vertical rules through them (but the firmer rules). */
export function verticalRulesInRow(model: TableModel, r: number): boolean {
  return r >= model.headerRows;
}

/** What is drawn along one whole edge, in pixels as the canvas draws it. */
export interface EdgeRule {
  width: number;
  /** How much of its width lies before the edge: above a row edge, left of a column edge. */
  before: number;
  color: string;
  /** Dash and gap; null when solid. */
  dash: [number, number] | null;
  /** A firmer rule (frozen header or column, totals), which also crosses the header band. */
  firm: boolean;
}

/**
 * The rule at every row edge (0 … rows) and visual column edge (0 … columns), or null, for a writer
 * that draws whole edges (the PDF's table lines): the grid's line where the canvas draws one, in
 * its place (a line `w` wide starts floor(w / 2) before an inner edge and the outer border lies
 * inside the table), or the firmer rule that covers it there, solid. Spans and the header band are
 * the writer's to leave out (`verticalRulesInRow`).
 */
export function edgeRules(
  model: TableModel,
  layout: Layout,
): { rows: (EdgeRule | null)[]; columns: (EdgeRule | null)[] } {
  const s = model.styles;
  const bw = borderWidth(s);
  const firm = firmRules(model, layout);
  const dash = dashPattern(s.borderStyle, bw);
  const along = (count: number, kind: Firm['along']) =>
    Array.from({ length: count + 1 }, (_, i): EdgeRule | null => {
      // The first wins where two meet (a frozen header over totals): it is the wider.
      const f = firm.rules.find((r) => r.along === kind && r.edge === i);
      if (f) return { width: f.width, before: f.before, color: firm.color, dash: null, firm: true };
      if (bw === 0 || !gridLineAt(model, i, count)) return null;
      const before = i === count ? bw + Math.floor(bw / 2) : Math.floor(bw / 2);
      return { width: bw, before, color: s.borderColor, dash, firm: false };
    });
  return { rows: along(model.rows.length, 'row'), columns: along(model.columns.length, 'column') };
}

/** The table's drop shadow (styles.tableShadow): colour, opacity, blur (canvas shadowBlur, 2σ) and drop. */
const SHADOW_RGB = [15, 23, 42] as const;
export const TABLE_SHADOW = {
  rgb: SHADOW_RGB,
  hex: `#${SHADOW_RGB.map((v) => v.toString(16).padStart(2, '0')).join('')}`,
  opacity: 0.16,
  blur: 18,
  offsetY: 4,
};

/** Where a rule `width` pixels wide along an edge at `edge` starts: floor(width / 2) before it. */
export function ruleStart(edge: number, width: number): number {
  return edge - Math.floor(width / 2);
}

/** One grid line, from (x1, y1) to (x2, y2): horizontal when y1 === y2; its edge is y1 (or x1). */
interface GridLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * What the canvas and the SVG draw of the table besides its cells, in drawing order: the shadow's
 * box (filled with the odd rows' colour, the shadow under it), the grid lines (inner runs that do
 * not cross a span, then the outer border, each a whole line, its dashes starting at its start),
 * every line `width` wide and laid from `ruleStart` of its edge, and the firmer rules over them.
 */
export function tablePlan(model: TableModel, layout: Layout) {
  const s = model.styles;
  const { tableX: tx, tableY: ty, tableW: tw, tableH: th } = layout;
  const width = borderWidth(s);
  const lines: GridLine[] = [];
  if (width > 0 && model.showGridLines) {
    const covered = coveredEdges(model, layout);
    for (let r = 1; r < layout.rowEdges.length - 1; r++) {
      const y = ty + layout.rowEdges[r]!;
      for (const [x1, x2] of covered.horizontal(r)) lines.push({ x1: tx + x1, y1: y, x2: tx + x2, y2: y });
    }
    for (let c = 1; c < layout.colEdges.length - 1; c++) {
      const x = tx + layout.colEdges[c]!;
      for (const [y1, y2] of covered.vertical(c)) lines.push({ x1: x, y1: ty + y1, x2: x, y2: ty + y2 });
    }
  }
  if (width > 0 && model.showBorder) {
    // The outer border lies inside the table (its bottom and right lines one width in).
    lines.push({ x1: tx, y1: ty, x2: tx + tw, y2: ty });
    lines.push({ x1: tx, y1: ty + th - width, x2: tx + tw, y2: ty + th - width });
    lines.push({ x1: tx, y1: ty, x2: tx, y2: ty + th });
    lines.push({ x1: tx + tw - width, y1: ty, x2: tx + tw - width, y2: ty + th });
  }
  return {
    shadow: s.tableShadow ? { x: tx, y: ty, w: tw, h: th, fill: s.rowOddBg } : null,
    grid: { width, color: s.borderColor, dash: dashPattern(s.borderStyle, width), lines },
    emphasis: emphasisRules(model, layout),
  };
}

/** Top-left corner of a cell's image box: centred across, and with the text under it, centred down. */
export function imageBox(lc: LaidCell): { left: number; top: number } {
  const spec = lc.cell.image!;
  const textH = lc.lines.length * lc.text.lineHeight;
  return {
    left: lc.x + (lc.w - spec.width) / 2,
    top: lc.y + Math.max(0, (lc.h - spec.height - textH - (textH ? IMAGE_TEXT_GAP : 0)) / 2),
  };
}

/** Fill of the box drawn where an image is missing (outlined and crossed in the border colour). */
export function placeholderFill(border: string): string {
  return mix(border, '#ffffff', 0.5);
}

/** The x a cell's lines are aligned at: inside the padding at their side, or the centre; plus the decimal shift. */
export function textX(lc: LaidCell, pad: number): number {
  return (lc.align === 'left' ? lc.x + pad : lc.align === 'right' ? lc.x + lc.w - pad : lc.x + lc.w / 2) + lc.shift;
}

/** Top of a link's 1 px underline under the baseline at y. */
export function underlineTop(y: number): number {
  return Math.round(y + 2);
}

/** Segments of grid lines that do not cross a spanning cell. */
function coveredEdges(model: TableModel, layout: Layout) {
  const rows = model.rows.length;
  const cols = model.columns.length;
  // blockedH[r][v]: the horizontal edge above row r is inside a span at visual column v.
  const blockedH = Array.from({ length: rows + 1 }, () => new Array<boolean>(cols).fill(false));
  const blockedV = Array.from({ length: cols + 1 }, () => new Array<boolean>(rows).fill(false));
  for (const lc of layout.cells) {
    const { colspan, rowspan } = lc.cell;
    if (colspan === 1 && rowspan === 1) continue;
    const vs = Math.min(layout.visual(lc.col), layout.visual(lc.col + colspan - 1));
    for (let dr = 1; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) blockedH[lc.row + dr]![vs + dc] = true;
    for (let dc = 1; dc < colspan; dc++) for (let dr = 0; dr < rowspan; dr++) blockedV[vs + dc]![lc.row + dr] = true;
  }
  for (let r = 0; r < rows; r++)
    if (!verticalRulesInRow(model, r)) for (let c = 0; c <= cols; c++) blockedV[c]![r] = true;
  const runs = (blocked: boolean[], edges: number[]) => {
    const out: [number, number][] = [];
    let start = -1;
    blocked.forEach((b, i) => {
      if (!b && start < 0) start = i;
      if (b && start >= 0) {
        out.push([edges[start]!, edges[i]!]);
        start = -1;
      }
    });
    if (start >= 0) out.push([edges[start]!, edges[blocked.length]!]);
    return out;
  };
  return {
    horizontal: (r: number) => runs(blockedH[r]!, layout.colEdges),
    vertical: (c: number) => runs(blockedV[c]!, layout.rowEdges),
  };
}
