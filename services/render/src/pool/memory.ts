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
import { imageBudgets, tableLimits } from '@jsonable/contracts/render-api';
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
