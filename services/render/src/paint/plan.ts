/**
 * The paint plan: what the three writers (canvas for PNG/JPEG/WebP/AVIF, SVG, PDF) draw alike
 * beyond the layout itself, defined once. The layout fixes every box, line and colour of the
 * cells; this module fixes the table's furniture: border width and dashes, the firmer rules that
 * mark a frozen header, a frozen first column and totals, the shadow, where a cell's image sits,
 * the missing-image placeholder, where a cell's text is anchored and where a link is underlined.
 *
 * The PDF writer draws its grid with pdfmake's table lines, which cannot take the rectangles
 * below: it uses the border width and the frozen rule's thickness from here, and its own dashes
 * (PDF_DASH), as it did before this module existed.
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
export function dashPattern(style: ResolvedStyles['borderStyle'], width: number): [number, number] | null {
  if (style === 'dashed') return [5 * width, 3 * width];
  if (style === 'dotted') return [width, 2 * width];
  return null;
}

/**
 * The PDF's dashes, in points whatever the border's width (pdfmake's `{ length, space }`). They
 * are not the images' pattern scaled to points (that would be 3.75/2.25 and 0.75/1.5 at 1 px):
 * kept as they were, so PDFs do not change; making them one pattern is a visible change to decide.
 */
export const PDF_DASH: Partial<Record<ResolvedStyles['borderStyle'], { length: number; space: number }>> = {
  dashed: { length: 3, space: 2 },
  dotted: { length: 1, space: 1.5 },
};

/** Thickness, in pixels, of the rule under a frozen header and beside a frozen first column. */
export const FROZEN_RULE = 2;
/** Thickness, in pixels, of the rule above the first summary (totals) row. */
const SUMMARY_RULE = 1.5;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The firmer rules, in table order: under a frozen header, beside a frozen first column (after the
 * row numbers, on its inner side), above the first of each run of summary rows; all in one colour,
 * between the text colour and the border's.
 */
export function emphasisRules(model: TableModel, layout: Layout): { color: string; rects: Rect[] } {
  const s = model.styles;
  const { tableX: tx, tableY: ty, tableW: tw, tableH: th } = layout;
  const rects: Rect[] = [];
  const half = FROZEN_RULE / 2;
  if (model.freezeHeader && model.headerRows > 0)
    rects.push({ x: tx, y: ty + layout.rowEdges[model.headerRows]! - half, w: tw, h: FROZEN_RULE });
  if (model.freezeFirstColumn && model.columns.length > 1) {
    const v = layout.visual(model.columns[0]?.isRowNumber ? 1 : 0);
    const x = layout.direction === 'rtl' ? layout.colEdges[v]! : layout.colEdges[v + 1]!;
    rects.push({ x: tx + x - half, y: ty, w: FROZEN_RULE, h: th });
  }
  model.rows.forEach((row, r) => {
    if (row.kind === 'summary' && model.rows[r - 1]?.kind !== 'summary')
      rects.push({ x: tx, y: ty + layout.rowEdges[r]! - 1, w: tw, h: SUMMARY_RULE });
  });
  return { color: mix(s.textColor, s.borderColor, 0.35), rects };
}

/** The table's drop shadow (styles.tableShadow): colour, opacity, blur (canvas shadowBlur, 2σ) and drop. */
export const TABLE_SHADOW = { rgb: [15, 23, 42] as const, opacity: 0.16, blur: 18, offsetY: 4 };

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
export function coveredEdges(model: TableModel, layout: Layout) {
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
  // Header cells read as one band: no vertical rules through it.
  for (let r = 0; r < model.headerRows; r++) for (let c = 0; c <= cols; c++) blockedV[c]![r] = true;
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
