/**
 * Hard limits on what one render may ask for. Each is checked before layout or painting so a huge
 * or hostile payload is refused cheaply with a message the user can act on.
 */
import { nestingMessage } from '@jsonable/contracts/json';
import { FORMAT_LABELS, type RasterFormat } from '@jsonable/contracts/formats';
import { tableLimits } from '@jsonable/contracts/render-api';
import { badRequest, tooLarge } from './errors';

export const LIMITS = Object.freeze({
  /** JSON text of the payload (as it would be serialised). */
  maxPayloadBytes: tableLimits.maxPayloadBytes,
  maxRows: tableLimits.maxRows,
  maxColumns: tableLimits.maxColumns,
  maxCells: tableLimits.maxCells,
  maxCellChars: tableLimits.maxCellChars,
  /** Nesting of arrays/objects anywhere in the payload (`[[1]]` is 2 deep). */
  maxDepth: tableLimits.maxDepth,
  /** Cell images fetched for one table. */
  maxImages: 200,
  /** Raster output, in device pixels (after the device scale factor). */
  maxSidePixels: tableLimits.maxSidePixels,
  maxTotalPixels: tableLimits.rasterPixels.png.total,
  /** PDF pages (a table taller than this is refused rather than paginated forever). */
  maxPdfPages: tableLimits.maxPdfPages,
  maxPdfCells: tableLimits.maxPdfCells,
});

/** Cells of a PDF (pdfmake's memory grows with them). */
export function checkPdfCells(rows: number, columns: number): void {
  if (rows * columns > LIMITS.maxPdfCells) {
    throw tooLarge(
      `Too many cells for a PDF: ${rows * columns} (at most ${LIMITS.maxPdfCells}): use fewer rows or columns, pagination, or PNG/SVG`,
    );
  }
}

/**
 * Walks the payload once, iteratively, to measure its serialised size and nesting depth without
 * building a string; it stops as soon as a limit is crossed.
 */
export function checkPayloadShape(payload: unknown): void {
  let bytes = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: payload, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    // `depth` containers hold this value; a container here is one level deeper.
    if (depth >= LIMITS.maxDepth && value !== null && typeof value === 'object') {
      throw badRequest(nestingMessage('The table data', LIMITS.maxDepth));
    }
    if (value === null || value === undefined) bytes += 4;
    else if (typeof value === 'string') bytes += value.length + 2;
    else if (typeof value === 'number' || typeof value === 'boolean') bytes += 8;
    else if (Array.isArray(value)) {
      bytes += 2 + value.length;
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1 });
    } else if (typeof value === 'object') {
      const keys = Object.keys(value);
      bytes += 2;
      for (const k of keys) {
        bytes += k.length + 4;
        stack.push({ value: (value as Record<string, unknown>)[k], depth: depth + 1 });
      }
    }
    if (bytes > LIMITS.maxPayloadBytes) {
      throw tooLarge(`The table data is too large (more than ${Math.round(LIMITS.maxPayloadBytes / 1024 / 1024)} MB)`);
    }
  }
}

export function checkTableSize(rows: number, columns: number): void {
  if (columns > LIMITS.maxColumns) throw tooLarge(`Too many columns: ${columns} (at most ${LIMITS.maxColumns})`);
  if (rows > LIMITS.maxRows) throw tooLarge(`Too many rows: ${rows} (at most ${LIMITS.maxRows})`);
  if (rows * columns > LIMITS.maxCells) {
    throw tooLarge(`Too many cells: ${rows * columns} (at most ${LIMITS.maxCells})`);
  }
}

export function checkCellText(text: string): void {
  if (text.length > LIMITS.maxCellChars) {
    throw tooLarge(`A cell holds ${text.length} characters (at most ${LIMITS.maxCellChars})`);
  }
}

/** Before layout: the rows' least height alone already exceeds a side (width not known yet). */
export function checkRasterHeight(minHeight: number, scale: number, format: RasterFormat = 'png'): void {
  const h = Math.ceil(minHeight * scale);
  const { side } = tableLimits.rasterPixels[format];
  if (h > side) {
    throw tooLarge(
      `The image would be at least ${h} pixels tall (at most ${side} per side${inFormat(format)}): use fewer rows, pagination or the pdf format`,
    );
  }
}

export function checkRasterSize(width: number, height: number, scale: number, format: RasterFormat = 'png'): void {
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  const { side, total } = tableLimits.rasterPixels[format];
  if (w > side || h > side) {
    throw tooLarge(
      `The image would be ${w}×${h} pixels (at most ${side} per side${inFormat(format)}): use fewer rows, pagination or the pdf format`,
    );
  }
  if (w * h > total) {
    throw tooLarge(
      `The image would have ${w * h} pixels (at most ${total}${inFormat(format)}): use fewer rows, pagination or the pdf format`,
    );
  }
}

/**
 * The images of one split together (options.split): no more pixels than one image of the format
 * may have, so splitting a table never multiplies the painting and encoding work.
 */
export function checkSplitPixels(total: number, format: RasterFormat): void {
  const limit = tableLimits.rasterPixels[format].total;
  if (total > limit) {
    throw tooLarge(
      `The split's images would have ${total} pixels together (at most ${limit}${inFormat(format)}, as one image): use fewer rows or a smaller options.deviceScaleFactor`,
    );
  }
}

/** Names the format in a limit's message when its limit is not the PNG one. */
const inFormat = (format: RasterFormat): string =>
  format === 'png' || format === 'jpeg' ? '' : ` in ${FORMAT_LABELS[format]}`;

/**
 * Rows of at least `minHeightPx` CSS pixels, at `ptPerPx` points each, on pages with `bodyPt`
 * points of height for the table (by default A4 portrait at 96 dpi: ~1,000 CSS px per page).
 */
export function checkPdfPages(minHeightPx: number, ptPerPx = 0.75, bodyPt = 770): void {
  const pages = Math.ceil((minHeightPx * ptPerPx) / bodyPt);
  if (pages > LIMITS.maxPdfPages) {
    throw tooLarge(`The PDF would have more than ${LIMITS.maxPdfPages} pages: use fewer rows or pagination`);
  }
}
