/**
 * Bundled fonts (npm packages, never the system's): the families users pick, metric-compatible
 * stand-ins for Arial/Helvetica/Georgia/Times New Roman/Courier New, and script fallbacks so a
 * table in Chinese (simplified and traditional), Japanese, Korean, Arabic, Hebrew, Devanagari,
 * Bengali, Tamil, Gujarati, Telugu, Kannada, Malayalam, Sinhala, Thai, Lao, Khmer, Myanmar,
 * Armenian, Georgian, Ethiopic or with emoji never shows an empty box. Han characters are shared
 * by Chinese, Japanese and Korean with different glyph forms: the table's locale, or a typed
 * cell's own format.locale, picks the face that draws them (hanFace).
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export type Weight = 400 | 500 | 600 | 700;

interface FontFace {
  /** The family name the TTF declares (what Skia and fontkit report). */
  family: string;
  pkg: string;
  files: Partial<Record<Weight, string>>;
}

/**
 * A face of the @expo-google-fonts packages, which are all named alike: "Noto Sans SC" is the
 * package @expo-google-fonts/noto-sans-sc, its files 400Regular/NotoSansSC_400Regular.ttf and so on.
 */
const face = (family: string, weights: Weight[]): FontFace => {
  const names: Record<Weight, string> = { 400: '400Regular', 500: '500Medium', 600: '600SemiBold', 700: '700Bold' };
  const prefix = family.replace(/ /g, '');
  const files: Partial<Record<Weight, string>> = {};
  for (const w of weights) files[w] = `${names[w]}/${prefix}_${names[w]}.ttf`;
  return { family, pkg: `@expo-google-fonts/${family.toLowerCase().replace(/ /g, '-')}`, files };
};

/** Every face we ship, keyed by a stable id. */
export const FACES = {
  inter: face('Inter', [400, 500, 600, 700]),
  roboto: face('Roboto', [400, 500, 600, 700]),
  robotoMono: face('Roboto Mono', [400, 500, 600, 700]),
  merriweather: face('Merriweather', [400, 700]),
  arimo: face('Arimo', [400, 500, 600, 700]),
  tinos: face('Tinos', [400, 700]),
  cousine: face('Cousine', [400, 700]),
  gelasio: face('Gelasio', [400, 500, 600, 700]),
  notoSansSC: face('Noto Sans SC', [400, 700]),
  notoSansTC: face('Noto Sans TC', [400, 700]),
  notoSansJP: face('Noto Sans JP', [400, 700]),
  notoSansKR: face('Noto Sans KR', [400, 700]),
  notoSansArabic: face('Noto Sans Arabic', [400, 700]),
  notoSansHebrew: face('Noto Sans Hebrew', [400, 700]),
  notoSansDevanagari: face('Noto Sans Devanagari', [400, 700]),
  notoSansBengali: face('Noto Sans Bengali', [400, 700]),
  notoSansTamil: face('Noto Sans Tamil', [400, 700]),
  notoSansThai: face('Noto Sans Thai', [400, 700]),
  notoSansGujarati: face('Noto Sans Gujarati', [400, 700]),
  notoSansTelugu: face('Noto Sans Telugu', [400, 700]),
  notoSansKannada: face('Noto Sans Kannada', [400, 700]),
  notoSansMalayalam: face('Noto Sans Malayalam', [400, 700]),
  notoSansSinhala: face('Noto Sans Sinhala', [400, 700]),
  notoSansKhmer: face('Noto Sans Khmer', [400, 700]),
  notoSansLao: face('Noto Sans Lao', [400, 700]),
  notoSansMyanmar: face('Noto Sans Myanmar', [400, 700]),
  notoSansArmenian: face('Noto Sans Armenian', [400, 700]),
  notoSansGeorgian: face('Noto Sans Georgian', [400, 700]),
  notoSansEthiopic: face('Noto Sans Ethiopic', [400, 700]),
  notoColorEmoji: face('Noto Color Emoji', [400]),
  /** Outline emoji for PDF, where colour bitmap glyphs cannot be embedded. */
  notoEmoji: face('Noto Emoji', [400, 700]),
} as const satisfies Record<string, FontFace>;
export type FaceId = keyof typeof FACES;

/** The faces that draw Han characters (and kana, hangul), one per writing tradition. */
export type HanFace = 'notoSansSC' | 'notoSansTC' | 'notoSansJP' | 'notoSansKR';
export const HAN_FACES: readonly HanFace[] = ['notoSansSC', 'notoSansJP', 'notoSansKR', 'notoSansTC'];

/**
 * Which face draws Han characters for a locale: Japanese forms for ja, Korean for ko, traditional
 * Chinese for zh-Hant, Taiwan, Hong Kong and Macau, simplified Chinese otherwise.
 */
export function hanFace(locale: string): HanFace {
  const l = locale.toLowerCase();
  if (l === 'ja' || l.startsWith('ja-')) return 'notoSansJP';
  if (l === 'ko' || l.startsWith('ko-')) return 'notoSansKR';
  if (/^zh-(?:hant|tw|hk|mo)\b|^zh-.*-(?:hant|tw|hk|mo)\b/.test(l)) return 'notoSansTC';
  return 'notoSansSC';
}

const SCRIPT_FACES: readonly FaceId[] = [
  'notoSansArabic',
  'notoSansHebrew',
  'notoSansDevanagari',
  'notoSansBengali',
  'notoSansTamil',
  'notoSansThai',
  'notoSansGujarati',
  'notoSansTelugu',
  'notoSansKannada',
  'notoSansMalayalam',
  'notoSansSinhala',
  'notoSansKhmer',
  'notoSansLao',
  'notoSansMyanmar',
  'notoSansArmenian',
  'notoSansGeorgian',
  'notoSansEthiopic',
];

/** Script fallbacks after the primary face, the locale's Han face first; Inter first because it has ✓ ✗ and arrows. */
export function fallbacks(han: HanFace = 'notoSansSC'): FaceId[] {
  return ['inter', han, ...HAN_FACES.filter((h) => h !== han), ...SCRIPT_FACES];
}
export const FALLBACKS: readonly FaceId[] = fallbacks();

/** What a user may write in `fontFamily` (lower-case first family of a CSS stack) → our face. */
const FAMILY_ALIASES: Record<string, FaceId> = {
  inter: 'inter',
  'sans-serif': 'inter',
  'system-ui': 'inter',
  '-apple-system': 'inter',
  roboto: 'roboto',
  'roboto mono': 'robotoMono',
  monospace: 'robotoMono',
  merriweather: 'merriweather',
  arial: 'arimo',
  helvetica: 'arimo',
  'helvetica neue': 'arimo',
  arimo: 'arimo',
  'liberation sans': 'arimo',
  georgia: 'gelasio',
  gelasio: 'gelasio',
  serif: 'tinos',
  'times new roman': 'tinos',
  times: 'tinos',
  tinos: 'tinos',
  'liberation serif': 'tinos',
  'courier new': 'cousine',
  courier: 'cousine',
  cousine: 'cousine',
  'liberation mono': 'cousine',
};

/** The first family of a CSS-like stack that we know; Inter when none is known. */
export function resolveFace(fontFamily: string): FaceId {
  for (const part of fontFamily.split(',')) {
    const name = part
      .trim()
      .replace(/^['"]|['"]$/g, '')
      .toLowerCase();
    const id = Object.prototype.hasOwnProperty.call(FAMILY_ALIASES, name) ? FAMILY_ALIASES[name] : undefined;
    if (id) return id;
  }
  return 'inter';
}

/** Nearest weight the face ships (bold falls back to the heaviest available). */
export function faceWeight(id: FaceId, wanted: Weight): Weight {
  const files = FACES[id].files as Partial<Record<Weight, string>>;
  if (files[wanted]) return wanted;
  if (wanted >= 600 && files[700]) return 700;
  return 400;
}

export function facePath(id: FaceId, weight: Weight): string {
  const f = FACES[id];
  const files = f.files as Partial<Record<Weight, string>>;
  const file = files[faceWeight(id, weight)] ?? files[400]!;
  return join(dirname(require.resolve(`${f.pkg}/package.json`)), file);
}

/** CSS family list for canvas and SVG: primary, then the script fallbacks, then emoji. */
export function familyStack(
  primary: FaceId,
  opts: { emoji?: 'color' | 'none'; generic?: boolean; han?: HanFace } = {},
): string {
  const ids: FaceId[] = [primary, ...fallbacks(opts.han).filter((f) => f !== primary)];
  if (opts.emoji !== 'none') ids.push('notoColorEmoji');
  const names = ids.map((id) => `"${FACES[id].family}"`);
  if (opts.generic)
    names.push(
      FACES[primary].family.includes('Mono') || primary === 'cousine'
        ? 'monospace'
        : primary === 'tinos' || primary === 'gelasio' || primary === 'merriweather'
          ? 'serif'
          : 'sans-serif',
    );
  return names.join(', ');
}

let registered = false;

/**
 * Registers every bundled face with Skia once per process. Skia's font collection is process-wide,
 * so a worker thread that finds the families already there registers nothing again.
 */
export function ensureFontsRegistered(): void {
  if (registered) return;
  for (const id of Object.keys(FACES) as FaceId[]) {
    if (id === 'notoEmoji') continue; // the colour face serves canvas; the outline one is for PDF only
    const f = FACES[id];
    if (GlobalFonts.has(f.family)) continue;
    for (const w of Object.keys(f.files).map(Number) as Weight[]) {
      const key = GlobalFonts.registerFromPath(facePath(id, w));
      if (!key) throw new Error(`Could not register font ${f.family} ${w}`);
    }
  }
  registered = true;
}

/** Which characters a face has (its cmap), read once per process from its regular file. */
const coverage = new Map<FaceId, { hasGlyphForCodePoint(cp: number): boolean }>();
export function faceCovers(id: FaceId, cp: number): boolean {
  let f = coverage.get(id);
  if (!f) {
    const fontkit = require('fontkit') as { create(buf: Buffer): { hasGlyphForCodePoint(cp: number): boolean } };
    coverage.set(id, (f = fontkit.create(readFileSync(facePath(id, 400)))));
  }
  return f.hasGlyphForCodePoint(cp);
}
