/**
 * The most memory one render worker can take, added up from the limits the code enforces (README
 * "Limits and budgets"): the ceiling is a sum of bounds, each enforced, not a measurement.
 *
 * - V8 heap: the worker's resourceLimits (old generation + young generation). A worker past them
 *   dies and only its request fails (413).
 * - Native memory (Skia's pixel buffers and Node buffers, outside V8's limits), in the phases of
 *   the worst raster render, each bounded by a check made before the memory is taken:
 *   - decoding: the fetched bytes (the table's byte budget), the images kept at (at most) their
 *     drawn size, which is at most their full size (never enlarged), so at most the table's
 *     pixel budget, plus the one image being decoded at full size by Skia (JPEG, WebP, and the
 *     rare PNG/GIF left to Skia: at most MAX_IMAGE_PIXELS, one at a time);
 *   - painting: the canvas (the raster pixel limit, checked from the layout before painting)
 *     with the kept images;
 *   - PNG encoding: the canvas and the copy of its pixels, then that copy, the filtered rows
 *     (as large) and deflate's output (at most about as large, for pixels that do not compress).
 *   Each phase also holds the spare canvas kept for the next table (SPARE_MAX_PIXELS).
 *
 * Heap and native bounds are added although no one request reaches both (PDFs fill the heap,
 * rasters the native side): a sum of enforced bounds, not an estimate. What it does not count is
 * the worker's fixed cost (code, fonts, Skia's caches), which is measured with the idle process.
 */
import type { ImageFormat } from '@jsonable/contracts/formats';
import { imageBudgets, tableLimits, type ImageBudget } from '@jsonable/contracts/render-api';
import { MAX_IMAGE_PIXELS } from '../images/load';
import { SPARE_MAX_PIXELS } from '../paint/canvas';

/** A render worker's V8 old-generation limit, in MB (the pool's default). */
export const DEFAULT_HEAP_MB = 512;

/** The young generation given to a worker with an old generation of `heapMb`. */
export function youngGenerationMb(heapMb: number): number {
  return Math.min(64, Math.max(8, Math.floor(heapMb / 8)));
}

const RGBA = 4;
const MB = 1024 * 1024;

export interface WorkerMemoryBound {
  /** V8 heap, MB. */
  heapMb: number;
  /** Native memory of the worst raster render, MB, and of each phase. */
  nativeMb: number;
  phasesMb: { decoding: number; painting: number; pngEncoding: number };
  /** heapMb + nativeMb. */
  totalMb: number;
}

export function workerMemoryBound(heapMb: number = DEFAULT_HEAP_MB): WorkerMemoryBound {
  const canvas = Math.max(...Object.values(tableLimits.rasterPixels).map((f) => f.total)) * RGBA;
  const keptImages = imageBudgets.table.pixels * RGBA;
  const fullSizeDecode = MAX_IMAGE_PIXELS * RGBA;
  const held = SPARE_MAX_PIXELS * RGBA + imageBudgets.table.bytes;
  const phases = {
    decoding: held + keptImages + fullSizeDecode,
    painting: held + canvas + keptImages,
    // The canvas and its copy, then the copy, the filtered rows and the output: at most 3 canvases.
    pngEncoding: held + 3 * canvas,
  };
  const mb = (bytes: number) => Math.ceil(bytes / MB);
  const nativeMb = mb(Math.max(...Object.values(phases)));
  const heap = heapMb + youngGenerationMb(heapMb);
  return {
    heapMb: heap,
    nativeMb,
    phasesMb: { decoding: mb(phases.decoding), painting: mb(phases.painting), pngEncoding: mb(phases.pngEncoding) },
    totalMb: heap + nativeMb,
  };
}

/**
 * What the renders running at once may reserve in all (MB), by default: the pool's memory
 * admission budget (`memoryBudgetMb`, RENDER_MEMORY_MB). A render reserves `renderMemoryMb` after
 * layout and before it fetches, decodes or paints; one that does not fit waits until running renders
 * give theirs back, and one that needs more than the whole budget reserves all of it (it runs
 * alone). With the idle process (~0.35–0.5 GB with 2 workers, measured) this keeps the heaviest
 * renders within about 0.5 + 0.77 GB together, whatever the worker count.
 */
export const DEFAULT_RENDER_MEMORY_MB = 768;

/** The V8 heap a render is taken to grow by: a base, and per cell (pdfmake ~12 KB a cell, README). */
const HEAP_BASE_MB = 16;
const HEAP_PER_CELL_KB = { pdf: 12, other: 2 };

/** What a laid-out render will hold, as the engine knows it after layout and before any pixel exists. */
interface RenderMemoryNeed {
  format: ImageFormat;
  /** Device pixels of the largest canvas it paints (0 for SVG and PDF). */
  canvasPixels: number;
  /** Distinct cell images, and the device pixels they are drawn at in all. */
  images: number;
  drawnPixels: number;
  /** The table's image budget (what may be fetched and kept). */
  budget: ImageBudget;
  /** Body cells (rows × columns). */
  cells: number;
}

/**
 * The memory one render reserves before it fetches, decodes or paints anything (MB): its native
 * peak from the same phases as `workerMemoryBound`, with this table's canvas and images instead of
 * the limits, plus its V8 heap growth estimated from its cells (at most the worker's heap limit).
 */
export function renderMemoryMb(need: RenderMemoryNeed, heapMb: number = DEFAULT_HEAP_MB): number {
  const hasImages = need.images > 0;
  const fetched = hasImages ? need.budget.bytes : 0;
  const kept = Math.min(need.budget.pixels, need.drawnPixels) * RGBA;
  const fullSizeDecode = hasImages ? Math.min(MAX_IMAGE_PIXELS, need.budget.pixels) * RGBA : 0;
  const canvas = need.canvasPixels * RGBA;
  const raster = need.format !== 'pdf' && need.format !== 'svg';
  const held = (raster ? SPARE_MAX_PIXELS * RGBA : 0) + fetched;
  const decoding = held + kept + fullSizeDecode;
  const native = raster
    ? Math.max(decoding, held + canvas + kept, held + 3 * canvas)
    : // A PDF embeds its images as PNGs made from the decoded pixels: at most as many bytes again.
      need.format === 'pdf'
      ? decoding + kept
      : decoding;
  const perCell = need.format === 'pdf' ? HEAP_PER_CELL_KB.pdf : HEAP_PER_CELL_KB.other;
  const heap = Math.min(heapMb + youngGenerationMb(heapMb), HEAP_BASE_MB + (need.cells * perCell) / 1024);
  return Math.ceil(native / MB + heap);
}
