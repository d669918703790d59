/**
 * The table model: what normalize produces and layout/paint consume. Everything is resolved here
 * (text, alignment, colours, spans), so painters only draw.
 */
import type { PdfOptions, ResolvedStyles, SvgText } from '@jsonable/contracts/table';

export type Align = 'left' | 'center' | 'right';
export type CellKind = 'text' | 'number' | 'boolean' | 'null' | 'link' | 'image' | 'date' | 'complex' | 'sparkline';

/** A data bar: the value's extent on the column's scale, 0..1 from the cell's left. */
export interface CellBar {
  /** Where zero sits (0 when every value is positive, 1 when every value is negative). */
  axis: number;
  /** Where the value's end sits. */
  end: number;
  color: string;
  /** Draw the zero axis (the column has negative values, or a domain that crosses zero). */
  showAxis: boolean;
}

export interface CellSparkline {
  values: (number | null)[];
  kind: 'line' | 'bar' | 'area';
  color: string;
}

export type IconName =
  | 'arrowUp'
  | 'arrowRight'
  | 'arrowDown'
  | 'trafficGreen'
  | 'trafficAmber'
  | 'trafficRed'
  | 'check'
  | 'exclamation'
  | 'cross';

/** Graphics drawn in a cell besides its text (conditional formats, sparklines). */
export interface CellGraphics {
  bar?: CellBar;
  icon?: IconName;
  sparkline?: CellSparkline;
}

export interface CellImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface ModelCell {
  text: string;
  kind: CellKind;
  align: Align;
  /** Explicit colours; undefined means "inherit from row/column/theme". */
  background?: string;
  color?: string;
  weight: 400 | 500 | 600 | 700;
  italic: boolean;
  fontSize?: number;
  colspan: number;
  rowspan: number;
  link?: string;
  tooltip?: string;
  image?: CellImage;
  /** Numeric value for sorting and aggregates (numbers, currency, percentages, dates). */
  sortValue?: number | string | null;
  /** The value as the user sent it (for filters). */
  raw?: unknown;
  /** Set when a style chose the alignment (column styles then leave it alone). */
  alignSet?: boolean;
  /** How this column's typed numbers are shown, reused for its aggregates. */
  formatValue?: (n: number) => string;
  graphics?: CellGraphics;
  /**
   * A typed cell's own `format.locale` (canonical): its text is in that language, so Han
   * characters take that language's forms even when the table's locale is another.
   */
  locale?: string;
}

/**
 * A cell with every field present, in one order: all cells then share one hidden class, so the
 * layout and painters read them monomorphically (cells built by spreading partial objects were
 * a dozen shapes and most of the normalisation's time).
 */
export function newCell(
  text: string,
  kind: CellKind,
  align: Align,
  weight: ModelCell['weight'] = 400,
  sortValue?: ModelCell['sortValue'],
  formatValue?: ModelCell['formatValue'],
): ModelCell {
  return {
    text,
    kind,
    align,
    background: undefined,
    color: undefined,
    weight,
    italic: false,
    fontSize: undefined,
    colspan: 1,
    rowspan: 1,
    link: undefined,
    tooltip: undefined,
    image: undefined,
    sortValue,
    raw: undefined,
    alignSet: undefined,
    formatValue,
    graphics: undefined,
    locale: undefined,
  };
}

export type RowKind = 'header' | 'body' | 'group' | 'summary';

export interface ModelRow {
  kind: RowKind;
  /** One entry per column; null where a span from the left or above covers the slot. */
  cells: (ModelCell | null)[];
  /** 1-based position among body rows (drives zebra stripes and row numbers). */
  bodyIndex: number;
  background?: string;
  color?: string;
  minHeight?: number;
  weight?: 400 | 500 | 600 | 700;
}

export interface ModelColumn {
  key: string;
  label: string;
  align: Align;
  fixedWidth?: number;
  minWidth?: number;
  maxWidth?: number;
  background?: string;
  color?: string;
  weight?: 400 | 500 | 600 | 700;
  isRowNumber: boolean;
  /** align: 'decimal': numbers line up at their decimal separator (right-aligned otherwise). */
  decimal?: boolean;
}

export interface TableModel {
  title: string | null;
  /** A line under the title (issue #24). */
  subtitle: string | null;
  /** Listed under the table: footnotes (with their marks), then source notes. */
  notes: string[];
  /** Header rows above the column headers that hold spanners (the first `spannerRows` of `rows`). */
  spannerRows: number;
  columns: ModelColumn[];
  /** The header row first (when shown), then body, group and summary rows in order. */
  rows: ModelRow[];
  headerRows: number;
  bodyRowCount: number;
  styles: ResolvedStyles;
  direction: 'ltr' | 'rtl';
  locale: string;
  showGridLines: boolean;
  showAlternatingRows: boolean;
  showBorder: boolean;
  freezeHeader: boolean;
  freezeFirstColumn: boolean;
  /** Requested table width in CSS pixels, or null for auto. */
  width: number | null;
  autoFitColumns: boolean;
  deviceScaleFactor: number;
  /** Space around everything drawn, CSS pixels (options.margin or the preset's; the shadow needs 24). */
  margin: number;
  /** 1–100: the quality of the lossy formats (JPEG, WebP, AVIF). */
  quality: number;
  /** Page setup of the PDF (`options.pdf`, defaults filled in). */
  pdf: Required<PdfOptions>;
  /** SVG text: real text in embedded subset fonts (default), or glyph outlines with no fonts. */
  svgText: SvgText;
}
