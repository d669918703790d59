/**
 * Canonical table request → table model (the request was parsed once, at the API's door:
 * @jsonable/render/request). Resolves styles
 * (request → project → system), reads every payload form, applies dataProcessing and
 * pagination, places spans, adds row numbers, and applies column/row/cell styles.
 */
import {
  DATA_ROWS_MESSAGE,
  EMPTY_PAYLOAD_MESSAGE,
  NO_KEYS_MESSAGE,
  mergeStyleLayers,
  stylesSchema,
  type ColumnStyle,
  type ResolvedStyles,
  type RowStyle,
  type StylesInput,
  type TableRequest,
} from '@jsonable/contracts/table';
import type { CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { badRequest } from '../errors';
import { checkTableSize, LIMITS } from '../limits';
import { newCell, type ModelCell, type ModelColumn, type ModelRow, type TableModel } from '../model';
import { resolveCell, type CellContext } from './cells';
import { formatColumns } from '@jsonable/contracts/table-features';
import { applyConditionalFormats, applyFootnotes, columnView, spannerBands } from './features';
import { safeLocale } from './format';
import { processRows, type SourceRow } from './processing';
import { PRESETS } from '@jsonable/contracts/presets';

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Stored project styles are parsed leniently: a field that no longer validates is dropped. */
function parseProjectStyles(raw: Record<string, unknown> | null | undefined): StylesInput | null {
  if (!raw || typeof raw !== 'object') return null;
  let candidate: Record<string, unknown> = { ...raw };
  for (let i = 0; i < 50; i++) {
    const r = stylesSchema.safeParse(candidate);
    if (r.success) return r.data;
    const bad = new Set(r.error.issues.map((x) => String(x.path[0])));
    candidate = Object.fromEntries(Object.entries(candidate).filter(([k]) => !bad.has(k)));
  }
  return null;
}

interface Source {
  columns: string[];
  rows: SourceRow[];
}

/**
 * The columns a request names and its raw rows, checked against the table limits: cheap (no cell
 * is read), so the API runs it before a request is hashed, stored or queued.
 */
export function tableShape(req: Pick<TableRequest, 'data' | 'headers' | 'rows'>): {
  columns: string[];
  rawRows: unknown[];
} {
  const headers = req.headers ?? [];
  let columns: string[];
  let rawRows: unknown[];
  if (headers.length > 0 && req.rows !== undefined) {
    columns = headers;
    rawRows = req.rows;
  } else if (req.data && req.data.length > 0) {
    const first = req.data[0];
    if (Array.isArray(first)) {
      if (headers.length > 0) {
        columns = headers;
        rawRows = req.data;
      } else {
        // Array-of-arrays without headers: the first row names the columns (as in a CSV).
        columns = first.map((h, i) =>
          h === null || h === undefined || h === ''
            ? `Column ${i + 1}`
            : typeof h === 'object'
              ? `Column ${i + 1}`
              : String(h),
        );
        rawRows = req.data.slice(1);
      }
    } else {
      if (headers.length > 0) columns = headers;
      else {
        const seen = new Set<string>();
        columns = [];
        for (const row of req.data) {
          if (row === null || typeof row !== 'object' || Array.isArray(row)) continue;
          for (const k of Object.keys(row)) {
            if (!seen.has(k)) {
              seen.add(k);
              columns.push(k);
              if (columns.length > LIMITS.maxColumns) checkTableSize(req.data.length, columns.length);
            }
          }
        }
      }
      rawRows = req.data;
    }
  } else {
    columns = headers;
    rawRows = [];
  }
  if (columns.length === 0) {
    // data was given but named no column: say what is wrong with its rows.
    if (headers.length === 0 && req.data && req.data.length > 0 && !Array.isArray(req.data[0])) {
      const objects = req.data.some((row) => row !== null && typeof row === 'object' && !Array.isArray(row));
      throw badRequest(objects ? NO_KEYS_MESSAGE : DATA_ROWS_MESSAGE);
    }
    throw badRequest(EMPTY_PAYLOAD_MESSAGE);
  }
  checkTableSize(rawRows.length, columns.length);
  return { columns, rawRows };
}

function readSource(req: CanonicalTableRequest, ctx: CellContext): Source {
  const { columns, rawRows } = tableShape(req);
  const rows: SourceRow[] = rawRows.map((raw, i) => {
    const where = (c: number | string) => `row ${i + 1}, column ${typeof c === 'number' ? (columns[c] ?? c + 1) : c}`;
    if (Array.isArray(raw)) {
      if (raw.length > columns.length * 2 + 10) throw badRequest(`Row ${i + 1} has more cells than there are columns`);
      return {
        cells: raw.slice(0, columns.length).map((v, c) => resolveCell(v, { ...ctx, where: where(c) })),
        sequential: raw.length < columns.length,
        number: i + 1,
      };
    }
    if (raw !== null && typeof raw === 'object') {
      const o = raw as Record<string, unknown>;
      return {
        // A key missing from the row is undefined (undefinedDisplay), a key holding null is null.
        cells: columns.map((col, c) => resolveCell(own(o, col) ? o[col] : undefined, { ...ctx, where: where(c) })),
        sequential: false,
        number: i + 1,
      };
    }
    // A bare value as a row: one cell in the first column.
    return { cells: [resolveCell(raw, { ...ctx, where: where(0) })], sequential: true, number: i + 1 };
  });
  return { columns, rows };
}

function keyed<T>(styles: Record<string, T> | (T | null)[] | null, name: string, index: number): T | undefined {
  if (!styles) return undefined;
  if (Array.isArray(styles)) return styles[index] ?? undefined;
  if (own(styles, name)) return styles[name];
  if (own(styles, String(index))) return styles[String(index)];
  return undefined;
}

const WEIGHT: Record<string, 400 | 700> = { normal: 400, lighter: 400, bold: 700, bolder: 700 };

/** Places cells on the grid honouring colspan/rowspan; covered slots become null. */
function placeSpans(
  rows: { cells: (ModelCell | undefined)[]; sequential: boolean }[],
  width: number,
): (ModelCell | null)[][] {
  const grid: (ModelCell | null | undefined)[][] = rows.map(() =>
    new Array<ModelCell | null | undefined>(width).fill(undefined),
  );
  const blank = (): ModelCell => newCell('', 'text', 'left');
  rows.forEach((row, r) => {
    const line = grid[r]!;
    let slot = 0;
    row.cells.forEach((cell, c) => {
      if (!row.sequential) slot = c;
      else while (slot < width && line[slot] === null) slot++;
      if (slot >= width || line[slot] === null || !cell) {
        slot++;
        return;
      }
      // Spans never overlap: they stop at a slot another span already covers.
      let colspan = 1;
      while (colspan < Math.min(cell.colspan, width - slot) && line[slot + colspan] === undefined) colspan++;
      let rowspan = 1;
      while (rowspan < Math.min(cell.rowspan, rows.length - r)) {
        const below = grid[r + rowspan]!;
        let free = true;
        for (let dc = 0; dc < colspan; dc++) if (below[slot + dc] !== undefined) free = false;
        if (!free) break;
        rowspan++;
      }
      cell.colspan = colspan;
      cell.rowspan = rowspan;
      line[slot] = cell;
      for (let dr = 0; dr < rowspan; dr++) {
        for (let dc = 0; dc < colspan; dc++) {
          if (dr === 0 && dc === 0) continue;
          const target = grid[r + dr]!;
          target[slot + dc] = null;
        }
      }
      slot += colspan;
    });
  });
  return grid.map((line) => line.map((c) => (c === undefined ? blank() : c)));
}

export interface NormalizeInput {
  /** The canonical table request (@jsonable/contracts/table-request): aliases already folded. */
  request: CanonicalTableRequest;
  projectStyles?: Record<string, unknown> | null;
}

export function normalize(input: NormalizeInput): TableModel {
  const req = input.request;
  const opts = req.options;
  const styles: ResolvedStyles = mergeStyleLayers(req.styles, parseProjectStyles(input.projectStyles));

  const locale = safeLocale(opts.locale);
  const ctx: CellContext = { locale, display: styles.complexDataDisplay, where: '' };
  const source = readSource(req, ctx);
  const pagination = {
    enabled: opts.pagination?.enabled ?? false,
    pageSize: opts.pagination?.pageSize ?? 10,
    currentPage: opts.pagination?.currentPage ?? 1,
  };
  const items = processRows(source.rows, source.columns, opts.dataProcessing, pagination, locale);

  const showRowNumbers = opts.showRowNumbers ?? false;
  const showHeaders = opts.showColumnHeaders ?? true;
  // The `columns` display map: order, hidden, label. Rows are put in display order here, after
  // sorting, filtering and grouping (which may use hidden columns) and before spans are placed.
  const { view, labels } = columnView(source.columns, req.columns);
  const n = view.length;
  const identity = view.length === source.columns.length && view.every((v, i) => v === i);
  if (!identity) {
    for (const it of items) {
      if (it.type === 'row') it.row.cells = view.map((v) => it.row.cells[v]);
      else if (it.type === 'summary') {
        const values = new Map<number, string>();
        view.forEach((v, i) => {
          const text = it.values.get(v);
          if (text !== undefined) values.set(i, text);
        });
        it.values = values;
      }
    }
  }
  const keyOf = (c: number) => source.columns[view[c]!]!;

  // Columns (logical order; layout mirrors them for rtl). Column styles are keyed by the column's
  // name or its index in the data as sent.
  const columns: ModelColumn[] = view.map((sourceIndex) => {
    const key = source.columns[sourceIndex]!;
    const label = labels[sourceIndex]!;
    const i = sourceIndex;
    const cs: ColumnStyle | undefined = keyed(styles.columnStyles, key, i);
    const col: ModelColumn = { key, label, align: 'left', isRowNumber: false };
    if (cs?.width) col.fixedWidth = cs.width;
    if (cs?.minWidth !== undefined) col.minWidth = cs.minWidth;
    if (cs?.maxWidth !== undefined) col.maxWidth = cs.maxWidth;
    if (cs?.backgroundColor) col.background = cs.backgroundColor;
    if (cs?.textColor) col.color = cs.textColor;
    if (cs?.fontWeight) col.weight = WEIGHT[cs.fontWeight];
    const align = cs?.textAlign ?? cs?.align;
    if (align === 'decimal') {
      col.decimal = true;
      col.align = 'right';
    } else if (align) col.align = align;
    return col;
  });

  // Body rows with spans; group and summary rows span the full width.
  // Spans stay inside a run of data rows: a rowspan never crosses a group or summary row.
  const placed: (ModelCell | null)[][] = [];
  let run: SourceRow[] = [];
  let spanned = 0;
  for (const it of [...items, null]) {
    if (it?.type === 'row') {
      // colspan/rowspan from the styles.cellStyles grid (by displayed row and column), unless the
      // cell's own style or fields set them.
      const grid = styles.cellStyles?.[spanned++];
      if (grid)
        it.row.cells.forEach((cell, c) => {
          const st = grid[c];
          if (!cell || !st) return;
          if (st.colspan && cell.colspan === 1) cell.colspan = st.colspan;
          if (st.rowspan && cell.rowspan === 1) cell.rowspan = st.rowspan;
        });
      run.push(it.row);
    } else if (run.length > 0) {
      placed.push(...placeSpans(run, n));
      run = [];
    }
  }
  // A column's alignment follows the kind of its cells where they sit once spans are placed (a
  // row under a rowspan starts one column further right: read by index, 'Gadgets' counted for
  // Region and a number for Product, whose header then went right over left-aligned names).
  columns.forEach((col, i) => {
    const cs = keyed(styles.columnStyles, col.key, view[i]!);
    if (cs?.textAlign || cs?.align) return;
    const dataCells = placed
      .map((r) => r[i])
      .filter((c): c is ModelCell => !!c && c.kind !== 'null' && c.colspan === 1);
    const numeric = dataCells.filter((c) => c.kind === 'number').length;
    const booleans = dataCells.filter((c) => c.kind === 'boolean').length;
    col.align =
      dataCells.length > 0 && numeric * 2 >= dataCells.length
        ? 'right'
        : dataCells.length > 0 && booleans === dataCells.length
          ? 'center'
          : 'left';
  });
  const rows: ModelRow[] = [];
  const bySourceNumber = new Map<number, ModelRow>();
  let bodyIndex = 0;
  let dataPos = 0;
  const pageOffset = pagination.enabled ? (pagination.currentPage - 1) * pagination.pageSize : 0;
  for (const it of items) {
    if (it.type === 'row') {
      const cells = placed[dataPos]!;
      const displayIndex = dataPos;
      dataPos++;
      bodyIndex++;
      const rs: RowStyle | undefined = keyed(styles.rowStyles, String(displayIndex), displayIndex);
      cells.forEach((cell, c) => {
        if (!cell) return;
        const col = columns[c]!;
        const cellStyle = styles.cellStyles?.[displayIndex]?.[c] ?? undefined;
        if (cellStyle) {
          if (cellStyle.backgroundColor && !cell.background) cell.background = cellStyle.backgroundColor;
          const color = cellStyle.textColor ?? cellStyle.color;
          if (color && !cell.color) cell.color = color;
          if (cellStyle.textAlign && !cell.alignSet) {
            cell.align = cellStyle.textAlign;
            cell.alignSet = true;
          }
          // The cell's own style wins (it was applied when the cell was read).
          if (cellStyle.fontSize && cell.fontSize === undefined) cell.fontSize = cellStyle.fontSize;
          if (cellStyle.fontWeight && cell.weight === 400)
            cell.weight =
              typeof cellStyle.fontWeight === 'number'
                ? cellStyle.fontWeight >= 600
                  ? 700
                  : 400
                : (WEIGHT[cellStyle.fontWeight] ?? 400);
        }
        const cs = keyed(styles.columnStyles, col.key, view[c]!);
        if ((cs?.textAlign || cs?.align) && !cell.alignSet) cell.align = col.align;
      });
      const row: ModelRow = { kind: 'body', cells, bodyIndex };
      bySourceNumber.set(it.row.number, row);
      if (rs?.backgroundColor) row.background = rs.backgroundColor;
      if (rs?.textColor) row.color = rs.textColor;
      if (rs?.height) row.minHeight = rs.height;
      if (rs?.fontWeight) row.weight = WEIGHT[rs.fontWeight];
      if (showRowNumbers) {
        row.cells = [newCell(String(pageOffset + displayIndex + 1), 'number', 'right'), ...row.cells];
      }
      rows.push(row);
    } else if (it.type === 'group') {
      const width = n + (showRowNumbers ? 1 : 0);
      const cell: ModelCell = newCell(`${it.label}  (${it.count})`, 'text', 'left', 600);
      cell.colspan = width;
      rows.push({ kind: 'group', cells: [cell, ...new Array<null>(width - 1).fill(null)], bodyIndex });
    } else {
      const cells: (ModelCell | null)[] = view.map((_, c) => {
        const text = it.values.get(c) ?? '';
        const has = it.values.has(c);
        return newCell(
          text,
          has ? 'number' : 'text',
          has ? (columns[c]!.align === 'left' ? 'right' : columns[c]!.align) : 'left',
          700,
        );
      });
      // The label goes in the first column without an aggregate.
      const labelAt = cells.findIndex((c, i) => c && !it.values.has(i));
      if (labelAt >= 0) cells[labelAt]!.text = it.label;
      if (showRowNumbers) cells.unshift(newCell(labelAt < 0 ? it.label : '', 'text', 'left', 700));
      rows.push({ kind: 'summary', cells, bodyIndex });
    }
  }

  if (showRowNumbers) {
    columns.unshift({ key: '#', label: '#', align: 'right', isRowNumber: true });
  }
  const header: ModelRow | null = showHeaders
    ? { kind: 'header', bodyIndex: 0, cells: columns.map((col) => newCell(col.label, 'text', col.align, 600)) }
    : null;
  const offset = showRowNumbers ? 1 : 0;
  const columnAt = (name: string) => {
    const k = view.findIndex((v) => source.columns[v] === name);
    return k < 0 ? undefined : k + offset;
  };
  // Formats and spanners saved with styles (a project's defaults) serve tables of any shape: those
  // naming a column this table lacks are left out instead of refusing the table.
  const fits = (names: string[]) => names.every((name) => source.columns.includes(name));
  const formats = req.conditionalFormats ?? styles.conditionalFormats?.filter((f) => fits(formatColumns(f)));
  applyConditionalFormats(formats, source.columns, columnAt, rows);
  const notes = applyFootnotes(req.footnotes, req.sourceNotes, {
    sourceColumns: source.columns,
    columnAt,
    header,
    bodyRow: (k) => bySourceNumber.get(k),
    sourceRowCount: source.rows.length,
  });
  const keys = view.map((_, c) => keyOf(c));
  let headerRows: ModelRow[];
  if (req.spanners || !styles.spanners) headerRows = spannerBands(req.spanners, source.columns, keys, header, offset);
  else {
    try {
      headerRows = spannerBands(styles.spanners, source.columns, keys, header, offset);
    } catch {
      headerRows = header ? [header] : [];
    }
  }

  const title = (req.title ?? '').trim() || null;
  // A preset fills what the request leaves unset; its width is the whole image's, margins included.
  const preset = opts.preset ? PRESETS[opts.preset] : null;
  const margin = opts.margin ?? preset?.margin ?? 0;
  const width =
    typeof opts.width === 'number'
      ? opts.width
      : opts.width === undefined && preset
        ? Math.max(100, preset.width - 2 * margin)
        : null;
  const model: TableModel = {
    title,
    subtitle: (req.subtitle ?? '').trim() || null,
    notes,
    spannerRows: headerRows.length - (header ? 1 : 0),
    columns,
    rows: [...headerRows, ...rows],
    headerRows: headerRows.length,
    bodyRowCount: dataPos,
    styles,
    direction: opts.direction ?? 'ltr',
    locale,
    showGridLines: opts.showGridLines ?? true,
    showAlternatingRows: (opts.showAlternatingRows ?? true) && styles.zebraStripes,
    showBorder: opts.showBorder ?? true,
    freezeHeader: opts.freezeHeader ?? false,
    freezeFirstColumn: opts.freezeFirstColumn ?? false,
    width,
    autoFitColumns: opts.autoFitColumns ?? true,
    deviceScaleFactor: opts.deviceScaleFactor ?? preset?.scale ?? 1,
    margin,
    quality: opts.quality ?? (styles.imageQuality !== 8 ? styles.imageQuality * 10 : 90),
    pdf: { pageSize: 'A4', orientation: 'auto', align: 'center', fit: 'none', ...preset?.pdf, ...opts.pdf },
    svgText: opts.svgText ?? 'fonts',
  };
  return model;
}
