/**
 * A render's cost, estimated on the main thread before it is queued, from the table's shape alone
 * (rows × columns, the format, how many image cells the first row suggests): O(columns), never a
 * walk over the cells. Units are roughly milliseconds of one core (measured 2026-11-25 on the
 * shared machine, engine in-process: reference 20 × 4 PNG 10–50 ms, 100 × 10 PNG 0.64 s, 200 × 20
 * PNG 1.7 s, 500 × 20 SVG 0.28 s, 100 × 10 PDF 1.9 s, 500 × 20 PDF 5.9 s, 200 image bombs on the
 * demo's budget 0.14 s, 20 on a key's budget 0.67 s). It only sorts renders into light and heavy
 * (HEAVY_COST): heavy ones do not take the worker kept for light ones.
 */
import type { ImageFormat } from '@jsonable/contracts/formats';
import { PRESETS } from '@jsonable/contracts/presets';
import { imageBudgets } from '@jsonable/contracts/render-api';
import type { RenderInput } from '@jsonable/domain/ports';

/** From this estimate on, a render is heavy (about half a second of a core). */
export const HEAVY_COST = 500;

/**
 * WebP and AVIF were not measured here: WebP taken a little above PNG, AVIF from its encoder being
 * ~8× slower than JPEG's (README, issue #29) applied to the encoding half of a PNG render.
 */
const PER_CELL: Record<ImageFormat, number> = { png: 0.6, jpeg: 0.6, webp: 0.8, avif: 3, svg: 0.1, pdf: 1 };
const PDF_BASE = 200;
/** Per image cell: fetch or base64 decode and sniff its header (200 bombs on the demo: 0.14 s in all). */
const PER_IMAGE = 1;
/**
 * Decoding and drawing: ~20 ms per megapixel. An image counts as 1 MP, or as the size it is drawn
 * at when that is larger (`format.width` × `format.height` at the device scale: an image drawn at
 * 4000 × 4000 is decoded at full size, painted and encoded), up to the table's pixel budget.
 */
const PER_MEGAPIXEL = 20;
/** Painting and encoding the canvas area images are drawn on: ~15 ms per megapixel. */
const PER_CANVAS_MEGAPIXEL = 15;
/** The largest canvas (40 M pixels, the PNG/JPEG limit). */
const MAX_CANVAS_MP = 40;

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : undefined;

export function estimateRenderCost(input: RenderInput): number {
  const { request } = input;
  const rowsOf = request.rows ?? request.data ?? [];
  const first: unknown = rowsOf[0];
  const firstCells = Array.isArray(first) ? first : Object.values(obj(first) ?? {});
  const columns = Math.max(request.headers?.length ?? 0, firstCells.length, 1);
  const pagination = request.options.pagination;
  const rows = pagination?.enabled ? Math.min(rowsOf.length, pagination.pageSize ?? 10) : rowsOf.length;

  const format =
    [input.format, request.format, request.styles.imageFormat, input.projectStyles?.imageFormat].find(
      (f): f is ImageFormat => typeof f === 'string' && Object.hasOwn(PER_CELL, f),
    ) ?? 'png';
  let cost = rows * columns * PER_CELL[format] + (format === 'pdf' ? PDF_BASE : 0);

  const imageCells = firstCells.slice(0, 200).filter(isImageCell);
  const images = Math.min(rows * imageCells.length, 200);
  if (images > 0) {
    const budgetMp = (input.imageBudget ?? imageBudgets.table).pixels / 1e6;
    const preset = request.options.preset ? PRESETS[request.options.preset]?.scale : undefined;
    const scale = request.options.deviceScaleFactor ?? preset ?? 1;
    const drawn = imageCells.map((cell) => drawnMegapixels(cell, scale));
    const mean = (mp: number[]) => mp.reduce((a, b) => a + b, 0) / mp.length;
    const decodedMp = images * mean(drawn.map((mp) => Math.max(1, mp)));
    const drawnMp = images * mean(drawn);
    cost +=
      images * PER_IMAGE +
      Math.min(decodedMp, budgetMp) * PER_MEGAPIXEL +
      Math.min(drawnMp, MAX_CANVAS_MP) * PER_CANVAS_MEGAPIXEL;
  }
  return cost;
}

function isImageCell(cell: unknown): boolean {
  if (typeof cell === 'string') return cell.startsWith('data:image/');
  return obj(cell)?.type === 'image';
}

/** The megapixels an image cell asks to be drawn at (0 when it names no size). */
function drawnMegapixels(cell: unknown, scale: number): number {
  const format = obj(obj(cell)?.format);
  const side = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
  const w = side(format?.width);
  const h = side(format?.height);
  return ((w || h) * (h || w) * scale * scale) / 1e6;
}
