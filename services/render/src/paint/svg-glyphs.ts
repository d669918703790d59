/**
 * Text as glyphs for SVG: each line is cut into bidi runs (UAX #9, the table's direction as the
 * paragraph level, as the canvas lays it out), each run into pieces of one face (the same choice
 * per grapheme cluster as the embedded subsets), and each piece shaped by HarfBuzz (harfbuzzjs)
 * in the file Skia draws it with, with kerning, ligatures, Arabic joining and marks, and tabular
 * figures where the engine asks for them. The result places every glyph where the PNG has it.
 *
 * `svgText: "paths"` draws those glyphs as outlines (`<path>` per distinct glyph in <defs>, one
 * `<use>` per glyph); both modes draw colour emoji as small PNG images at their glyph's place,
 * because harfbuzz's subsetter keeps no colour tables (COLR/CPAL) and emoji have no outline.
 */
import { createCanvas } from '@napi-rs/canvas';
import bidiFactory from 'bidi-js';
import { readFileSync } from 'node:fs';
import { facePath, faceWeight, FACES, type FaceId, type Weight } from '../fonts';
import { measure } from '../layout/text';
import type { TextStyle } from '../layout/layout';
import { fmt } from './shapes';
import { faceOf } from './svg-fonts';

type Harfbuzz = typeof import('harfbuzzjs');
type HbFont = InstanceType<Harfbuzz['Font']>;

let hb: Harfbuzz | null = null;

/** Loads harfbuzzjs (its WebAssembly module instantiates on import) once per worker. */
export async function loadShaper(): Promise<void> {
  hb ??= await import('harfbuzzjs');
}

const fonts = new Map<string, { font: HbFont; upem: number; id: number }>();
function hbFont(path: string): { font: HbFont; upem: number; id: number } {
  let f = fonts.get(path);
  if (!f) {
    if (!hb) throw new Error('loadShaper() first');
    const face = new hb.Face(new hb.Blob(readFileSync(path)));
    f = { font: new hb.Font(face), upem: face.upem, id: fonts.size };
    fonts.set(path, f);
  }
  return f;
}

const bidi = bidiFactory();
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** A line's directional runs in visual order, as [start, end) offsets into the line. */
function visualRuns(line: string, rtlBase: boolean): { start: number; end: number; rtl: boolean }[] {
  if (!rtlBase && !RTL_CHAR.test(line)) return [{ start: 0, end: line.length, rtl: false }];
  const embedding = bidi.getEmbeddingLevels(line, rtlBase ? 'rtl' : 'ltr');
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const odd = (i: number) => (embedding.levels[i]! & 1) === 1;
  const runs: { start: number; end: number; rtl: boolean }[] = [];
  for (let k = 0; k < order.length;) {
    const rtl = odd(order[k]!);
    let j = k + 1;
    while (j < order.length && odd(order[j]!) === rtl && order[j] === order[j - 1]! + (rtl ? -1 : 1)) j++;
    runs.push({ start: Math.min(order[k]!, order[j - 1]!), end: Math.max(order[k]!, order[j - 1]!) + 1, rtl });
    k = j;
  }
  return runs;
}

const clusters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const ASCII = /^[\u0020-\u007e]*$/;
/** One shaping buffer and feature list per worker, reused line after line. */
let buffer: InstanceType<Harfbuzz['Buffer']> | null = null;
let tnum: InstanceType<Harfbuzz['Feature']>[] | null = null;
/** Text that may hold colour emoji (the face choice decides: ✓ is Inter's). */
export const EMOJI_TEXT = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]/u;

/** A shaped glyph: `x` is its pen position in px from the line's left edge, offsets in font units. */
export interface PlacedGlyph {
  /** Font file and glyph id; null for an emoji drawn as an image. */
  path: string | null;
  gid: number;
  x: number;
  dx: number;
  dy: number;
  /** px per font unit of its face. */
  scale: number;
  /** The emoji cluster, when this is one. */
  emoji?: string;
  advance: number;
}

export interface PlacedLine {
  glyphs: PlacedGlyph[];
  width: number;
}

/** Every glyph of one line, left to right, with the line's width. */
export function placeLine(
  line: string,
  style: TextStyle,
  primary: FaceId,
  stack: readonly FaceId[],
  rtlBase: boolean,
): PlacedLine {
  if (!hb) throw new Error('loadShaper() first');
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  buffer ??= new hb.Buffer();
  const features = style.tabular ? (tnum ??= [new hb.Feature('tnum', 1)]) : [];
  for (const run of visualRuns(line, rtlBase)) {
    // Pieces of one face each, in logical order (printable ASCII: the primary face has it all).
    const pieces: { text: string; face: FaceId }[] = [];
    const text = line.slice(run.start, run.end);
    if (ASCII.test(text)) pieces.push({ text, face: primary });
    else
      for (const { segment } of clusters.segment(text)) {
        const face = faceOf(segment, stack) ?? primary;
        const last = pieces[pieces.length - 1];
        if (last && last.face === face && face !== 'notoColorEmoji') last.text += segment;
        else pieces.push({ text: segment, face });
      }
    if (run.rtl) pieces.reverse();
    for (const piece of pieces) {
      if (piece.face === 'notoColorEmoji') {
        const advance = measure(style.font, piece.text);
        glyphs.push({ path: null, gid: 0, x, dx: 0, dy: 0, scale: 1, emoji: piece.text, advance });
        x += advance;
        continue;
      }
      const path = facePath(piece.face, faceWeight(piece.face, style.weight as Weight));
      const { font, upem } = hbFont(path);
      const scale = style.size / upem;
      buffer.reset();
      buffer.addText(piece.text);
      buffer.guessSegmentProperties();
      buffer.setDirection(run.rtl ? hb.Direction.RTL : hb.Direction.LTR);
      hb.shape(font, buffer, features);
      const infos = buffer.getGlyphInfos();
      const positions = buffer.getGlyphPositions();
      infos.forEach((info, i) => {
        const p = positions[i]!;
        glyphs.push({ path, gid: info.codepoint, x, dx: p.xOffset, dy: p.yOffset, scale, advance: p.xAdvance * scale });
        x += p.xAdvance * scale;
      });
    }
  }
  return { glyphs, width: x };
}

/** Outline definitions by (font, glyph), kept across renders: `<path id d>`, or '' for an empty glyph. */
const outlines = new Map<string, { id: string; def: string }>();
const MAX_OUTLINES = 20_000;

function outline(path: string, gid: number): { id: string; def: string } {
  const key = `${path}#${gid}`;
  let o = outlines.get(key);
  if (!o) {
    const { font, id: fontId } = hbFont(path);
    const d = font.glyphToPath(gid);
    const id = d ? `g${fontId}-${gid}` : '';
    o = { id, def: d ? `<path id="${id}" d="${d}"/>` : '' };
    if (outlines.size >= MAX_OUTLINES) outlines.clear();
    outlines.set(key, o);
  }
  return o;
}

/** Outlines drawn so far in one SVG: each glyph's `<path>` defined once. */
export class GlyphDefs {
  private readonly used = new Set<string>();
  private readonly defs: string[] = [];

  /** The id of a glyph's outline (defined once, in font units, y up), or null when it has none. */
  use(path: string, gid: number): string | null {
    const o = outline(path, gid);
    if (!o.id) return null;
    if (!this.used.has(o.id)) {
      this.used.add(o.id);
      this.defs.push(o.def);
    }
    return o.id;
  }

  svg(): string {
    return this.defs.length ? `<defs>\n${this.defs.join('\n')}\n</defs>` : '';
  }
}

/** Emoji pictures by (cluster, size): PNG at 2× as a data URI, with the box it fills. */
const emojiImages = new Map<string, { uri: string; ascent: number; height: number }>();
const EMOJI_SCALE = 2;

function emojiImage(cluster: string, size: number, width: number): { uri: string; ascent: number; height: number } {
  const key = `${size}|${cluster}`;
  let img = emojiImages.get(key);
  if (!img) {
    const probe = createCanvas(1, 1).getContext('2d');
    probe.font = `${size}px "${FACES.notoColorEmoji.family}"`;
    const m = probe.measureText(cluster);
    const ascent = Math.ceil(m.fontBoundingBoxAscent);
    const height = ascent + Math.ceil(m.fontBoundingBoxDescent);
    const canvas = createCanvas(Math.max(1, Math.ceil(width * EMOJI_SCALE)), Math.max(1, height * EMOJI_SCALE));
    const ctx = canvas.getContext('2d');
    ctx.scale(EMOJI_SCALE, EMOJI_SCALE);
    ctx.font = probe.font;
    ctx.fillText(cluster, 0, ascent);
    img = { uri: `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`, ascent, height };
    if (emojiImages.size >= 500) emojiImages.clear();
    emojiImages.set(key, img);
  }
  return img;
}

/** Where a line starts: its physical alignment at `x` (left edge, right edge or centre). */
export function lineLeft(x: number, align: 'left' | 'right' | 'center', width: number): number {
  return align === 'left' ? x : align === 'right' ? x - width : x - width / 2;
}

/** The emoji of a placed line as <image> elements (both SVG text modes). */
export function emojiSvg(placed: PlacedLine, left: number, baseline: number, size: number): string {
  return placed.glyphs
    .filter((g) => g.emoji)
    .map((g) => {
      const img = emojiImage(g.emoji!, size, g.advance);
      return `<image x="${fmt(left + g.x)}" y="${fmt(baseline - img.ascent)}" width="${fmt(g.advance)}" height="${img.height}" href="${img.uri}"/>`;
    })
    .join('');
}

const quarter = (x: number) => Math.floor(x * 4 + 0.5) / 4;

/**
 * A placed line as outlines: one <g> per face run, each glyph a <use> of its outline (font units,
 * y up, under a scale that flips y).
 */
export function glyphsSvg(
  placed: PlacedLine,
  left: number,
  baseline: number,
  fill: string,
  italic: boolean,
  defs: GlyphDefs,
): string {
  const out: string[] = [];
  let group: { scale: number; uses: string[]; x0: number } | null = null;
  const flush = () => {
    if (!group || group.uses.length === 0) return;
    const skew = italic ? ' skewX(-14.04)' : '';
    out.push(
      `<g transform="translate(${fmt(left + group.x0)} ${Math.round(baseline)})${skew} scale(${+group.scale.toFixed(6)} ${-group.scale.toFixed(6)})">${group.uses.join('')}</g>`,
    );
  };
  for (const g of placed.glyphs) {
    if (!g.path) continue;
    const id = defs.use(g.path, g.gid);
    if (!id) continue;
    if (!group || group.scale !== g.scale) {
      flush();
      group = { scale: g.scale, uses: [], x0: g.x };
    }
    // Skia (the PNG) puts glyphs at quarter pixels across and whole pixels down: so do the outlines.
    const ux = Math.round((quarter(left + g.x) - left - group.x0) / g.scale + g.dx);
    group.uses.push(`<use xlink:href="#${id}"${ux ? ` x="${ux}"` : ''}${g.dy ? ` y="${g.dy}"` : ''}/>`);
  }
  flush();
  return out.length ? `<g fill="${fill}">${out.join('')}</g>` : '';
}
