/**
 * Draws a layout with Skia (@napi-rs/canvas): backgrounds, grid lines in the chosen border style,
 * header emphasis, text with font fallback and bidi, cell images (placeholder when missing).
 */
import { createCanvas, ImageData, loadImage, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFontsRegistered } from '../fonts';
import { fittedSize, type ScaledBitmap } from '../images/area-average';
import { decodeGifAtSize } from '../images/gif-at-size';
import { decodePngAtSize } from '../images/png-at-size';
import { sniffImage } from '../images/sniff';
import type { Layout, LaidCell } from '../layout/layout';
import type { TableModel } from '../model';
import { imageBox, placeholderFill, ruleStart, TABLE_SHADOW, tablePlan, textX, underlineTop } from './plan';
import { paintShapesCanvas, paintTextBlockCanvas } from './shapes';

export type LoadedImages = Map<string, Image | Canvas | null>;

/**
 * Called with the size of every bitmap the decode path allocates (a test seam: decoding must never
 * hold more pixels than an image is drawn at).
 */
type BitmapProbe = (width: number, height: number) => void;

/**
 * Decodes fetched cell images before painting, one at a time, each at most at the size it is
 * drawn (`drawn`, device pixels). A PNG or GIF larger than that is decoded straight to the drawn
 * size (png-at-size.ts, gif-at-size.ts), so its full-size pixels never exist. JPEG and WebP (and
 * interlaced PNGs and GIFs drawn at more than a megapixel) are decoded by Skia at full size, which
 * @napi-rs/canvas offers no other way to do, and scaled down at once into a canvas of the drawn
 * size: their full-size pixels live only while that one image is handled, and the table's image
 * budget admitted them by their full size. A failure is a placeholder.
 */
export async function decodeImages(
  bytes: Map<string, Buffer | null>,
  drawn: Map<string, { width: number; height: number }> = new Map(),
  probe: BitmapProbe = () => {},
): Promise<LoadedImages> {
  const out: LoadedImages = new Map();
  for (const [src, buf] of bytes) {
    if (!buf) {
      out.set(src, null);
      continue;
    }
    try {
      const box = drawn.get(src);
      const header = sniffImage(buf);
      if (
        box &&
        (header?.kind === 'png' || header?.kind === 'gif') &&
        header.width &&
        header.height &&
        (header.width > box.width || header.height > box.height)
      ) {
        const bitmap =
          header.kind === 'png'
            ? await decodePngAtSize(buf, box.width, box.height)
            : decodeGifAtSize(buf, box.width, box.height);
        if (bitmap) {
          out.set(src, toCanvas(bitmap, probe));
          continue;
        }
      }
      const img = await loadImage(buf);
      probe(img.width, img.height);
      out.set(src, box ? atMost(img, box.width, box.height, probe) : img);
    } catch {
      out.set(src, null);
    }
  }
  return out;
}

function toCanvas(bitmap: ScaledBitmap, probe: BitmapProbe): Canvas {
  probe(bitmap.width, bitmap.height);
  const c = createCanvas(bitmap.width, bitmap.height);
  c.getContext('2d').putImageData(new ImageData(bitmap.data, bitmap.width, bitmap.height), 0, 0);
  return c;
}

/** `img` itself when it fits in w × h, else a copy scaled down to fit (aspect ratio kept). */
function atMost(img: Image, w: number, h: number, probe: BitmapProbe): Image | Canvas {
  if (img.width <= 0 || img.height <= 0) return img;
  const size = fittedSize(img.width, img.height, w, h);
  if (size.width === img.width && size.height === img.height) return img;
  probe(size.width, size.height);
  const c = createCanvas(size.width, size.height);
  const ctx = c.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, c.width, c.height);
  return c;
}

/**
 * A grid line `width` wide from `ruleStart` of its edge, solid as a rectangle on whole pixels
 * (crisp at any device scale), dashed or dotted stroked down its middle from its start.
 */
function line(
  ctx: SKRSContext2D,
  l: { x1: number; y1: number; x2: number; y2: number },
  width: number,
  dash: [number, number] | null,
) {
  const across = l.y1 === l.y2;
  if (!dash) {
    if (across) ctx.fillRect(l.x1, ruleStart(l.y1, width), l.x2 - l.x1, width);
    else ctx.fillRect(ruleStart(l.x1, width), l.y1, width, l.y2 - l.y1);
    return;
  }
  ctx.beginPath();
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  const mid = (edge: number) => ruleStart(edge, width) + width / 2;
  if (across) {
    ctx.moveTo(l.x1, mid(l.y1));
    ctx.lineTo(l.x2, mid(l.y2));
  } else {
    ctx.moveTo(mid(l.x1), l.y1);
    ctx.lineTo(mid(l.x2), l.y2);
  }
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * The text state last set on the context: setting a font or colour parses it again every time
 * (~1.6 µs and ~1 µs here), and most cells share them with the cell before.
 */
interface TextState {
  font: string;
  tabular: boolean;
  color: string;
  align: string;
}

function drawCellText(ctx: SKRSContext2D, lc: LaidCell, pad: number, state: TextState) {
  if (lc.lines.length === 0) return;
  // Numbers differ from the text beside them only in their figures: switch just that.
  if (state.font !== lc.text.css) ctx.font = state.font = lc.text.css;
  if (state.tabular !== lc.text.tabular) {
    ctx.fontVariantNumeric = lc.text.tabular ? 'tabular-nums' : 'normal';
    state.tabular = lc.text.tabular;
  }
  if (state.color !== lc.color) ctx.fillStyle = state.color = lc.color;
  if (state.align !== lc.align) ctx.textAlign = state.align = lc.align;
  const x = textX(lc, pad);
  lc.lines.forEach((text, i) => {
    const y = lc.baseline + i * lc.text.lineHeight;
    ctx.fillText(text, x, y);
    if (lc.cell.link) {
      const w = ctx.measureText(text).width;
      const start = lc.align === 'left' ? x : lc.align === 'right' ? x - w : x - w / 2;
      ctx.fillRect(start, underlineTop(y), w, 1);
    }
  });
}

function drawImage(ctx: SKRSContext2D, lc: LaidCell, img: Image | Canvas | null | undefined, border: string) {
  const spec = lc.cell.image!;
  const { left, top } = imageBox(lc);
  if (img && img.width > 0 && img.height > 0) {
    const scale = Math.min(spec.width / img.width, spec.height / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    ctx.drawImage(img, left + (spec.width - w) / 2, top + (spec.height - h) / 2, w, h);
    return;
  }
  // Placeholder: a soft box with a diagonal, so a missing image reads as missing, not as blank.
  ctx.fillStyle = placeholderFill(border);
  ctx.fillRect(left, top, spec.width, spec.height);
  ctx.strokeStyle = border;
  ctx.lineWidth = 1;
  ctx.strokeRect(left + 0.5, top + 0.5, spec.width - 1, spec.height - 1);
  ctx.beginPath();
  ctx.moveTo(left + 0.5, top + spec.height - 0.5);
  ctx.lineTo(left + spec.width - 0.5, top + 0.5);
  ctx.stroke();
}

/**
 * The last raster canvas, kept for the next table of the same size: creating one allocates (and
 * zeroes) its whole pixel buffer, and a fresh one per render keeps V8's collector busy. Only
 * canvases up to this many pixels are kept.
 */
export const SPARE_MAX_PIXELS = 4_000_000;
let spare: Canvas | null = null;

/** Gives a canvas back once its pixels have been read (see `paintCanvas`'s `reusable`). */
export function releaseCanvas(canvas: Canvas): void {
  if (canvas.width * canvas.height <= SPARE_MAX_PIXELS) spare = canvas;
  else freeCanvas(canvas);
}

/**
 * Frees a canvas's pixels now: Skia replaces its surface when it is resized. Otherwise they would
 * live until V8's collector finds the small JavaScript object that holds them, which under a heap
 * that is mostly empty can be many renders later (a 40 M pixel table is 160 MB).
 */
function freeCanvas(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
}

/** Frees the pixels of the decoded images this module made (scaled copies) once they are drawn. */
export function freeImages(images: LoadedImages): void {
  for (const img of images.values()) if (img && 'getContext' in img) freeCanvas(img);
}

export interface Painted {
  canvas: Canvas;
  /** Every pixel is opaque: an opaque background was painted under everything. */
  opaque: boolean;
}

/**
 * Paints the table. With `reusable`, the canvas may be the one kept from an earlier render of the
 * same size (cleared first); hand it back with `releaseCanvas` once its pixels have been read,
 * and not before: the next render paints over it.
 */
export function paintCanvas(
  model: TableModel,
  layout: Layout,
  images: LoadedImages,
  { reusable = false } = {},
): Painted {
  ensureFontsRegistered();
  const s = model.styles;
  const scale = model.deviceScaleFactor;
  const w = Math.ceil(layout.width * scale);
  const h = Math.ceil(layout.height * scale);
  let canvas: Canvas;
  if (reusable && spare && spare.width === w && spare.height === h) {
    canvas = spare;
    spare = null;
    // reset() clears the pixels to transparent black and every drawing state, as in browsers.
    canvas.getContext('2d').reset();
  } else {
    canvas = createCanvas(w, h);
  }
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.fillStyle = s.backgroundColor;
  // The canvas normalises an opaque colour to #rrggbb and any other to rgba(…); a colour it cannot
  // parse leaves the previous (opaque black) style, which is then what gets painted.
  const opaque = ctx.fillStyle.startsWith('#') && layout.width * scale === w && layout.height * scale === h;
  ctx.fillRect(0, 0, layout.width, layout.height);

  const plan = tablePlan(model, layout);
  if (plan.shadow) {
    const box = plan.shadow;
    ctx.save();
    ctx.shadowColor = `rgba(${TABLE_SHADOW.rgb.join(', ')}, ${TABLE_SHADOW.opacity})`;
    ctx.shadowBlur = TABLE_SHADOW.blur;
    ctx.shadowOffsetY = TABLE_SHADOW.offsetY;
    ctx.fillStyle = box.fill;
    ctx.fillRect(box.x, box.y, box.w, box.h);
    ctx.restore();
  }

  if (layout.title) paintTextBlockCanvas(ctx, layout.title, layout.direction);
  if (layout.subtitle) paintTextBlockCanvas(ctx, layout.subtitle, layout.direction);
  for (const note of layout.notes) paintTextBlockCanvas(ctx, note, layout.direction);

  let fill = '';
  for (const lc of layout.cells) {
    if (!lc.background) continue;
    if (fill !== lc.background) ctx.fillStyle = fill = lc.background;
    ctx.fillRect(lc.x, lc.y, lc.w, lc.h);
  }

  // Grid: the plan's lines (between rows and columns, not through spans; the border), then the
  // firmer rules over them (frozen header and first column, totals).
  const { grid, emphasis } = plan;
  ctx.fillStyle = grid.color;
  ctx.strokeStyle = grid.color;
  for (const l of grid.lines) line(ctx, l, grid.width, grid.dash);
  ctx.fillStyle = emphasis.color;
  for (const r of emphasis.rects) ctx.fillRect(r.x, r.y, r.w, r.h);

  const pad = s.cellPadding;
  ctx.direction = layout.direction === 'rtl' ? 'rtl' : 'ltr';
  const state: TextState = { font: '', tabular: false, color: '', align: '' };
  for (const lc of layout.cells) {
    if (lc.shapes) {
      paintShapesCanvas(ctx, lc.shapes);
      state.color = ''; // shapes set their own fill
    }
    if (lc.cell.image) {
      drawImage(ctx, lc, images.get(lc.cell.image.src), s.borderColor);
      state.color = ''; // drawImage's placeholder sets its own fill
    }
    drawCellText(ctx, lc, pad, state);
  }
  return { canvas, opaque };
}
