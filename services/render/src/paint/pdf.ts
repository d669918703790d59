/**
 * PDF through pdfmake (server side, its Printer used directly: no URL or file access, fonts
 * handed over as buffers from the same TTF files Skia uses). Column widths come from our layout so
 * the PDF matches the images; the header row repeats on every page; pages turn landscape (or
 * wider) when the table needs it. Characters the primary font lacks go to the script fallback
 * that has them (CJK, Arabic, Hebrew, emoji as outlines).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { FetchedImages } from '../engine';
import { FACES, facePath, FALLBACKS, type FaceId, type Weight } from '../fonts';
import type { Layout, LaidCell } from '../layout/layout';
import type { TableModel } from '../model';
import { LIMITS } from '../limits';
import { RenderInputError } from '../errors';

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
interface GlyphPosition { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; [k: string]: number }
interface GlyphRunLike { glyphs: unknown[]; positions: GlyphPosition[] }
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
  cachedFont.layout = (text: string, features?: unknown) => {
    if (features !== undefined) return base.layout.call(font, text, features);
    let run = runsByText.get(text);
    if (!run) {
      const fresh = base.layout.call(font, text);
      run = { glyphs: fresh.glyphs, positions: fresh.positions.map((p) => ({ ...p })) };
      if (runsByText.size >= MAX_RUNS_PER_FONT) runsByText.clear();
      runsByText.set(text, run);
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

/** Font buffers and glyph coverage, loaded once per process and only for faces a PDF uses. */
const buffers = new Map<string, Buffer>();
const coverage = new Map<FaceId, { hasGlyphForCodePoint(cp: number): boolean }>();

function fontBuffer(id: FaceId, weight: Weight): Buffer {
  const path = facePath(id, weight);
  let b = buffers.get(path);
  if (!b) {
    b = readFileSync(path);
    buffers.set(path, b);
  }
  return b;
}

function covers(id: FaceId, cp: number): boolean {
  let f = coverage.get(id);
  if (!f) {
    f = fontkit.create(fontBuffer(id, 400));
    coverage.set(id, f);
  }
  return f.hasGlyphForCodePoint(cp);
}

const EMOJI = /\p{Extended_Pictographic}/u;

/**
 * Splits text into runs of one face each. PDF emoji are outlines (no colour, no sequences), so
 * modifiers and joiners are dropped, flags become their two letters, and a character no bundled
 * face has is left out rather than drawn as an empty box.
 */
function runs(text: string, primary: FaceId): { text: string; face: FaceId }[] {
  const out: { text: string; face: FaceId }[] = [];
  for (const original of text) {
    let ch = original;
    const cp0 = ch.codePointAt(0)!;
    if ((cp0 >= 0x1f3fb && cp0 <= 0x1f3ff) || cp0 === 0xfe0f || cp0 === 0xfe0e || cp0 === 0x200d) continue;
    if (cp0 >= 0x1f1e6 && cp0 <= 0x1f1ff) ch = String.fromCharCode(cp0 - 0x1f1e6 + 65);
    const cp = ch.codePointAt(0)!;
    let face: FaceId | undefined = primary;
    if (cp > 0x7f && !covers(primary, cp)) {
      face = EMOJI.test(ch) && covers('notoEmoji', cp) ? 'notoEmoji' : FALLBACKS.find((f) => covers(f, cp));
      if (!face && covers('notoEmoji', cp)) face = 'notoEmoji';
      if (!face) continue;
    }
    const last = out[out.length - 1];
    if (last && last.face === face) last.text += ch;
    else out.push({ text: ch, face });
  }
  return out;
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** A letter of a left-to-right script (Latin, Greek, Cyrillic, CJK, Indic, Thai…). */
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0900-\u0DFF\u0E00-\u0E7F\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF]/;
const DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/;

/**
 * pdfkit shapes Arabic and Hebrew words but does not reorder bidirectional text, so the words of
 * a line are put in display order here, by a word-level form of the Unicode bidi rules: a run of
 * right-to-left words inside a left-to-right line is reversed in place ("Hello שלום مرحبا 5"
 * keeps Hello first), and in a right-to-left line (an rtl table) the word order is reversed
 * except for runs of left-to-right words and numbers, which keep their order ("Order #4512").
 * Each word stays whole and shaped. Spaces and punctuation between words of one direction belong
 * to that run; elsewhere they follow the line's direction.
 */
export function visualOrder(line: string, rtlBase: boolean): string {
  if (!rtlBase && !RTL_CHAR.test(line)) return line;
  const tokens = line.split(/(\s+)/).filter((t) => t !== '');
  const strong = tokens.map((t): 'r' | 'l' | null => (RTL_CHAR.test(t) ? 'r' : LTR_LETTER.test(t) || DIGIT.test(t) ? 'l' : null));
  const base: 'r' | 'l' = rtlBase ? 'r' : 'l';
  // Neutrals (spaces, punctuation, emoji) between two words of one direction take it; else the base.
  const dir = strong.map((d, i) => {
    if (d) return d;
    let before: 'r' | 'l' | null = null;
    for (let j = i - 1; j >= 0 && !before; j--) before = strong[j]!;
    let after: 'r' | 'l' | null = null;
    for (let j = i + 1; j < strong.length && !after; j++) after = strong[j]!;
    return before && before === after ? before : base;
  });
  const other = base === 'l' ? 'r' : 'l';
  // Reverse each maximal run of the other direction; for an rtl line, then reverse the whole.
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (dir[i] !== other) {
      out.push(tokens[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < tokens.length && dir[j] === other) j++;
    out.push(...tokens.slice(i, j).reverse());
    i = j;
  }
  return (base === 'r' ? out.reverse() : out).join('');
}

const PT = 0.75; // CSS px → PDF points (96 dpi → 72 dpi)

function colour(c: string | null): string | undefined {
  if (!c) return undefined;
  return c.length === 9 ? c.slice(0, 7) : c;
}

export async function renderPdf(model: TableModel, layout: Layout, images: FetchedImages): Promise<{ bytes: Buffer; width: number; height: number; warnings: string[] }> {
  const s = model.styles;
  const primary = layout.face;
  const margin = 36;
  const tableWpt = layout.tableW * PT;
  // A4 portrait when the table fits, landscape when it needs to, a wider page beyond that.
  const portrait = { w: 595.28, h: 841.89 };
  const usable = (w: number) => w - 2 * margin;
  const page = tableWpt <= usable(portrait.w) ? portrait : tableWpt <= usable(portrait.h) ? { w: portrait.h, h: portrait.w } : { w: tableWpt + 2 * margin, h: Math.max(portrait.w, (tableWpt + 2 * margin) * 0.7071) };
  const pad = s.cellPadding * PT;
  const vpad = Math.round(s.cellPadding * 0.8) * PT;
  const usedFaces = new Set<FaceId>([primary]);

  const textOf = (lc: LaidCell) => {
    const lines = lc.lines.map((l) => visualOrder(l, model.direction === 'rtl')).join('\n');
    const parts = runs(lines, primary).map((r) => {
      usedFaces.add(r.face);
      return r.face === primary ? r.text : { text: r.text, font: FACES[r.face].family };
    });
    return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
  };

  const widths = model.columns.map((_, c) => {
    const v = layout.visual(c);
    return (layout.colEdges[v + 1]! - layout.colEdges[v]!) * PT - 2 * pad;
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

  const body = model.rows.map((_, r) => grid[r]!.map((lc, v) => {
    if (!lc) return { text: '' };
    if (lc.row !== r || leftmost(lc) !== v) return {};
    const cell = lc.cell;
    const node: Record<string, unknown> = {
      text: textOf(lc),
      fontSize: lc.text.size * PT,
      bold: lc.text.weight >= 600,
      italics: lc.text.italic,
      color: colour(lc.color),
      alignment: lc.align,
      verticalAlignment: 'middle',
      lineHeight: lc.text.lineHeight / (lc.text.size * 1.2),
    };
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
          stack: [{ image: `data:${type};base64,${bytes.toString('base64')}`, fit: [cell.image.width * PT, cell.image.height * PT], alignment: 'center' }, ...(lc.lines.length ? [node] : [])],
          fillColor: node.fillColor,
          verticalAlignment: 'middle',
          colSpan: node.colSpan,
          rowSpan: node.rowSpan,
        };
      }
      return { ...node, text: cell.image.alt || '[image]', color: '#94a3b8' };
    }
    return node;
  }));

  const bw = s.borderStyle === 'none' ? 0 : s.borderWidth * PT;
  const dash = s.borderStyle === 'dashed' ? { length: 3, space: 2 } : s.borderStyle === 'dotted' ? { length: 1, space: 1.5 } : undefined;
  const rowCount = model.rows.length;
  const colCount = model.columns.length;
  const tableLayout = {
    hLineWidth: (i: number) => (bw === 0 ? 0 : model.showGridLines || i === 0 || i === rowCount || (model.freezeHeader && i === model.headerRows) ? (model.freezeHeader && i === model.headerRows ? Math.max(bw, 1.5) : bw) : 0),
    vLineWidth: (i: number) => (bw === 0 ? 0 : (model.showGridLines || i === 0 || i === colCount) && (model.showBorder || (i > 0 && i < colCount)) ? bw : 0),
    hLineColor: () => s.borderColor,
    vLineColor: () => s.borderColor,
    hLineStyle: () => (dash ? { dash } : null),
    vLineStyle: () => (dash ? { dash } : null),
    paddingLeft: () => pad,
    paddingRight: () => pad,
    paddingTop: () => vpad,
    paddingBottom: () => vpad,
  };

  const content: unknown[] = [];
  if (model.title) {
    const titleSize = (s.titleFontSize ?? Math.round(s.fontSize * 1.43)) * PT;
    content.push({ text: runs(visualOrder(model.title, model.direction === 'rtl'), primary).map((r) => { usedFaces.add(r.face); return { text: r.text, font: FACES[r.face].family }; }), fontSize: titleSize, bold: true, color: colour(s.titleColor), margin: [0, 0, 0, 10], alignment: model.direction === 'rtl' ? 'right' : 'left' });
  }
  // Rows stay whole on a page, unless one (with the repeated header above it) is taller than a
  // page: pdfmake then drops that row from the document, so such a table lets rows break. Layout
  // heights include the cells' padding; 5 % of slack covers pdfmake's own line metrics.
  const rowHeightPt = (r: number) => (layout.rowEdges[r + 1]! - layout.rowEdges[r]!) * PT;
  const headerPt = Array.from({ length: model.headerRows }, (_, r) => rowHeightPt(r)).reduce((a, b) => a + b, 0);
  const pageBodyPt = (page.h - 2 * margin) * 0.95;
  const fitsOnAPage = model.rows.every((_, r) => r < model.headerRows || headerPt + rowHeightPt(r) <= pageBodyPt);
  const table = {
    table: { headerRows: model.headerRows, dontBreakRows: fitsOnAPage, widths: order.map((c) => (Number.isFinite(widths[c]) ? Math.max(1, widths[c]!) : 1)), body },
    layout: tableLayout,
  };
  // Right-to-left tables sit against the right margin, under their right-aligned title.
  content.push(model.direction === 'rtl' ? { columns: [{ width: '*', text: '' }, { width: 'auto', ...table }] } : table);

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
  const printer = new Printer(fonts, vfs, {
    resolve: async () => undefined,
    resolved: async () => undefined,
    setUrlAccessPolicy: () => undefined,
  }, denied);
  const doc = await printer.createPdfKitDocument({
    pageSize: { width: page.w, height: page.h },
    pageMargins: [margin, margin, margin, margin],
    info: { title: model.title ?? 'Table', creator: 'Jsonable', producer: 'Jsonable' },
    defaultStyle: { font: FACES[primary].family, fontSize: s.fontSize * PT, color: colour(s.textColor) },
    background: s.backgroundColor !== '#ffffff' ? () => ({ canvas: [{ type: 'rect', x: 0, y: 0, w: page.w, h: page.h, color: colour(s.backgroundColor) }] }) : undefined,
    content,
  }, { bufferPages: true });
  const pages = doc.bufferedPageRange().count;
  if (pages > LIMITS.maxPdfPages) throw new RenderInputError(413, `The PDF would have ${pages} pages (at most ${LIMITS.maxPdfPages})`);
  const chunks: Buffer[] = [];
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
  return { bytes, width: Math.round(page.w), height: Math.round(page.h), warnings: [] };
}

