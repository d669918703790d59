/**
 * PDF through pdfmake (server side, its Printer used directly: no URL or file access, fonts
 * handed over as buffers from the same TTF files Skia uses). Column widths come from our layout so
 * the PDF matches the images; the header row repeats on every page; pages turn landscape (or
 * wider) when the table needs it. Characters the primary font lacks go to the script fallback
 * that has them (CJK, Arabic, Hebrew, emoji as outlines).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import bidiFactory from 'bidi-js';
import type { FetchedImages } from '../engine';
import { MYANMAR, MYANMAR_FEATURES, myanmarVisual } from './myanmar';
import {
  FACES,
  faceCovers as covers,
  facePath,
  fallbacks,
  FALLBACKS,
  type FaceId,
  type HanFace,
  type Weight,
} from '../fonts';
import { verticalPadding, type Layout, type LaidCell, type TextBlock, type TextStyle } from '../layout/layout';
import type { TableModel } from '../model';
import type { PdfOptions } from '@jsonable/contracts/table';
import { edgeRules, TABLE_SHADOW, verticalRulesInRow, type EdgeRule } from './plan';
import { shapesPdf } from './shapes';
import { checkPdfPages, LIMITS } from '../limits';
import { pageLabel } from './pages';
import { cellFill, drawnOnTop, gridInk, type PdfShadow } from './pdf-page';
import { installTagging, StructureTree, tagText, type StructNode } from './pdf-tags';
import { tooLarge } from '../errors';

const require = createRequire(import.meta.url);

type FontkitFont = { hasGlyphForCodePoint(cp: number): boolean };
type Fontkit = { create(buf: Uint8Array, postscriptName?: string): FontkitFont };
const fontkit = require('fontkit') as Fontkit;

/**
 * pdfkit parses every font again for every document (fontkit.create), and then shapes every word
 * from cold caches: for a 1,000-row table that was most of the time. Fonts here are immutable
 * buffers loaded once, so the parsed font (with its glyph and table caches) is shared across
 * documents: pdfkit is handed a fontkit whose `create` is memoised by buffer identity. This must
 * run before pdfkit is first required (pdfmake's Printer loads it).
 */
function shareParsedFonts(): void {
  const path = require.resolve('fontkit');
  const cached = require.cache[path];
  if (!cached || (cached.exports as { __jsonableShared?: boolean }).__jsonableShared) return;
  const parsed = new WeakMap<Uint8Array, Map<string, FontkitFont>>();
  const shared: Record<string, unknown> = { __jsonableShared: true };
  for (const key of Object.keys(fontkit)) shared[key] = (fontkit as unknown as Record<string, unknown>)[key];
  shared.create = (buf: Uint8Array, postscriptName?: string) => {
    let byName = parsed.get(buf);
    if (!byName) parsed.set(buf, (byName = new Map()));
    const key = postscriptName ?? '';
    let font = byName.get(key);
    if (!font) byName.set(key, (font = withLayoutCache(fontkit.create(buf, postscriptName))));
    return font;
  };
  cached.exports = shared;
}
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  [k: string]: number;
}
interface GlyphRunLike {
  glyphs: unknown[];
  positions: GlyphPosition[];
}
const MAX_RUNS_PER_FONT = 50_000;

/**
 * Shaping a word is the costly part of a PDF (OpenType contextual lookups). Words repeat across
 * documents, so shaped runs are kept per font. pdfkit scales the positions it receives in place,
 * so every caller gets its own copy of the positions; glyphs are shared read-only.
 */
function withLayoutCache(font: FontkitFont): FontkitFont {
  const runsByText = new Map<string, GlyphRunLike>();
  const base = font as unknown as { layout(text: string, features?: unknown): GlyphRunLike };
  const cachedFont = Object.create(font) as { layout(text: string, features?: unknown): unknown };
  /**
   * fontkit's GPOS reader fails on the null mark anchors of Noto Sans Telugu and Malayalam
   * ("Cannot read properties of null (reading 'xCoordinate')") for some syllables. Such a word is
   * laid out again without above/below-base mark positioning: its marks sit at their default
   * place instead of the render failing.
   */
  const layout = (text: string, features?: unknown): GlyphRunLike => {
    try {
      return base.layout.call(font, text, features);
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
      const on = Array.isArray(features)
        ? Object.fromEntries(features.map((f) => [String(f), true]))
        : typeof features === 'object' && features
          ? { ...features }
          : {};
      return base.layout.call(font, text, { ...on, abvm: false, blwm: false });
    }
  };
  cachedFont.layout = (text: string, features?: unknown) => {
    // Feature lists (['tnum'] for numbers) are part of the key; other forms are not cached.
    if (features !== undefined && !(Array.isArray(features) && features.every((f) => typeof f === 'string')))
      return layout(text, features);
    const key = features === undefined ? text : `${(features as string[]).join(',')}\u0000${text}`;
    let run = runsByText.get(key);
    if (!run) {
      const fresh = layout(text, features === undefined ? undefined : [...(features as string[])]);
      run = { glyphs: fresh.glyphs, positions: fresh.positions.map((p) => ({ ...p })) };
      if (runsByText.size >= MAX_RUNS_PER_FONT) runsByText.clear();
      runsByText.set(key, run);
    }
    const positions = run.positions.map((p) => ({ ...p }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let w = 0;
        for (const p of positions) w += p.xAdvance;
        return w;
      },
    };
  };
  return cachedFont as unknown as FontkitFont;
}

shareParsedFonts();
installTagging();
// pdfmake is CommonJS without types for its Printer.
const Printer = (require('pdfmake/js/Printer') as { default: new (...args: unknown[]) => PdfPrinter }).default;

interface PdfKitDoc {
  on(event: 'data', cb: (chunk: Buffer) => void): void;
  on(event: 'end' | 'error', cb: (e?: unknown) => void): void;
  end(): void;
  bufferedPageRange(): { count: number };
  _root?: unknown;
}
interface PdfPrinter {
  createPdfKitDocument(doc: unknown, options?: unknown): Promise<PdfKitDoc>;
}

/** Font buffers, loaded once per process and only for faces a PDF uses. */
const buffers = new Map<string, Buffer>();

function fontBuffer(id: FaceId, weight: Weight): Buffer {
  const path = facePath(id, weight);
  let b = buffers.get(path);
  if (!b) {
    b = readFileSync(path);
    buffers.set(path, b);
  }
  return b;
}

const EMOJI = /\p{Extended_Pictographic}/u;

/** The title as a running head: one short line (a long title is cut with an ellipsis). */
function clipTitle(title: string, max = 90): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clusters.segment(flat), (c) => c.segment);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}

const DROPPED = (cp: number) => (cp >= 0x1f3fb && cp <= 0x1f3ff) || cp === 0xfe0f || cp === 0xfe0e || cp === 0x200d;
/** Text whose characters each stand alone (no combining marks, joiners or emoji sequences). */
const SINGLE_CHARS =
  /^[\u0000-\u02FF\u0370-\u0482\u048A-\u052F\u2010-\u205F\u20A0-\u20CF\u2100-\u2BFF\u3000-\u9FFF\uAC00-\uD7AF]*$/;
const clusters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Splits text into runs of one face each, choosing a face per grapheme cluster (the first face, in
 * the stack's order, with every character of it), so a combining mark or a keycap stays with its
 * base. PDF emoji are outlines (no colour, no sequences), so modifiers and joiners are dropped,
 * flags become their two letters, and a cluster no bundled face has is left out rather than drawn
 * as an empty box.
 */
export function runs(
  text: string,
  primary: FaceId,
  stack: readonly FaceId[] = FALLBACKS,
): { text: string; face: FaceId }[] {
  const out: { text: string; face: FaceId }[] = [];
  const pieces = SINGLE_CHARS.test(text) ? text : Array.from(clusters.segment(text), (c) => c.segment);
  for (const cluster of pieces) {
    let ch = '';
    const cps: number[] = [];
    for (const c of cluster) {
      let cp = c.codePointAt(0)!;
      if (DROPPED(cp)) continue;
      if (cp >= 0x1f1e6 && cp <= 0x1f1ff) cp = cp - 0x1f1e6 + 65;
      cps.push(cp);
      ch += String.fromCodePoint(cp);
    }
    if (cps.length === 0) continue;
    const all = (f: FaceId) => cps.every((cp) => covers(f, cp));
    let face: FaceId | undefined = primary;
    if (cps.some((cp) => cp > 0x7f) && !all(primary)) {
      face = EMOJI.test(ch) && all('notoEmoji') ? 'notoEmoji' : stack.find(all);
      if (!face && all('notoEmoji')) face = 'notoEmoji';
      // No face has the whole cluster: the one with its base draws what it has.
      if (!face) face = [primary, ...stack, 'notoEmoji' as const].find((f) => covers(f, cps[0]!));
      if (!face) continue;
    }
    const last = out[out.length - 1];
    if (last && last.face === face) last.text += ch;
    else out.push({ text: ch, face });
  }
  return out;
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const bidi = bidiFactory();
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const reverseGraphemes = (text: string) =>
  Array.from(graphemes.segment(text), (g) => g.segment)
    .reverse()
    .join('');

/** Letters of scripts fontkit lays out right to left (it reverses such a run's glyphs itself). */
const RTL_SCRIPT =
  /[\u0591-\u05F4\u0620-\u063F\u0641-\u064A\u0656-\u065F\u0660-\u0669\u066E-\u06DC\u06DE-\u06FF\u0700-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;
const OTHER_SCRIPT = /[\p{L}\p{M}]/u;

/**
 * Whether fontkit lays a string out right to left: it takes the direction of the first character
 * whose script is not Common or Inherited (Script.forString), so a run of digits or punctuation
 * stays left to right and Arabic-Indic digits (script Arabic) go right to left.
 */
function fontkitRtl(text: string): boolean {
  for (const ch of text) {
    if (RTL_SCRIPT.test(ch)) return true;
    if (OTHER_SCRIPT.test(ch)) return false;
  }
  return false;
}

/** A directional run of a line, in visual order; `text` is in logical order (mirrored if rtl). */
export interface BidiRun {
  text: string;
  rtl: boolean;
}

/**
 * UAX #9 for one line (bidi-js), with the table's direction as the paragraph level, as the canvas
 * lays out each line: embedding levels, mirrored brackets in right-to-left runs, and the runs of
 * one level put in visual order (rule L2). Each run keeps its characters in logical order: the PDF
 * shaper (fontkit) reverses a right-to-left run itself, and Arabic must be shaped in logical order.
 */
export function bidiRuns(line: string, rtlBase: boolean): BidiRun[] {
  if (line === '' || (!rtlBase && !RTL_CHAR.test(line))) return [{ text: line, rtl: false }];
  const embedding = bidi.getEmbeddingLevels(line, rtlBase ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const level = (i: number) => embedding.levels[i]! & 1;
  const runs: BidiRun[] = [];
  for (let k = 0; k < order.length;) {
    const rtl = level(order[k]!) === 1;
    const step = rtl ? -1 : 1;
    let j = k + 1;
    while (j < order.length && level(order[j]!) === level(order[k]!) && order[j] === order[j - 1]! + step) j++;
    const lo = Math.min(order[k]!, order[j - 1]!);
    const hi = Math.max(order[k]!, order[j - 1]!);
    let text = '';
    for (let i = lo; i <= hi; i++) text += (rtl && mirrored.get(i)) || line[i];
    runs.push({ text, rtl });
    k = j;
  }
  return runs;
}

/**
 * Pieces of a bidi run, one per face, in visual order, each as the PDF must receive it so that
 * fontkit's own right-to-left reversal ends in the right order: a right-to-left piece fontkit
 * would not reverse (digits, punctuation, emoji alone) is reversed here, and a left-to-right one
 * it would reverse (Arabic-Indic digits) is reversed here first.
 */
function visualPieces(run: BidiRun, primary: FaceId, stack: readonly FaceId[]): { text: string; face: FaceId }[] {
  const pieces = runs(run.text, primary, stack);
  if (run.rtl) pieces.reverse();
  for (const p of pieces) if (run.rtl !== fontkitRtl(p.text)) p.text = reverseGraphemes(p.text);
  return pieces;
}

/** The characters of a line left to right as the PDF shows them (tests and debugging). */
export function visualOrder(line: string, rtlBase: boolean): string {
  return bidiRuns(line, rtlBase)
    .map((r) => (r.rtl ? reverseGraphemes(r.text) : r.text))
    .join('');
}

const PT = 0.75; // CSS px → PDF points (96 dpi → 72 dpi)
const MARGIN = 36;
/** Paper sizes in points, upright. */
const PAPER: Record<PdfOptions['pageSize'] & string, { w: number; h: number }> = {
  A4: { w: 595.28, h: 841.89 },
  Letter: { w: 612, h: 792 },
  Legal: { w: 612, h: 1008 },
};

/** Height for the table on the tallest page the options allow (points): for early page counts. */
export function largestPageBody(pdf: Required<PdfOptions>): number {
  const paper = PAPER[pdf.pageSize];
  return (pdf.orientation === 'landscape' ? paper.w : paper.h) - 2 * MARGIN;
}

interface PageSetup {
  /** Page size in points. */
  w: number;
  h: number;
  landscape: boolean;
  /** Points per CSS pixel of the layout (0.75 unless the table is scaled to the page's width). */
  unit: number;
  /** The table's left edge, in points from the page's left edge. */
  left: number;
}

/**
 * The page a table is printed on (sizes in points). The paper is turned when asked, or, with
 * `orientation: "auto"`, when the table is wider than tall or too wide for the upright page.
 * `fit: "width"` scales the table (text, padding, borders, images) to fill the width between the
 * margins, up or down; otherwise a table wider than that widens the page, which keeps its
 * proportions, rather than being cut. The table then sits left, centred or right.
 */
function pageSetup(tableWpx: number, tableHpx: number, pdf: Required<PdfOptions>): PageSetup {
  const paper = PAPER[pdf.pageSize];
  const usable = (w: number) => w - 2 * MARGIN;
  const tableW = tableWpx * PT;
  const landscape =
    pdf.orientation === 'landscape' ||
    (pdf.orientation === 'auto' && (tableWpx > tableHpx || tableW > usable(paper.w)));
  let w = landscape ? paper.h : paper.w;
  let h = landscape ? paper.w : paper.h;
  let unit = PT;
  if (pdf.fit === 'width' && tableW > 0) unit = (PT * usable(w)) / tableW;
  else if (tableW > usable(w)) {
    const grow = (tableW + 2 * MARGIN) / w;
    w *= grow;
    h *= grow;
  }
  const free = Math.max(0, usable(w) - tableWpx * unit);
  const left = MARGIN + (pdf.align === 'center' ? free / 2 : pdf.align === 'right' ? free : 0);
  return { w, h, landscape, unit, left };
}

/** A face's line as pdfkit sets it, per unit of font size: (hhea ascent − descent) / em. */
const lineRatios = new Map<string, number>();
function lineRatio(id: FaceId, weight: Weight): number {
  const path = facePath(id, weight);
  let ratio = lineRatios.get(path);
  if (ratio === undefined) {
    const f = fontkit.create(fontBuffer(id, weight)) as unknown as {
      ascent: number;
      descent: number;
      unitsPerEm: number;
    };
    ratio = (f.ascent - f.descent) / f.unitsPerEm;
    lineRatios.set(path, ratio);
  }
  return ratio;
}

/**
 * pdfmake's lineHeight (a multiple of the face's own line) that makes each line of `t` in `face`
 * as tall as the layout's line, so rows, and the rules between them, are where the layout has them.
 */
function lineHeightIn(face: FaceId, t: TextStyle): number {
  return t.lineHeight / (lineRatio(face, t.weight >= 600 ? 700 : 400) * t.size);
}

/**
 * How far below pdfkit's baseline (the line's top plus the face's ascent) the layout puts it, in
 * pixels: the canvas centres the glyphs' ascent and descent in the line, so half the line's extra
 * height is above them; pdfmake puts all of it under the last line. The Renderer lowers each line
 * by this (pdf-tags.ts).
 */
function baselineDrop(face: FaceId, t: TextStyle): number {
  return (t.lineHeight - lineRatio(face, t.weight >= 600 ? 700 : 400) * t.size) / 2;
}

function colour(c: string | null): string | undefined {
  if (!c) return undefined;
  return c.length === 9 ? c.slice(0, 7) : c;
}

/**
 * A cell with graphics: pdfmake canvas vectors drawn from the cell's content origin (its first
 * line's top, inside the padding), detached so they take no room, then the text. A sparkline cell
 * has no text: its vectors are the content, one line high, centred like text.
 */
function withShapes(lc: LaidCell, node: Record<string, unknown>, padPx: number, u: number): Record<string, unknown> {
  const { fillColor, colSpan, rowSpan, verticalAlignment, ...text } = node;
  const ox = lc.x + padPx;
  if (lc.lines.length === 0) {
    const h = Math.max(8, lc.text.lineHeight);
    const oy = lc.y + (lc.h - h) / 2;
    const vectors = shapesPdf(lc.shapes!, ox, oy, u);
    // An invisible line one box high gives the canvas its height.
    vectors.unshift({
      type: 'line',
      x1: 0,
      y1: 0,
      x2: 0,
      y2: h * u,
      lineWidth: 0.01,
      lineColor: colour(lc.background) ?? '#ffffff',
    });
    return { canvas: vectors, fillColor, colSpan, rowSpan, verticalAlignment };
  }
  const textTop = lc.baseline - ((lc.text.lineHeight - (lc.text.ascent + lc.text.descent)) / 2 + lc.text.ascent);
  return {
    stack: [{ canvas: shapesPdf(lc.shapes!, ox, textTop, u), relativePosition: { x: 0, y: 0 } }, text],
    fillColor,
    colSpan,
    rowSpan,
    verticalAlignment,
  };
}

/**
 * The PDF of a table: the page setup of `options.pdf`, the header row repeated on every page, the
 * title repeated small above the table on the pages after the first, "Page i of n" under it, and
 * the document's metadata (title, subject: the table's alt text, creator, creation date, language).
 */
export async function renderPdf(
  model: TableModel,
  layout: Layout,
  images: FetchedImages,
  altText: string,
  /**
   * Only the benchmark turns tagged and furniture off, to measure what the structure tree and page
   * furniture cost. pageBreaks: rows that start a new sheet (options.split of a PDF).
   */
  {
    tagged = true,
    furniture = true,
    pageBreaks = [],
  }: { tagged?: boolean; furniture?: boolean; pageBreaks?: readonly number[] } = {},
): Promise<{ bytes: Buffer; width: number; height: number; warnings: string[] }> {
  const s = model.styles;
  const primary = layout.face;
  const margin = MARGIN;
  const page = pageSetup(layout.tableW, layout.tableH, model.pdf);
  const u = page.unit;
  const blockW = layout.tableW * u;
  // Title, table and notes share the table's column on the page; 1 pt of slack keeps text laid
  // out to the table's width from wrapping again on pdfmake's own metrics.
  const blockMargins = (top: number, bottom: number) => [
    page.left - margin,
    top,
    Math.max(0, page.w - margin - page.left - blockW - 1),
    bottom,
  ];
  // A table that is sure to need more pages than allowed is refused before pdfmake lays it out.
  checkPdfPages(layout.tableH, u, page.h - 2 * margin);
  const pad = s.cellPadding * u;
  const vpad = verticalPadding(s.cellPadding) * u;
  const usedFaces = new Set<FaceId>([primary]);

  const rtlTable = model.direction === 'rtl';
  const stacks = new Map<HanFace, FaceId[]>();
  const stackFor = (han: HanFace) => stacks.get(han) ?? stacks.set(han, fallbacks(han)).get(han)!;
  /**
   * Text for pdfmake. Lines without right-to-left text go as they are. Lines with it go as pieces
   * in visual order, each kept whole (noWrap: pdfmake would otherwise split and re-order nothing,
   * but lay out words of mixed direction through one shaper call), lines ending with a newline.
   */
  const pdfText = (lines: string[], han: HanFace = layout.han, t?: TextStyle) => {
    const stack = stackFor(han);
    if (!rtlTable && !lines.some((l) => RTL_CHAR.test(l))) {
      const parts = runs(lines.join('\n'), primary, stack).map((r) => {
        usedFaces.add(r.face);
        return r.face === primary ? r.text : inline(r, t);
      });
      return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
    }
    const parts: Record<string, unknown>[] = [];
    lines.forEach((line, i) => {
      if (i > 0) parts.push({ text: '\n' });
      for (const run of bidiRuns(line, rtlTable)) {
        for (const p of visualPieces(run, primary, stack)) {
          usedFaces.add(p.face);
          parts.push({ ...inline(p, t), noWrap: true });
        }
      }
    });
    return parts;
  };
  const textOf = (lc: LaidCell) => pdfText(lc.lines, lc.text.han, lc.text);
  /** A run in another face than the primary; with a text style, its lines are the layout's height too. */
  const inline = (r: { text: string; face: FaceId }, t?: TextStyle) => ({
    ...(r.face === 'notoSansMyanmar' && MYANMAR.test(r.text)
      ? { text: myanmarVisual(r.text), font: FACES[r.face].family, fontFeatures: MYANMAR_FEATURES }
      : { text: r.text, font: FACES[r.face].family }),
    ...(t ? { lineHeight: lineHeightIn(r.face, t) } : {}),
  });

  // The structure a screen reader walks, in reading (logical) order: title, subtitle, the table
  // (header rows, then body rows, each cell in its column order), then the notes.
  const tree = new StructureTree();
  const titleNode = layout.title ? tree.add(tree.root, 'H1') : undefined;
  const subtitleNode = layout.subtitle ? tree.add(tree.root, 'P') : undefined;
  const tableNode = tree.add(tree.root, 'Table');
  const thead = model.headerRows > 0 ? tree.add(tableNode, 'THead') : undefined;
  const tbody = tree.add(tableNode, 'TBody');
  const rowsOfCells = model.rows.map((): LaidCell[] => []);
  for (const lc of layout.cells) rowsOfCells[lc.row]?.push(lc);
  const cellNodes = new Map<LaidCell, StructNode>();
  rowsOfCells.forEach((cells, r) => {
    const head = r < model.headerRows;
    const tr = tree.add(head ? thead! : tbody, 'TR');
    for (const lc of cells.sort((a, b) => a.col - b.col)) {
      const spans: Record<string, number> = {};
      if (lc.cell.colspan > 1) spans.ColSpan = lc.cell.colspan;
      if (lc.cell.rowspan > 1) spans.RowSpan = lc.cell.rowspan;
      cellNodes.set(
        lc,
        tree.add(tr, head ? 'TH' : 'TD', {
          ...(head ? { options: { scope: 'Column' }, repeats: true } : {}),
          ...(Object.keys(spans).length ? { attributes: spans } : {}),
        }),
      );
    }
  });

  const widths = model.columns.map((_, c) => {
    const v = layout.visual(c);
    return (layout.colEdges[v + 1]! - layout.colEdges[v]!) * u - 2 * pad;
  });
  // Visual order: rtl tables are mirrored. A span sits at its leftmost visual slot; the slots it
  // covers are empty placeholders, as pdfmake expects.
  const order = model.columns.map((_, c) => c).sort((a, b) => layout.visual(a) - layout.visual(b));
  const grid: (LaidCell | undefined)[][] = model.rows.map(() => new Array<LaidCell | undefined>(model.columns.length));
  for (const lc of layout.cells) {
    for (let dr = 0; dr < lc.cell.rowspan; dr++) {
      for (let dc = 0; dc < lc.cell.colspan; dc++) {
        const line = grid[lc.row + dr];
        if (line) line[layout.visual(lc.col + dc)] = lc;
      }
    }
  }
  const leftmost = (lc: LaidCell) => Math.min(layout.visual(lc.col), layout.visual(lc.col + lc.cell.colspan - 1));

  const body = model.rows.map((_, r) =>
    grid[r]!.map((lc, v): Record<string, unknown> => {
      if (!lc) return { text: '' };
      if (lc.row !== r || leftmost(lc) !== v) return {};
      const cell = lc.cell;
      const cellNode = cellNodes.get(lc)!;
      const node: Record<string, unknown> = {
        text: tagText(textOf(lc), cellNode).map((piece) => ({
          ...piece,
          _drop: baselineDrop(primary, lc.text) * u,
          ...(lc.text.italic ? { _oblique: true } : {}),
        })),
        fontSize: lc.text.size * u,
        bold: lc.text.weight >= 600,
        color: colour(lc.color),
        alignment: lc.align,
        verticalAlignment: 'middle',
        lineHeight: lineHeightIn(primary, lc.text),
      };
      if (lc.text.tabular) node.fontFeatures = ['tnum'];
      // Decimal alignment: the offset from the aligned edge, as a margin on that side.
      if (lc.shift < 0) node.margin = [0, 0, -lc.shift * u, 0];
      else if (lc.shift > 0) node.margin = [lc.shift * u, 0, 0, 0];
      if (lc.background) node.fillColor = colour(lc.background);
      if (cell.colspan > 1) node.colSpan = cell.colspan;
      if (cell.rowspan > 1) node.rowSpan = cell.rowspan;
      if (cell.link) {
        node.link = cell.link;
        node.decoration = 'underline';
      }
      if (cell.image) {
        const bytes = images.bytes.get(cell.image.src);
        const type = images.contentTypes.get(cell.image.src) ?? '';
        if (bytes && /^image\/(png|jpeg)$/.test(type)) {
          return {
            // The image is an artifact in the tagged structure: its alt text is the cell's text,
            // drawn under it as a caption, and read as the cell.
            stack: [
              {
                image: `data:${type};base64,${bytes.toString('base64')}`,
                fit: [cell.image.width * u, cell.image.height * u],
                alignment: 'center',
              },
              ...(lc.lines.length ? [node] : []),
            ],
            fillColor: node.fillColor,
            verticalAlignment: 'middle',
            colSpan: node.colSpan,
            rowSpan: node.rowSpan,
          };
        }
        return { ...node, text: tagText(cell.image.alt || '[image]', cellNode), color: '#94a3b8' };
      }
      if (lc.shapes) return withShapes(lc, node, s.cellPadding, u);
      return node;
    }),
  );

  // A row starts a new sheet when each of its cells asks to: pdfmake lays a row's cells out one
  // column at a time from the row's top, each moving to the next page itself (the header repeats
  // once). No rowspan crosses such a row; colspan placeholders ({}) are skipped.
  for (const r of pageBreaks) {
    for (const node of (body[r] ?? []) as Record<string, unknown>[]) {
      if (Object.keys(node).length > 0) node.pageBreak = 'before';
    }
  }

  // The grid and the firmer rules, edge by edge, as the canvas draws them (paint/plan.ts). pdfmake
  // puts its lines between the cells, taking room, where the canvas draws them over the cells: the
  // cells' padding gives that room back on each side, so every row and column edge (and the text
  // in the cells) is where the layout has it, and each line covers the pixels the canvas's does.
  // pdfmake draws its lines piece by piece after each row; their colours are marked (gridInk,
  // drawnOnTop) so that each page draws them in the plan's order, as whole runs, under the text
  // and with the firmer rules over the grid (pdf-page.ts).
  const edges = edgeRules(model, layout);
  const inks = new Map<string, number[]>();
  const lineWidth = (e: EdgeRule | null | undefined) => (e ? e.width * u : 0);
  const lineInk = (e: EdgeRule | null | undefined) => {
    if (!e) return undefined;
    const key = `${e.firm} ${e.color}`;
    let ink = inks.get(key);
    if (!ink) inks.set(key, (ink = e.firm ? drawnOnTop(e.color) : gridInk(colour(e.color)!)));
    return ink;
  };
  const lineStyle = (e: EdgeRule | null | undefined) =>
    e?.dash ? { dash: { length: e.dash[0] * u, space: e.dash[1] * u } } : null;
  /** Room the line at an edge takes before it and after it, in points. */
  const before = (e: EdgeRule | null | undefined) => (e ? e.before * u : 0);
  const after = (e: EdgeRule | null | undefined) => lineWidth(e) - before(e);
  const { rows: hEdges, columns: vEdges } = edges;
  const colCount = model.columns.length;
  // Header cells read as one band: their vertical lines are left out (the outer border and the
  // firmer rules stay), as the canvas leaves them out.
  const keepsLine = (v: number) => v === 0 || v === colCount || vEdges[v]?.firm === true;
  body.forEach((cells, r) => {
    if (verticalRulesInRow(model, r)) return;
    cells.forEach((cell, v) => {
      // A span's placeholders take its borders from it (pdfmake does that).
      if (Object.keys(cell).length === 0) return;
      const span = typeof cell.colSpan === 'number' ? cell.colSpan : 1;
      cell.border = [keepsLine(v), true, keepsLine(v + span), true];
    });
  });
  const tableLayout = {
    hLineWidth: (i: number) => lineWidth(hEdges[i]),
    vLineWidth: (i: number) => lineWidth(vEdges[i]),
    hLineColor: (i: number) => lineInk(hEdges[i]),
    vLineColor: (i: number) => lineInk(vEdges[i]),
    hLineStyle: (i: number) => lineStyle(hEdges[i]),
    vLineStyle: (i: number) => lineStyle(vEdges[i]),
    paddingLeft: (i: number) => Math.max(0, pad - after(vEdges[i])),
    paddingRight: (i: number) => Math.max(0, pad - before(vEdges[i + 1])),
    paddingTop: (r: number) => Math.max(0, vpad - after(hEdges[r])),
    paddingBottom: (r: number) => Math.max(0, vpad - before(hEdges[r + 1])),
  };

  // Title, subtitle and notes: the layout's blocks (text, size, colour, line height) and the gaps
  // between them and the table, in the PDF's own flow.
  const blockEnd = (b: TextBlock) => b.y + b.lines.length * b.text.lineHeight;
  const block = (b: TextBlock, top: number, bottom: number, tag: StructNode) => ({
    text: tagText(pdfText(b.lines, layout.han, b.text), tag).map((piece) => ({
      ...piece,
      _drop: baselineDrop(primary, b.text) * u,
    })),
    fontSize: b.text.size * u,
    bold: b.text.weight >= 600,
    color: colour(b.color),
    margin: blockMargins(top * u, bottom * u),
    alignment: b.align,
    lineHeight: lineHeightIn(primary, b.text),
  });
  const content: unknown[] = [];
  const { title, subtitle } = layout;
  if (title) content.push(block(title, 0, (subtitle ? subtitle.y : layout.tableY) - blockEnd(title), titleNode!));
  if (subtitle) content.push(block(subtitle, 0, layout.tableY - blockEnd(subtitle), subtitleNode!));
  // Rows stay whole on a page, unless one (with the repeated header above it) is taller than a
  // page: pdfmake then drops that row from the document, so such a table lets rows break. Layout
  // heights include the cells' padding; 5 % of slack covers pdfmake's own line metrics.
  const rowHeightPt = (r: number) => (layout.rowEdges[r + 1]! - layout.rowEdges[r]!) * u;
  const headerPt = Array.from({ length: model.headerRows }, (_, r) => rowHeightPt(r)).reduce((a, b) => a + b, 0);
  const pageBodyPt = (page.h - 2 * margin) * 0.95;
  const breaksBefore = new Set(pageBreaks);
  const fitsOnAPage = model.rows.every((_, r) => r < model.headerRows || headerPt + rowHeightPt(r) <= pageBodyPt);
  // Cells' fills cover their whole box, under the lines, as on the canvas (in pdfmake's layout of
  // whole rows; a row broken over pages keeps pdfmake's fill); the table's shadow is under them.
  const shadow: PdfShadow | null = s.tableShadow
    ? {
        sigma: (TABLE_SHADOW.blur / 2) * u,
        dy: TABLE_SHADOW.offsetY * u,
        color: TABLE_SHADOW.hex,
        opacity: TABLE_SHADOW.opacity,
      }
    : null;
  body.forEach((cells, r) =>
    cells.forEach((cell, v) => {
      if (typeof cell.fillColor !== 'string') return;
      const span = typeof cell.colSpan === 'number' ? cell.colSpan : 1;
      const box = {
        x: page.left + layout.colEdges[v]! * u,
        w: (layout.colEdges[v + span]! - layout.colEdges[v]!) * u,
        top: -after(hEdges[r]),
        bottom: -after(hEdges[r + 1]),
      };
      cell.fillColor = cellFill(cell.fillColor, fitsOnAPage ? box : undefined, shadow);
    }),
  );
  const table = {
    table: {
      headerRows: model.headerRows,
      dontBreakRows: fitsOnAPage,
      // Each row at least as tall as the layout's (pdfmake's rows grow with their content; lines of
      // the layout's height make them exactly so). Not for a row that starts on a new sheet or may
      // break over sheets: pdfmake adds the least height after content that moved to another page.
      heights: (r: number) =>
        !fitsOnAPage || breaksBefore.has(r)
          ? undefined
          : Math.max(
              0,
              rowHeightPt(r) +
                before(hEdges[r]) -
                before(hEdges[r + 1]) -
                lineWidth(hEdges[r]) -
                tableLayout.paddingTop(r) -
                tableLayout.paddingBottom(r),
            ),
      widths: order.map((c) => (Number.isFinite(widths[c]) ? Math.max(1, widths[c]!) : 1)),
      body,
    },
    layout: tableLayout,
    // The outer border starts half its width before the table's edge when it is wider than 1 px.
    margin: [page.left - margin - before(vEdges[0]), -before(hEdges[0]), 0, 0],
  };
  content.push(table);
  layout.notes.forEach((note, i) =>
    content.push(block(note, i === 0 ? note.y - (layout.tableY + layout.tableH) : 0, 0, tree.add(tree.root, 'P'))),
  );

  // Running head (pages after the first) and page numbers, in the page's top and bottom margins.
  // Both are page furniture (artifacts), not read as part of the document.
  const runningTitle = model.title ? tagText(pdfText([clipTitle(model.title)]), 'artifact') : null;
  const marginText = { fontSize: 8, color: colour(s.textColor) };
  const header = (current: number) =>
    runningTitle && current > 1
      ? {
          text: runningTitle,
          ...marginText,
          bold: true,
          margin: [page.left, 16, Math.max(0, page.w - page.left - blockW), 0],
          alignment: model.direction === 'rtl' ? 'right' : 'left',
        }
      : null;
  const footer = (current: number, count: number) => ({
    text: tagText(pageLabel(current, count), 'artifact'),
    ...marginText,
    alignment: 'center',
    margin: [margin, 14, margin, 0],
  });

  // Fonts reach pdfmake through a private virtual file system of buffers: no disk or URL access.
  const files = new Map<string, Buffer>();
  const fonts: Record<string, Record<string, string>> = {};
  for (const id of usedFaces) {
    const f = FACES[id];
    const regular = `${id}-400.ttf`;
    const bold = `${id}-700.ttf`;
    files.set(regular, fontBuffer(id, 400));
    files.set(bold, fontBuffer(id, 700));
    fonts[f.family] = { normal: regular, bold, italics: regular, bolditalics: bold };
  }
  const vfs = {
    existsSync: (name: unknown) => typeof name === 'string' && files.has(name),
    readFileSync: (name: string) => {
      const b = files.get(name);
      if (!b) throw new Error('no file access');
      return b;
    },
  };
  const denied = () => false;
  const printer = new Printer(
    fonts,
    vfs,
    {
      resolve: async () => undefined,
      resolved: async () => undefined,
      setUrlAccessPolicy: () => undefined,
    },
    denied,
  );
  const doc = await printer.createPdfKitDocument(
    {
      pageSize: { width: page.w, height: page.h },
      pageMargins: [margin, margin, margin, margin],
      version: '1.7',
      tagged,
      language: model.locale,
      displayTitle: true,
      info: {
        title: model.title ?? 'Table',
        subject: altText,
        creator: 'Jsonable',
        producer: 'Jsonable (pdfmake)',
        creationDate: new Date(),
      },
      header: furniture ? header : undefined,
      footer: furniture ? footer : undefined,
      defaultStyle: { font: FACES[primary].family, fontSize: s.fontSize * PT, color: colour(s.textColor) },
      background:
        s.backgroundColor !== '#ffffff'
          ? () => ({ canvas: [{ type: 'rect', x: 0, y: 0, w: page.w, h: page.h, color: colour(s.backgroundColor) }] })
          : undefined,
      content,
    },
    { bufferPages: true },
  );
  const pages = doc.bufferedPageRange().count;
  if (pages > LIMITS.maxPdfPages) throw tooLarge(`The PDF would have ${pages} pages (at most ${LIMITS.maxPdfPages})`);
  const chunks: Buffer[] = [];
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
  return { bytes, width: Math.round(page.w), height: Math.round(page.h), warnings: [] };
}
