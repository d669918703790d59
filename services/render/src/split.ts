/**
 * options.split (issue #25 item 3): one long table as several images. The rows under the header
 * (data, group and summary rows, after sorting, filtering and grouping) are cut into pages of at
 * most `maxRows` rows, or of as many rows as fit the preset's page height ("auto"); each page is
 * a table of its own with the header rows repeated, the columns as wide as in the whole table,
 * and "Page i of n" (pageLabel) as its last note.
 */
import { MAX_SPLIT_IMAGES, PRESETS, type PresetName } from '@jsonable/contracts/presets';
import type { SplitOption } from '@jsonable/contracts/table';
import { badRequest, tooLarge } from './errors';
import { addedNoteHeight, type Layout } from './layout/layout';
import type { ModelCell, ModelRow, TableModel } from './model';
import { pageLabel } from './paint/pages';

/** [start, end) ranges over the body rows. */
export type PageRange = readonly [number, number];

/**
 * Pages of at most `maxRows` rows, or (maxHeight) of rows whose heights add up to at most
 * `maxHeight`; a row taller than that alone gets a page of its own. Every row is in exactly one
 * page, in order.
 */
export function planPages(heights: readonly number[], limit: { maxRows: number } | { maxHeight: number }): PageRange[] {
  const pages: PageRange[] = [];
  let start = 0;
  let used = 0;
  for (let r = 0; r < heights.length; r++) {
    const full = 'maxRows' in limit ? r - start >= limit.maxRows : r > start && used + heights[r]! > limit.maxHeight;
    if (full) {
      pages.push([start, r]);
      start = r;
      used = 0;
    }
    used += heights[r]!;
  }
  if (heights.length > start || pages.length === 0) pages.push([start, heights.length]);
  return pages;
}

/** The split's pages of a laid-out table; refusals name options.split and the limit. */
export function splitPages(
  model: TableModel,
  layout: Layout,
  split: SplitOption,
  preset: PresetName | undefined,
): PageRange[] {
  const edges = layout.rowEdges;
  const heights = Array.from({ length: model.rows.length - model.headerRows }, (_, i) => {
    const r = model.headerRows + i;
    return edges[r + 1]! - edges[r]!;
  });
  let limit: { maxRows: number } | { maxHeight: number };
  if (split === 'auto') {
    const pageHeight = preset ? PRESETS[preset].pageHeight : null;
    if (pageHeight === null) {
      throw badRequest(
        'Invalid options.split: "auto" cuts the table by the page height of options.preset (slack, email, x, linkedin or teams); give a preset, or { "maxRows": n }',
      );
    }
    // Everything but the body rows is on every page, plus the "Page i of n" line.
    const bodyH = edges[edges.length - 1]! - edges[model.headerRows]!;
    const fixed = layout.height - bodyH + addedNoteHeight(model);
    limit = { maxHeight: Math.max(1, pageHeight - fixed) };
  } else limit = { maxRows: split.maxRows };
  const pages = planPages(heights, limit);
  if (pages.length > MAX_SPLIT_IMAGES) {
    throw tooLarge(
      `The split would make ${pages.length} images (at most ${MAX_SPLIT_IMAGES} per request): put more rows in each (options.split.maxRows) or send fewer rows`,
    );
  }
  return pages;
}

/**
 * Page `index` of `pages` as a table of its own: the header rows, its body rows (a rowspan cut by
 * the page's edge is shortened, and repeated at the top of the next page), the whole table's
 * column widths, and "Page i of n" after the notes.
 */
export function pageModel(model: TableModel, layout: Layout, pages: readonly PageRange[], index: number): TableModel {
  const rows = pageBodyRows(model, pages[index]!);
  return {
    ...withWholeWidths(model, layout),
    rows: [...model.rows.slice(0, model.headerRows), ...rows],
    bodyRowCount: rows.filter((row) => row.kind === 'body').length,
    notes: [...model.notes, pageLabel(index + 1, pages.length)],
  };
}

/**
 * A split PDF (issue #25: "several PDF pages"): one table whose body rows are the pages' rows in
 * order, each page's rowspans cut as for images, and the body row index where each page after the
 * first begins (the PDF starts a new sheet there; its own header, running title and "Page i of n"
 * footer do the rest). The column widths are the whole table's.
 */
export function pagedModel(
  model: TableModel,
  layout: Layout,
  pages: readonly PageRange[],
): { model: TableModel; breaks: number[] } {
  const rows: ModelRow[] = [];
  const breaks: number[] = [];
  for (const range of pages) {
    if (rows.length > 0) breaks.push(model.headerRows + rows.length);
    rows.push(...pageBodyRows(model, range));
  }
  return {
    model: { ...withWholeWidths(model, layout), rows: [...model.rows.slice(0, model.headerRows), ...rows] },
    breaks,
  };
}

/** The body rows of one page; a rowspan cut by the page's edge is shortened (and repeated on the next). */
function pageBodyRows(model: TableModel, [start, end]: PageRange): ModelRow[] {
  const body = model.rows.slice(model.headerRows);
  const rows = body.slice(start, end).map((row) => ({ ...row, cells: [...row.cells] }));
  // Spans reaching into or past this page, from rows before it or inside it.
  for (let r = 0; r < end; r++) {
    body[r]!.cells.forEach((cell, c) => {
      if (!cell || cell.rowspan <= 1) return;
      const last = r + cell.rowspan - 1;
      if (last < start) return;
      const from = Math.max(r, start);
      const to = Math.min(last, end - 1);
      if (from === r && to === last) return;
      const copy: ModelCell = { ...cell, rowspan: to - from + 1 };
      rows[from - start]!.cells[c] = copy;
    });
  }
  return rows as ModelRow[];
}

/** The model with every column as wide as in the whole table's layout. */
function withWholeWidths(model: TableModel, layout: Layout): TableModel {
  const visual = layout.colEdges.slice(1).map((e, k) => e - layout.colEdges[k]!);
  const widths = model.direction === 'rtl' ? [...visual].reverse() : visual;
  return {
    ...model,
    columns: model.columns.map((col, k) => ({ ...col, fixedWidth: widths[k]! })),
    width: layout.tableW,
  };
}
