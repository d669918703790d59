/**
 * Text measurement (Skia, the same font files every format uses) with a bounded cache, and
 * greedy line filling over Unicode break opportunities (UAX #14), with hard breaks for pieces
 * wider than the line.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import LineBreaker from 'linebreak';
import { ensureFontsRegistered } from '../fonts';

let measureCtx: SKRSContext2D | null = null;
const metrics = new Map<string, { ascent: number; descent: number }>();
const MAX_CACHE = 10_000;

function ctx(): SKRSContext2D {
  if (!measureCtx) {
    ensureFontsRegistered();
    measureCtx = createCanvas(1, 1).getContext('2d');
  }
  return measureCtx;
}

/** Long strings are measured without caching: they rarely repeat and would crowd the cache. */
const MAX_CACHED_LENGTH = 200;

/**
 * Font keys for text set with tabular figures (numbers in a column line up digit for digit): the
 * CSS font after this prefix. Widths are cached per key, so the two settings never mix.
 */
export const TABULAR = 'tnum:';
export const cssFont = (font: string) => (font.startsWith(TABULAR) ? font.slice(TABULAR.length) : font);

let currentFont = '';
function useFont(c: SKRSContext2D, font: string) {
  c.font = cssFont(font);
  c.fontVariantNumeric = font.startsWith(TABULAR) ? 'tabular-nums' : 'normal';
  currentFont = font;
}

function skiaWidth(font: string, text: string): number {
  const c = ctx();
  if (currentFont !== font) useFont(c, font);
  return c.measureText(text).width;
}

/**
 * Text that needs no shaping (Latin, Greek, Cyrillic, symbols, CJK) is measured as the sum of its
 * characters' advances plus each adjacent pair's kerning, both measured once by Skia and cached.
 * That matches Skia's own width for these scripts and is ~7× cheaper than a measureText call
 * (~28 µs each here), which matters for tables of 100,000+ cells. Everything else (Arabic,
 * Hebrew, marks, emoji sequences) goes to Skia whole. So does text with "ff": pairs cannot see the
 * three-letter ligatures (ffi, ffl) that Skia draws in faces such as Roboto and Gelasio (Roboto's
 * "office" is 0.68 px narrower than its pairs say).
 */
const needsShaping = (text: string) => !NO_SHAPING.test(text) || text.includes('ff');
const NO_SHAPING =
  /^[\u0020-\u007E\u00A0-\u02FF\u0370-\u052F\u1E00-\u1FFF\u2010-\u2027\u2030-\u205E\u20A0-\u2BFF\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]*$/;
/**
 * Per font: the advance of each UTF-16 code unit and the kerning of each adjacent pair, keyed by
 * numbers (a string key per character or pair would be allocated and hashed on every look-up,
 * which was most of the layout's time). Code units below LOW live in a typed array (NaN: not yet
 * measured); pair keys are `first * 65536 + second`, small integers for most scripts.
 */
interface FontAdvances {
  low: Float64Array;
  high: Map<number, number>;
  pairs: Map<number, number>;
  /** Whole strings already measured in this font (a cell is measured several times per layout). */
  texts: Map<string, number>;
  /** Widest token of strings already seen (longestToken). */
  tokens: Map<string, number>;
}
const LOW = 0x3000;
const advances = new Map<string, FontAdvances>();
const MAX_ADVANCES = 20_000;

function charAdvance(font: string, t: FontAdvances, code: number): number {
  if (code < LOW) {
    const w = t.low[code]!;
    if (w === w) return w;
    const measured = skiaWidth(font, String.fromCharCode(code));
    t.low[code] = measured;
    return measured;
  }
  let w = t.high.get(code);
  if (w === undefined) {
    w = skiaWidth(font, String.fromCharCode(code));
    if (t.high.size >= MAX_ADVANCES) t.high.clear();
    t.high.set(code, w);
  }
  return w;
}

/** Kerning of a pair: Skia's width of the two together minus their own advances. */
function pairAdjust(font: string, t: FontAdvances, a: number, b: number): number {
  const key = a * 65536 + b;
  let w = t.pairs.get(key);
  if (w === undefined) {
    w = skiaWidth(font, String.fromCharCode(a, b)) - charAdvance(font, t, a) - charAdvance(font, t, b);
    if (t.pairs.size >= MAX_ADVANCES) t.pairs.clear();
    t.pairs.set(key, w);
  }
  return w;
}

function fontTable(font: string): FontAdvances {
  let t = advances.get(font);
  if (!t) {
    if (advances.size >= 64) advances.clear();
    t = {
      low: new Float64Array(LOW).fill(Number.NaN),
      high: new Map(),
      pairs: new Map(),
      texts: new Map(),
      tokens: new Map(),
    };
    advances.set(font, t);
  }
  return t;
}

function summedWidth(font: string, t: FontAdvances, text: string): number {
  let w = 0;
  let prev = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    w += charAdvance(font, t, code);
    if (prev >= 0) w += pairAdjust(font, t, prev, code);
    prev = code;
  }
  return w;
}

export function measure(font: string, text: string): number {
  if (text.length > MAX_CACHED_LENGTH)
    return needsShaping(text) ? skiaWidth(font, text) : summedWidth(font, fontTable(font), text);
  const t = fontTable(font);
  let w = t.texts.get(text);
  if (w === undefined) {
    w = needsShaping(text) ? skiaWidth(font, text) : summedWidth(font, t, text);
    if (t.texts.size >= MAX_CACHE) t.texts.clear();
    t.texts.set(text, w);
  }
  return w;
}

/** Font ascent/descent for placing the alphabetic baseline identically in PNG, SVG and PDF. */
export function fontMetrics(font: string): { ascent: number; descent: number } {
  let m = metrics.get(font);
  if (!m) {
    const c = ctx();
    useFont(c, font);
    const t = c.measureText('Hg');
    m = { ascent: t.fontBoundingBoxAscent, descent: t.fontBoundingBoxDescent };
    metrics.set(font, m);
  }
  return m;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const SIMPLE = /^[\u0000-\u02FF\u2E80-\u9FFF\uAC00-\uD7AF\uFF00-\uFFEF]*$/;

/**
 * Thai, Lao, Myanmar and Khmer (line-break class SA) write words without spaces: UAX #14 leaves
 * their breaks to a dictionary, which Intl.Segmenter's word granularity is (ICU's, as in browsers).
 */
const SA_CHAR = /[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u19E0-\u19FF\uA9E0-\uA9FF\uAA60-\uAA7F]/;
const words = new Intl.Segmenter('th', { granularity: 'word' });
/**
 * Text whose only UAX #14 opportunities are after spaces: letters (AL), digits (NU), infix
 * separators (IS: . , : ;) and quotes (QU) never break between themselves.
 */
const PLAIN_WORDS = /^[A-Za-z0-9 .,:;'"\u00C0-\u024F]*$/;

const GLUE_CHAR = /[\u00A0\u202F\u2060\uFEFF]/;

/**
 * Small kana and the prolonged sound mark (class CJ) are treated as ideographs, as CSS
 * `line-break: normal` (and browsers by default) do: a line may start with ッ or ー, never with
 * closing punctuation (。、」…, classes CL/CP/NS/EX), which UAX #14 keeps on the line before.
 */
const CJ =
  /[\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308E\u3095\u3096\u30A1\u30A3\u30A5\u30A7\u30A9\u30C3\u30E3\u30E5\u30E7\u30EE\u30F5\u30F6\u30FC\u31F0-\u31FF\uFF67-\uFF70]/g;

/** Where UAX #14 allows a line to end; positions are offsets after which a break may fall. */
function uaxBreaks(text: string): number[] {
  const out: number[] = [];
  const breaker = new LineBreaker(text.replace(CJ, '\u3042'));
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) out.push(bk.position);
  return out;
}

const isAsciiMark = (c: number) => c >= 0x21 && c <= 0x7e;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isAlnum = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
/** ASCII characters a line may start with after '-' (letters are added below). */
const AFTER_HYPHEN = new Set('"#%&\'(*+-<=>@[\\^_`{|~');
const AFTER_QUESTION = new Set('#$%&(*+-0123456789<=>@[\\^_`{|~');
/** Marks before which an opening bracket may start a line. */
const BEFORE_OPENING = new Set('!"#%&)*+,.:;=>\\]|}~');
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * Between two printable ASCII characters, browsers do not use UAX #14 but a compatibility table
 * (Blink's kAsciiLineBreakTable, shared in spirit with WebKit and Gecko): a break only after '-'
 * (not before a digit unless a letter or digit precedes, so '-5' stays whole and 'ABC-123' may
 * break), after '?', and before an opening bracket that follows punctuation. So '/' and '.' in
 * URLs and paths are no opportunities. Tables are read next to browser pages; they break alike.
 */
function asciiBreak(before2: number, before: number, after: number): boolean {
  const ch = String.fromCharCode(after);
  if (before === 0x2d) return isDigit(after) ? isAlnum(before2) : isLetter(after) || AFTER_HYPHEN.has(ch);
  if (before === 0x3f) return isLetter(after) || AFTER_QUESTION.has(ch);
  if (BEFORE_OPENING.has(String.fromCharCode(before))) return ch === '(' || ch === '<' || ch === '[' || ch === '{';
  return false;
}

/** Word boundaries strictly inside a run of SA-script characters. */
function saBreaks(text: string): number[] {
  const out: number[] = [];
  for (const w of words.segment(text)) {
    const i = w.index;
    if (i > 0 && SA_CHAR.test(text[i - 1]!) && SA_CHAR.test(text[i]!)) out.push(i);
  }
  return out;
}

/**
 * A paragraph cut at its break opportunities: UAX #14 (no break at U+00A0, U+202F or U+2060,
 * after a hyphen, never before closing CJK punctuation), tailored as browsers do (CJ as ID, the
 * ASCII compatibility table, a break after every run of spaces), plus dictionary word boundaries in Thai, Lao, Khmer and Myanmar. Each segment keeps its trailing spaces (they hang at
 * a line's end, as in CSS); joined, the segments are the paragraph.
 */
export function segments(text: string): string[] {
  if (text === '') return [];
  // ASCII words separated by spaces: the only opportunities are after the spaces.
  if (PLAIN_WORDS.test(text)) return text.match(/[^ ]* */g)!.filter((x) => x !== '');
  const cut = new Uint8Array(text.length + 1);
  for (const c of uaxBreaks(text)) cut[c] = 1;
  if (SA_CHAR.test(text)) for (const c of saBreaks(text)) cut[c] = 1;
  for (let i = 1; i < text.length; i++) {
    const a = text.charCodeAt(i - 1);
    const b = text.charCodeAt(i);
    // UAX #14 allows a break before U+00A0 after a space or hyphen (LB12a): not here, so no line
    // ever starts or ends at a no-break space or word joiner.
    if (GLUE_CHAR.test(text[i]!)) cut[i] = 0;
    // Browsers break after every run of spaces, also where UAX #14 would not (before `/`, `)`,
    // `!`, `,` and after `(`: LB13, LB14): `Path: ` / `/usr/local`.
    else if (a === 0x20) cut[i] = b === 0x20 ? 0 : 1;
    else if (isAsciiMark(a) && isAsciiMark(b))
      cut[i] = asciiBreak(i >= 2 ? text.charCodeAt(i - 2) : 0x20, a, b) ? 1 : 0;
  }
  const out: string[] = [];
  let last = 0;
  for (let c = 1; c < text.length; c++) {
    if (!cut[c]) continue;
    out.push(text.slice(last, c));
    last = c;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Breaks a token wider than the line into pieces that fit, as browsers do with `overflow-wrap:
 * break-word` (or `anywhere`): each line is filled with as many grapheme clusters as fit (at least
 * one), never splitting a cluster; a no-break space or word joiner inside the token is then a
 * cluster boundary like any other (`1 234 567,89 ` / `€` rather than `1 234 567,8` / `9 €`).
 * Each piece's length is guessed from the average glyph width and corrected with a few
 * measurements, so a 10,000-character token costs a few hundred measurements, not one per character.
 */
function hardBreak(font: string, token: string, max: number): string[] {
  // Latin and CJK without combining marks split safely per character; anything else (emoji
  // sequences, marks, Indic, Arabic) goes through the grapheme segmenter, which is slower.
  const g = SIMPLE.test(token) ? token.split('') : Array.from(graphemes.segment(token), (x) => x.segment);
  const out: string[] = [];
  let i = 0;
  while (i < g.length) {
    const rest = g.length - i;
    const avg = Math.max(0.5, measure(font, g.slice(i, i + Math.min(rest, 64)).join('')) / Math.min(rest, 64));
    let n = Math.max(1, Math.min(rest, Math.floor(max / avg)));
    while (n < rest && measure(font, g.slice(i, i + n + 1).join('')) <= max) n++;
    while (n > 1 && measure(font, g.slice(i, i + n).join('')) > max) n--;
    out.push(g.slice(i, i + n).join(''));
    i += n;
  }
  return out;
}

/** Spaces that hang at the end of a line (CSS collapsible/preserved spaces), not measured there. */
const HANGING = / +$/;

/**
 * Widest unbreakable piece of a text (between break opportunities, trailing spaces left out): the
 * narrowest a column can be without breaking inside a word.
 */
export function longestToken(font: string, text: string): number {
  if (text.length > MAX_CACHED_LENGTH) return widestToken(font, text);
  const t = fontTable(font);
  let w = t.tokens.get(text);
  if (w === undefined) {
    w = widestToken(font, text);
    if (t.tokens.size >= MAX_CACHE) t.tokens.clear();
    t.tokens.set(text, w);
  }
  return w;
}

function widestToken(font: string, text: string): number {
  let max = 0;
  for (const para of text.split('\n')) {
    for (const seg of segments(para)) {
      const body = seg.replace(HANGING, '');
      if (body !== '') max = Math.max(max, measure(font, body));
    }
  }
  return max;
}

/** Width of the widest paragraph (explicit line breaks kept). */
export function naturalWidth(font: string, text: string): number {
  if (!text.includes('\n')) return measure(font, text);
  let max = 0;
  for (const para of text.split('\n')) max = Math.max(max, measure(font, para));
  return max;
}

/**
 * Greedy line filling over the break opportunities (as browsers do): a segment joins the line when
 * the line without its hanging spaces still fits; a segment wider than a whole line is broken
 * inside (hardBreak).
 */
export function wrap(font: string, text: string, max: number): string[] {
  if (!text.includes('\n') && measure(font, text) <= max) return [text];
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    if (measure(font, para) <= max) {
      lines.push(para);
      continue;
    }
    let line = '';
    let lineW = 0;
    for (const seg of segments(para)) {
      const body = seg.replace(HANGING, '');
      const bodyW = body === seg ? measure(font, seg) : measure(font, body);
      if (lineW + bodyW <= max || body === '') {
        line += seg;
        lineW += body === seg ? bodyW : measure(font, seg);
        continue;
      }
      if (line !== '') lines.push(line.replace(HANGING, ''));
      if (bodyW > max) {
        const pieces = hardBreak(font, body, max);
        lines.push(...pieces.slice(0, -1));
        line = (pieces[pieces.length - 1] ?? '') + seg.slice(body.length);
      } else {
        line = seg;
      }
      lineW = measure(font, line);
    }
    lines.push(line.replace(HANGING, ''));
  }
  return lines;
}
