/**
 * Subset fonts for self-contained SVG: exactly the characters a table draws, per bundled face and
 * weight, as `@font-face` rules with TTF data URIs, so a viewer without our fonts shows the same
 * glyphs at the same advances as the PNG.
 *
 * Subsetting is harfbuzz's hb-subset (the WebAssembly build harfbuzzjs ships): fontkit's subsetter
 * writes no cmap, OS/2, name or post table, and browsers reject such fonts. hb-subset keeps the
 * layout tables the kept characters need (kerning, Arabic joining forms, marks, emoji sequences),
 * plus `tnum` for tabular figures.
 *
 * Per worker: each font file is copied into the WebAssembly heap and parsed once (the first
 * subset of a file costs 50 ms–1 s, the next ones a few ms), up to FACE_CACHE_BYTES of files; the
 * finished subsets are kept by (file, characters), so a table rendered again costs no subsetting.
 * The heap cannot grow, so the cache is bounded well inside it, and an instance that fails is
 * replaced by a fresh one (subsetFileSafely).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import {
  faceCovers as covers,
  facePath,
  faceWeight,
  FACES,
  fallbacks,
  type FaceId,
  type HanFace,
  type Weight,
} from '../fonts';

const require = createRequire(import.meta.url);

interface HbSubset {
  memory: WebAssembly.Memory;
  malloc(n: number): number;
  free(p: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(b: number): void;
  hb_blob_get_data(b: number, length: number): number;
  hb_blob_get_length(b: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(f: number): void;
  hb_face_reference_blob(f: number): number;
  hb_set_add(set: number, cp: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(i: number): void;
  hb_subset_input_unicode_set(i: number): number;
  hb_subset_input_set(i: number, which: number): number;
  hb_subset_input_get_flags(i: number): number;
  hb_subset_input_set_flags(i: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
  _initialize?(): void;
}

/**
 * One harfbuzz instance and the faces parsed in its heap. Its memory is fixed at 65 MB (the
 * module declares no room to grow), so every allocation can fail: malloc answers 0, and writing a
 * font there overwrote harfbuzz's own data and broke the instance for every later call.
 */
interface Subsetter {
  x: HbSubset;
  /** Parsed faces in the WebAssembly heap, least recently used first. */
  faces: Map<string, { face: number; data: number; bytes: number }>;
  facesBytes: number;
}

let current: Subsetter | null = null;
/** Instances dropped after a failure (their heap goes with them), for tests. */
let dropped = 0;

function subsetter(): Subsetter {
  if (!current) {
    const wasm = readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const x = new WebAssembly.Instance(new WebAssembly.Module(wasm), {}).exports as unknown as HbSubset;
    x._initialize?.();
    current = { x, faces: new Map(), facesBytes: 0 };
  }
  return current;
}

/** Forgets the instance after a failure: its heap may be full or overwritten; the next call starts a fresh one. */
function dropSubsetter(): void {
  current = null;
  dropped++;
}

/** The subsetter's WebAssembly memory and what lives in it, for tests. */
export function subsetterHeap(): {
  exports: HbSubset;
  memoryBytes: number;
  cachedFaceBytes: number;
  dropped: number;
} {
  const s = subsetter();
  return { exports: s.x, memoryBytes: s.x.memory.buffer.byteLength, cachedFaceBytes: s.facesBytes, dropped };
}

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;
/**
 * TrueType hinting instructions are left out: Skia draws the PNG unhinted, and they were over a
 * third of a Latin subset.
 */
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const tag = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;
/** Features hb-subset drops by default that the engine uses: tabular figures for numbers. */
const EXTRA_FEATURES = ['tnum'].map(tag);

/**
 * Font files kept parsed between calls: half the 65 MB heap (colour emoji, 24 MB, and a Han face,
 * 10 MB, fit together), the other half for the next file and hb-subset's own work. A file larger
 * than this is freed after its subset.
 */
export const FACE_CACHE_BYTES = 32 * 1024 * 1024;

function evictOldest(s: Subsetter): void {
  const [path, f] = s.faces.entries().next().value!;
  s.x.hb_face_destroy(f.face);
  s.x.free(f.data);
  s.facesBytes -= f.bytes;
  s.faces.delete(path);
}

function hbFace(s: Subsetter, path: string): number {
  const hit = s.faces.get(path);
  if (hit) {
    s.faces.delete(path);
    s.faces.set(path, hit);
    return hit.face;
  }
  const file = readFileSync(path);
  while (s.faces.size > 0 && s.facesBytes + file.length > FACE_CACHE_BYTES) evictOldest(s);
  let data = s.x.malloc(file.length);
  // The heap can be fragmented: free older faces until the file fits.
  while (!data && s.faces.size > 0) {
    evictOldest(s);
    data = s.x.malloc(file.length);
  }
  if (!data) throw new Error(`hb-subset: out of memory for a ${file.length}-byte font`);
  new Uint8Array(s.x.memory.buffer, data, file.length).set(file);
  const blob = s.x.hb_blob_create(data, file.length, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = s.x.hb_face_create(blob, 0);
  s.x.hb_blob_destroy(blob);
  s.faces.set(path, { face, data, bytes: file.length });
  s.facesBytes += file.length;
  return face;
}

/** The font file reduced to `codePoints` (and the glyphs their shaping can reach). */
function subsetFile(path: string, codePoints: readonly number[]): Buffer {
  const s = subsetter();
  const { x } = s;
  const face = hbFace(s, path);
  const input = x.hb_subset_input_create_or_fail();
  if (!input) throw new Error('hb-subset: out of memory');
  try {
    const unicodes = x.hb_subset_input_unicode_set(input);
    for (const cp of codePoints) x.hb_set_add(unicodes, cp);
    x.hb_subset_input_set_flags(input, x.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_HINTING);
    const features = x.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    for (const t of EXTRA_FEATURES) x.hb_set_add(features, t);
    const sub = x.hb_subset_or_fail(face, input);
    if (!sub) throw new Error('hb-subset failed');
    const blob = x.hb_face_reference_blob(sub);
    try {
      const at = x.hb_blob_get_data(blob, 0);
      return Buffer.from(new Uint8Array(x.memory.buffer, at, x.hb_blob_get_length(blob)));
    } finally {
      x.hb_blob_destroy(blob);
      x.hb_face_destroy(sub);
    }
  } finally {
    x.hb_subset_input_destroy(input);
    while (s.facesBytes > FACE_CACHE_BYTES) evictOldest(s);
  }
}

/**
 * subsetFile, and once more on a fresh instance if it fails: a failure (out of memory, or a trap
 * such as "memory access out of bounds") may leave the heap full or damaged, so that instance is
 * never used again, and one bad call cannot break the SVGs after it.
 */
function subsetFileSafely(path: string, codePoints: readonly number[]): Buffer {
  for (let attempt = 1; ; attempt++) {
    try {
      return subsetFile(path, codePoints);
    } catch (e) {
      dropSubsetter();
      if (attempt === 2) {
        throw new Error(
          `SVG font subsetting failed for ${basename(path)}: ${e instanceof Error ? e.message : String(e)}`,
          {
            cause: e,
          },
        );
      }
    }
  }
}

/** Finished subsets (base64) by file and characters: the same table rendered again subsets nothing. */
const SUBSET_CACHE_ENTRIES = 256;
const subsets = new Map<string, string>();

function subsetBase64(path: string, codePoints: readonly number[]): string {
  const key = `${path}\n${String.fromCodePoint(...codePoints)}`;
  const hit = subsets.get(key);
  if (hit !== undefined) return hit;
  const b64 = subsetFileSafely(path, codePoints).toString('base64');
  if (subsets.size >= SUBSET_CACHE_ENTRIES) subsets.delete(subsets.keys().next().value!);
  subsets.set(key, b64);
  return b64;
}

/** Characters that never choose a face themselves (they join the cluster's face). */
const JOINING = (cp: number) =>
  cp === 0x200d ||
  cp === 0x200c ||
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
  (cp >= 0xe0020 && cp <= 0xe007f);
const ASCII_ONLY = /^[\u0020-\u007e]*$/;
const clusters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The faces text is drawn with, in the canvas's order (familyStack): primary, script fallbacks with
 * the Han face first among them, colour emoji. One array per (primary, Han face): faceOf's cache key.
 */
export function stackOf(primary: FaceId, han: HanFace): readonly FaceId[] {
  const key = `${primary}|${han}`;
  let stack = stacks.get(key);
  if (!stack) stacks.set(key, (stack = [primary, ...fallbacks(han).filter((f) => f !== primary), 'notoColorEmoji']));
  return stack;
}
const stacks = new Map<string, readonly FaceId[]>();

/**
 * The face that draws a grapheme cluster: the first of the stack with all its characters, else
 * the first with all but its joiners and selectors, else the first with its first character, as
 * the browser's own fallback picks it; undefined when no bundled face has it.
 */
export function faceOf(cluster: string, stack: readonly FaceId[]): FaceId | undefined {
  let chosen = chosenFaces.get(stack);
  if (!chosen) chosenFaces.set(stack, (chosen = new Map()));
  if (chosen.has(cluster)) return chosen.get(cluster);
  const face = pickFace(cluster, stack);
  if (chosen.size >= 20_000) chosen.clear();
  chosen.set(cluster, face);
  return face;
}
/** faceOf's answers by stack (stackOf's arrays) and cluster. */
const chosenFaces = new WeakMap<readonly FaceId[], Map<string, FaceId | undefined>>();

function pickFace(cluster: string, stack: readonly FaceId[]): FaceId | undefined {
  const cps = Array.from(cluster, (c) => c.codePointAt(0)!);
  const needed = cps.filter((cp) => !JOINING(cp));
  return (
    stack.find((f) => cps.every((cp) => covers(f, cp))) ??
    stack.find((f) => needed.length > 0 && needed.every((cp) => covers(f, cp))) ??
    stack.find((f) => covers(f, cps[0]!))
  );
}

/** Text drawn in one weight, in the stack that starts with `primary`. */
export interface TextUse {
  weight: Weight;
  /** The Han face its stack puts first, when not the table's (a typed cell's format.locale). */
  han?: HanFace;
  texts: Iterable<string>;
}

export interface EmbeddedFonts {
  /** The `<style>` element's CSS: one @font-face per face and weight drawn. */
  css: string;
  /** Bytes of the fonts (before base64), for tests and docs. */
  fontBytes: number;
}

/**
 * The @font-face rules for a table's text: each grapheme cluster goes to the first face of the
 * stack (the family stack the canvas draws with: primary, script fallbacks, colour emoji) that has
 * all its characters, else the first that has its first character, as the browser's own fallback
 * picks it; each (face, weight) gets one subset with exactly the characters sent to it. The
 * @font-face weight is the one the table asks for, the file the one Skia draws it with.
 */
export function embeddedFonts(primary: FaceId, han: HanFace, uses: Iterable<TextUse>): EmbeddedFonts {
  const chosen = new Map<string, { id: FaceId; weight: Weight; cps: Set<number> }>();
  const add = (id: FaceId, weight: Weight, cps: Iterable<number>) => {
    const key = `${id}|${weight}`;
    let c = chosen.get(key);
    if (!c) chosen.set(key, (c = { id, weight, cps: new Set() }));
    for (const cp of cps) c.cps.add(cp);
  };
  for (const use of uses) {
    const stack = stackOf(primary, use.han ?? han);
    const seen = new Set<string>();
    for (const text of use.texts) {
      if (ASCII_ONLY.test(text)) {
        // Every bundled primary face has ASCII.
        const cps: number[] = [];
        for (let i = 0; i < text.length; i++) cps.push(text.charCodeAt(i));
        add(primary, use.weight, cps);
        continue;
      }
      for (const { segment } of clusters.segment(text)) {
        if (seen.has(segment)) continue;
        seen.add(segment);
        const id = faceOf(segment, stack);
        if (id)
          add(
            id,
            use.weight,
            Array.from(segment, (c) => c.codePointAt(0)!),
          );
      }
    }
  }
  const rules: string[] = [];
  let fontBytes = 0;
  for (const { id, weight, cps } of chosen.values()) {
    const path = facePath(id, faceWeight(id, weight));
    const b64 = subsetBase64(
      path,
      [...cps].sort((a, b) => a - b),
    );
    fontBytes += Math.floor((b64.length * 3) / 4);
    rules.push(
      `@font-face{font-family:'${FACES[id].family}';font-weight:${weight};src:url(data:font/ttf;base64,${b64}) format('truetype')}`,
    );
  }
  return { css: rules.join('\n'), fontBytes };
}
