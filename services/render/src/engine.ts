/**
 * The table engine: payload → normalize → layout → paint (PNG, JPEG, WebP, AVIF, SVG or PDF).
 *
 * Pure per call: no module state except caches (text widths, Intl formatters, fonts registered
 * once per process), so the pool can run it in any number of worker threads.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { imageBudgets, renderMessages, type ImageBudget } from '@jsonable/contracts/render-api';
import { altTextOf, type DrawnTable } from '@jsonable/contracts/alt-text';
import { FORMAT_CONTENT_TYPES, isRasterFormat, type ImageFormat } from '@jsonable/contracts/formats';
import { tooLarge } from './errors';
import { ensureFontsRegistered } from './fonts';
import { loadCellImage } from './images/load';
import { sniffImage } from './images/sniff';
import { layoutTable, minimumHeight, type Layout } from './layout/layout';
import { checkPdfCells, checkPdfPages, checkRasterHeight, checkRasterSize, checkSplitPixels, LIMITS } from './limits';
import { pagedModel, pageModel, planPages, splitPages } from './split';
import { PaymentRequiredError } from '@jsonable/domain/errors';
import type { TableModel } from './model';
import type { SplitOption } from '@jsonable/contracts/table';
import type { CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { PRESETS } from '@jsonable/contracts/presets';
import { normalize } from './normalize/table';
import { decodeImages, freeImages, paintCanvas, releaseCanvas } from './paint/canvas';
import { largestPageBody, renderPdf } from './paint/pdf';
import { encodePng, encodePngParallel } from './paint/png';
import { renderSvg } from './paint/svg';
import { renderMemoryMb } from './pool/memory';
import { loadShaper } from './paint/svg-glyphs';

export { ensureFontsRegistered } from './fonts';
export { LIMITS } from './limits';

export interface RenderEnv {
  /** Fetches one cell image (SSRF-safe loader by default). */
  loadImage?: (src: string) => Promise<{ bytes: Buffer; contentType: string }>;
  /**
   * Called once, after layout and before any image is fetched or pixel allocated, with the MB this
   * render will hold (pool/memory.ts, `renderMemoryMb`); the render goes on when it resolves (the
   * pool's memory budget).
   */
  reserveMemory?: (mb: number) => Promise<void>;
  /** Deflate a large PNG in two halves at once, one on a libuv thread (default true). */
  parallelDeflate?: boolean;
}

export interface FetchedImages {
  bytes: Map<string, Buffer | null>;
  contentTypes: Map<string, string>;
  /** Pixel size read from each image's header (never decoded to learn it). */
  sizes: Map<string, { width: number; height: number }>;
  warnings: string[];
}

/** Images fetched at once: bounds the bytes in flight (each at most 5 MB) to a few of them. */
const FETCH_CONCURRENCY = 6;

/**
 * Fetches the distinct cell images, a few at a time, within the table's image budget: an image
 * whose header says it would take the decoded pixels (or the fetched bytes) past the budget is
 * dropped before anything decodes it, and drawn as the placeholder. Failures become warnings.
 */
async function fetchImages(model: TableModel, env: RenderEnv, budget: ImageBudget): Promise<FetchedImages> {
  const sources = new Set<string>();
  for (const row of model.rows) for (const cell of row.cells) if (cell?.image) sources.add(cell.image.src);
  if (sources.size > LIMITS.maxImages) {
    throw tooLarge(`Too many cell images: ${sources.size} (at most ${LIMITS.maxImages})`);
  }
  const load = env.loadImage ?? loadCellImage;
  const bytes = new Map<string, Buffer | null>();
  const contentTypes = new Map<string, string>();
  const sizes = new Map<string, { width: number; height: number }>();
  const warnings: string[] = [];
  const spent = { pixels: 0, bytes: 0 };
  let overBudget = 0;
  const pending = [...sources];
  const next = async (): Promise<void> => {
    for (let src = pending.shift(); src !== undefined; src = pending.shift()) {
      bytes.set(src, null);
      if (spent.bytes >= budget.bytes || spent.pixels >= budget.pixels) {
        overBudget++;
        continue;
      }
      let img: { bytes: Buffer; contentType: string };
      try {
        img = await load(src);
      } catch (e) {
        warnings.push(
          `Image ${shortSource(src)} could not be loaded (${e instanceof Error ? e.message : 'unknown error'}); a placeholder was drawn`,
        );
        continue;
      }
      const size = sniffImage(img.bytes);
      const pixels = size?.width && size.height ? size.width * size.height : null;
      if (pixels === null) {
        warnings.push(`Image ${shortSource(src)} could not be decoded; a placeholder was drawn`);
        continue;
      }
      if (spent.pixels + pixels > budget.pixels || spent.bytes + img.bytes.length > budget.bytes) {
        overBudget++;
        continue;
      }
      spent.pixels += pixels;
      spent.bytes += img.bytes.length;
      bytes.set(src, img.bytes);
      contentTypes.set(src, img.contentType);
      sizes.set(src, { width: size!.width!, height: size!.height! });
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, pending.length) }, next));
  if (overBudget > 0) {
    warnings.push(
      `${overBudget} image${overBudget === 1 ? ' was' : 's were'} over this table's image budget ` +
        `(${formatMegapixels(budget.pixels)} decoded, ${formatBytes(budget.bytes)} in all); placeholders were drawn`,
    );
  }
  return { bytes, contentTypes, sizes, warnings };
}

function formatMegapixels(pixels: number): string {
  return `${Number((pixels / 1e6).toFixed(1))} megapixels`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The largest size (device pixels) each image is drawn at: decoding keeps no more than this.
 * Raster formats draw at the device scale; PDF embeds at 2× for print.
 */
function drawnSizes(model: TableModel, scale: number): Map<string, { width: number; height: number }> {
  const out = new Map<string, { width: number; height: number }>();
  for (const row of model.rows) {
    for (const cell of row.cells) {
      const spec = cell?.image;
      if (!spec) continue;
      const was = out.get(spec.src);
      out.set(spec.src, {
        width: Math.max(was?.width ?? 0, Math.ceil(spec.width * scale)),
        height: Math.max(was?.height ?? 0, Math.ceil(spec.height * scale)),
      });
    }
  }
  return out;
}

function shortSource(src: string): string {
  return src.startsWith('data:') ? `${src.slice(0, 32)}…` : src.length > 200 ? `${src.slice(0, 200)}…` : src;
}

/**
 * JPEG, WebP and AVIF at the table's quality (1–100). AVIF runs libaom at speed 8 on one thread:
 * the pool already has a worker per core, and speed 8 keeps a reference table's encode within a
 * few times its JPEG encode (speed 5, the default, took several times longer for a few % smaller
 * files). Quality 100 is lossless in WebP and AVIF alike.
 */
function encodeLossy(canvas: Canvas, format: 'jpeg' | 'webp' | 'avif', quality: number): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return canvas.encode('jpeg', quality);
    case 'webp':
      return canvas.encode('webp', quality);
    case 'avif':
      return canvas.encode('avif', { quality, speed: 8, threads: 1 });
  }
}

/**
 * The route's format, then the request's own (format, then its styles' imageFormat), then its
 * preset's, then the project's default styles and the system default (both in model.styles).
 */
function chooseFormat(input: RenderInput, model: TableModel, request: CanonicalTableRequest): ImageFormat {
  const own = request.format ?? request.styles.imageFormat;
  const preset = request.options.preset ? PRESETS[request.options.preset].format : undefined;
  return input.format ?? own ?? preset ?? model.styles.imageFormat ?? 'png';
}

export async function renderTable(input: RenderInput, env: RenderEnv = {}): Promise<RenderOutput> {
  const { request } = input;
  const model = normalize({ request, projectStyles: input.projectStyles ?? null });
  const format = chooseFormat(input, model, request);
  ensureFontsRegistered();
  const split = request.options.split;
  if (split !== undefined && format !== 'pdf') return renderSplit(input, env, model, format, split, request);
  const raster = isRasterFormat(format);
  // Cheap bounds first, so an impossible table is refused before any text is measured.
  if (raster) checkRasterHeight(minimumHeight(model), model.deviceScaleFactor, format);
  if (format === 'pdf') {
    checkPdfCells(model.bodyRowCount, model.columns.filter((c) => !c.isRowNumber).length);
    // Scaled to the page's width, a wide table takes fewer pages: renderPdf checks it then.
    if (model.pdf.fit !== 'width') checkPdfPages(minimumHeight(model), 0.75, largestPageBody(model.pdf));
    // "auto" changes nothing: the document already breaks where the paper ends.
    if (split !== undefined && split !== 'auto') return renderPagedPdf(input, env, model, split.maxRows);
  }
  const layout = layoutTable(model);
  if (raster) checkRasterSize(layout.width, layout.height, model.deviceScaleFactor, format);
  const budget = input.imageBudget ?? imageBudgets.table;
  await env.reserveMemory?.(memoryOf(model, [layout], format, budget));
  return paintTable(model, layout, format, env, budget);
}

/**
 * options.split: the whole table laid out once (row heights for "auto", column widths for every
 * page), cut into pages (split.ts), each checked against the format's pixel limits and all of them
 * together against one image's total, then painted one after the other. The cell-image budget is
 * shared out between the pages, so a split never decodes or fetches more than one image may.
 */
async function renderSplit(
  input: RenderInput,
  env: RenderEnv,
  model: TableModel,
  format: Exclude<ImageFormat, 'pdf'>,
  split: SplitOption,
  request: CanonicalTableRequest,
): Promise<RenderOutput> {
  const layout = layoutTable(model);
  const ranges = splitPages(model, layout, split, request.options.preset);
  if (input.maxImages !== undefined && input.maxImages !== null && ranges.length > input.maxImages) {
    throw new PaymentRequiredError(renderMessages.splitOverQuota(ranges.length, Math.max(0, input.maxImages)));
  }
  const pages = ranges.map((_, i) => pageModel(model, layout, ranges, i));
  const layouts = pages.map((page) => layoutTable(page));
  if (isRasterFormat(format)) {
    const scale = model.deviceScaleFactor;
    let total = 0;
    for (const l of layouts) {
      checkRasterSize(l.width, l.height, scale, format);
      total += Math.ceil(l.width * scale) * Math.ceil(l.height * scale);
    }
    checkSplitPixels(total, format);
  }
  const budget = input.imageBudget ?? imageBudgets.table;
  const share = {
    pixels: Math.floor(budget.pixels / pages.length),
    bytes: Math.floor(budget.bytes / pages.length),
  };
  // Pages are painted one after the other: the largest one's memory, with every page's images.
  await env.reserveMemory?.(memoryOf(model, layouts, format, share));
  const outputs: RenderOutput[] = [];
  for (let i = 0; i < pages.length; i++) {
    outputs.push(await paintTable(pages[i]!, layouts[i]!, format, env, share));
  }
  const first = outputs[0]!;
  return { ...first, pages: outputs };
}

/** What a laid-out render will hold (pool/memory.ts): its largest canvas, its images, its cells. */
function memoryOf(model: TableModel, layouts: Layout[], format: ImageFormat, budget: ImageBudget): number {
  const raster = isRasterFormat(format);
  const scale = model.deviceScaleFactor;
  const canvasPixels = raster
    ? Math.max(...layouts.map((l) => Math.ceil(l.width * scale) * Math.ceil(l.height * scale)))
    : 0;
  const drawn = drawnSizes(model, raster ? scale : 2);
  let drawnPixels = 0;
  for (const size of drawn.values()) drawnPixels += size.width * size.height;
  const cells = model.bodyRowCount * model.columns.length;
  return renderMemoryMb({ format, canvasPixels, images: drawn.size, drawnPixels, budget, cells });
}

/**
 * options.split { maxRows } of a PDF (issue #25: "several PDF pages"): one document, each group of
 * at most maxRows rows starting a new sheet, which repeats the header and has "Page i of n" in its
 * footer as every sheet of a PDF does. A group taller than the paper goes on over the next sheet.
 * One file: counted as one table, like any PDF whatever its page count. The alt text and the data
 * twins hold the whole table once (a rowspan repeated on the next sheet is not read twice).
 */
async function renderPagedPdf(
  input: RenderInput,
  env: RenderEnv,
  model: TableModel,
  maxRows: number,
): Promise<RenderOutput> {
  const bodyRows = model.rows.length - model.headerRows;
  const ranges = planPages(new Array<number>(bodyRows).fill(0), { maxRows });
  if (ranges.length > LIMITS.maxPdfPages) {
    throw tooLarge(
      `The PDF would have ${ranges.length} pages (at most ${LIMITS.maxPdfPages}): put more rows on each (options.split.maxRows) or send fewer rows`,
    );
  }
  const paged = pagedModel(model, layoutTable(model), ranges);
  const layout = layoutTable(paged.model);
  const budget = input.imageBudget ?? imageBudgets.table;
  await env.reserveMemory?.(memoryOf(paged.model, [layout], 'pdf', budget));
  return paintTable(paged.model, layout, 'pdf', env, budget, { drawn: drawnTable(model), pageBreaks: paged.breaks });
}

/** Fetches the cell images, paints and encodes one laid-out table. */
async function paintTable(
  model: TableModel,
  layout: Layout,
  format: ImageFormat,
  env: RenderEnv,
  budget: ImageBudget,
  /** A paged PDF: the rows starting a sheet, and the whole table's text (its model repeats cut spans). */
  paged: { drawn?: DrawnTable; pageBreaks?: readonly number[] } = {},
): Promise<RenderOutput> {
  const drawn = paged.drawn ?? drawnTable(model);
  const raster = isRasterFormat(format);
  const images = await fetchImages(model, env, budget);
  const warnings = [...images.warnings];

  // Decode once for every format, one image at a time and kept at most at its drawn size: an
  // image that does not decode is a placeholder everywhere.
  const decoded = await decodeImages(images.bytes, drawnSizes(model, raster ? model.deviceScaleFactor : 2));
  for (const [src, img] of decoded) {
    if (img === null && images.bytes.get(src)) {
      images.bytes.set(src, null);
      warnings.push(`Image ${shortSource(src)} could not be decoded; a placeholder was drawn`);
    }
  }

  let bytes: Uint8Array;
  let width = Math.ceil(layout.width * (raster ? model.deviceScaleFactor : 1));
  let height = Math.ceil(layout.height * (raster ? model.deviceScaleFactor : 1));
  switch (format) {
    case 'png': {
      // The pixels are copied out synchronously, so the canvas can serve the next render while
      // this one is still being deflated.
      const { canvas, opaque } = paintCanvas(model, layout, decoded, { reusable: true });
      freeImages(decoded);
      const pixels = canvas.data();
      releaseCanvas(canvas);
      const png = { dpi: 96 * model.deviceScaleFactor, opaque };
      bytes =
        env.parallelDeflate === false
          ? encodePng(pixels, canvas.width, canvas.height, png)
          : await encodePngParallel(pixels, canvas.width, canvas.height, png);
      break;
    }
    case 'jpeg':
    case 'webp':
    case 'avif': {
      // Skia encodes on a pool thread, reading the canvas: this one is not shared.
      const { canvas } = paintCanvas(model, layout, decoded);
      freeImages(decoded);
      bytes = await encodeLossy(canvas, format, model.quality);
      releaseCanvas(canvas);
      break;
    }
    case 'svg':
      freeImages(decoded);
      await loadShaper();
      bytes = Buffer.from(renderSvg(model, layout, images, altTextOf(drawn)), 'utf8');
      break;
    case 'pdf': {
      // pdfkit reads only PNG and JPEG, and strictly: hand it our own PNG of the decoded pixels.
      for (const [src, img] of decoded) {
        if (!img) continue;
        const c = createCanvas(img.width, img.height);
        c.getContext('2d').drawImage(img, 0, 0);
        images.bytes.set(src, encodePng(c.data(), c.width, c.height));
        images.contentTypes.set(src, 'image/png');
      }
      freeImages(decoded);
      const pdf = await renderPdf(model, layout, images, altTextOf(drawn), { pageBreaks: paged.pageBreaks ?? [] });
      bytes = pdf.bytes;
      width = pdf.width;
      height = pdf.height;
      warnings.push(...pdf.warnings);
      break;
    }
  }
  return {
    bytes,
    format,
    contentType: FORMAT_CONTENT_TYPES[format],
    width,
    height,
    size: bytes.byteLength,
    rows: model.bodyRowCount,
    columns: model.columns.filter((c) => !c.isRowNumber).length,
    title: model.title,
    warnings,
    drawn,
  };
}

/** The table's text as drawn, without the row-number column: what the alt text and the CSV/HTML twins hold. */
export function drawnTable(model: TableModel): DrawnTable {
  const kept = model.columns.flatMap((c, i) => (c.isRowNumber ? [] : [i]));
  return {
    title: model.title,
    columns: kept.map((i) => model.columns[i]!.label),
    rows: model.rows.flatMap((row) =>
      row.kind === 'header' ? [] : [{ kind: row.kind, cells: kept.map((i) => row.cells[i]?.text ?? '') }],
    ),
  };
}
