/**
 * The rendering API's limits (SPEC §7, §9): rate limits per plan, what one table may hold, what its
 * cell images may cost, how long previews and request JSON are kept. Plain values, no zod: the
 * engine, the API and the documentation pages read them from here (render-api.ts re-exports them).
 */
import { MAX_JSON_DEPTH } from './json';

/**
 * Per-key request limits of the rendering API, per plan (requests per minute). The quota is the
 * monthly allowance; this only stops bursts. Enterprise gets the most room (load tests run on it).
 */
export const apiRateLimitPerMinute = {
  free: 60,
  basic: 60,
  premium: 300,
  business: 1200,
  enterprise: 60_000,
} as const;

/** Previews and the demo are not counted against the allowance; they are rate-limited instead. */
export const previewRateLimitPerMinute = 60;
/** A project's own endpoint, per endpoint whoever calls it (its renders still count for its owner). */
export const endpointRateLimitPerMinute = 600;

/**
 * What one table may hold (the engine refuses more with 413 and a message naming the limit). One
 * source for the engine and the documentation.
 */
export const tableLimits = {
  /** The table JSON as serialised (the request body itself may be larger: BODY_LIMIT_MB). */
  maxPayloadBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  maxColumns: 100,
  maxCells: 200_000,
  maxCellChars: 10_000,
  /** PNG/JPEG output, in device pixels per side (taller tables: PDF, or pagination). */
  maxSidePixels: 16_384,
  /**
   * Pixel limits per raster format (device pixels). WebP cannot hold a side over 16,383 pixels.
   * WebP and AVIF encode several times slower than JPEG (measured on a 10 M pixel table on the
   * loaded 2-core machine: JPEG 0.7 s, WebP 2.2 s, AVIF 5.4 s), so their pixel totals are set to
   * stay a few seconds of encoding, well inside a render's time limit.
   */
  rasterPixels: {
    png: { side: 16_384, total: 40_000_000 },
    jpeg: { side: 16_384, total: 40_000_000 },
    webp: { side: 16_383, total: 24_000_000 },
    avif: { side: 16_384, total: 8_000_000 },
  },
  /**
   * PDFs are laid out by pdfmake, whose memory grows with the cells (~12 KB each, measured: 10,000
   * cells render within a 256 MB heap, 20,000 do not): the PDF limits are what a render worker's
   * heap holds with room to spare.
   */
  maxPdfPages: 100,
  maxPdfCells: 10_000,
  /** Nesting of arrays and objects anywhere in the payload. */
  maxDepth: MAX_JSON_DEPTH,
} as const;
/**
 * What the cell images of one table may cost (README "Limits and budgets"): the pixels they
 * decode to (width × height as their headers say, summed over distinct images; 32 M pixels is
 * 128 MB of RGBA) and the bytes fetched. An image past the budget is drawn as the placeholder,
 * with a warning. The anonymous demo gets a small budget: a logo or two, not image bombs.
 */
export const imageBudgets = {
  table: { pixels: 32_000_000, bytes: 20 * 1024 * 1024 },
  demo: { pixels: 1_000_000, bytes: 512 * 1024 },
} as const;
export type ImageBudget = { pixels: number; bytes: number };

/** The landing demo and the examples page share it: browsing the nine examples stays well inside. */
export const demoRateLimitPerHour = 120;
/** How long a preview URL lives, and a landing-page demo image. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
export const DEMO_TTL_MS = 24 * 60 * 60 * 1000;
/** Request JSON is kept beside its image this long (SPEC §1, §9). */
export const JSON_RETENTION_DAYS = 30;
