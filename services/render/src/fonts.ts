/**
 * Bundled fonts (npm packages, never the system's): the families users pick, metric-compatible
 * stand-ins for Arial/Helvetica/Georgia/Times New Roman/Courier New, and script fallbacks so a
 * table in Chinese, Japanese, Korean, Arabic, Hebrew, Hindi (Devanagari), Bengali, Tamil, Thai or
 * with emoji never shows an empty box.
 */
import { GlobalFonts } from '@napi-rs/canvas';
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

const face = (family: string, pkg: string, prefix: string, weights: Weight[]): FontFace => {
  const names: Record<Weight, string> = { 400: '400Regular', 500: '500Medium', 600: '600SemiBold', 700: '700Bold' };
  const files: Partial<Record<Weight, string>> = {};
  for (const w of weights) files[w] = `${names[w]}/${prefix}_${names[w]}.ttf`;
  return { family, pkg, files };
};

/** Every face we ship, keyed by a stable id. */
export const FACES = {
  inter: face('Inter', '@expo-google-fonts/inter', 'Inter', [400, 500, 600, 700]),
  roboto: face('Roboto', '@expo-google-fonts/roboto', 'Roboto', [400, 500, 600, 700]),
  robotoMono: face('Roboto Mono', '@expo-google-fonts/roboto-mono', 'RobotoMono', [400, 500, 600, 700]),
  merriweather: face('Merriweather', '@expo-google-fonts/merriweather', 'Merriweather', [400, 700]),
  arimo: face('Arimo', '@expo-google-fonts/arimo', 'Arimo', [400, 500, 600, 700]),
  tinos: face('Tinos', '@expo-google-fonts/tinos', 'Tinos', [400, 700]),
  cousine: face('Cousine', '@expo-google-fonts/cousine', 'Cousine', [400, 700]),
  gelasio: face('Gelasio', '@expo-google-fonts/gelasio', 'Gelasio', [400, 500, 600, 700]),
  notoSansSC: face('Noto Sans SC', '@expo-google-fonts/noto-sans-sc', 'NotoSansSC', [400, 700]),
  notoSansKR: face('Noto Sans KR', '@expo-google-fonts/noto-sans-kr', 'NotoSansKR', [400, 700]),
  notoSansArabic: face('Noto Sans Arabic', '@expo-google-fonts/noto-sans-arabic', 'NotoSansArabic', [400, 700]),
  notoSansHebrew: face('Noto Sans Hebrew', '@expo-google-fonts/noto-sans-hebrew', 'NotoSansHebrew', [400, 700]),
  notoSansDevanagari: face('Noto Sans Devanagari', '@expo-google-fonts/noto-sans-devanagari', 'NotoSansDevanagari', [400, 700]),
  notoSansBengali: face('Noto Sans Bengali', '@expo-google-fonts/noto-sans-bengali', 'NotoSansBengali', [400, 700]),
  notoSansTamil: face('Noto Sans Tamil', '@expo-google-fonts/noto-sans-tamil', 'NotoSansTamil', [400, 700]),
  notoSansThai: face('Noto Sans Thai', '@expo-google-fonts/noto-sans-thai', 'NotoSansThai', [400, 700]),
  notoColorEmoji: face('Noto Color Emoji', '@expo-google-fonts/noto-color-emoji', 'NotoColorEmoji', [400]),
  /** Outline emoji for PDF, where colour bitmap glyphs cannot be embedded. */
  notoEmoji: face('Noto Emoji', '@expo-google-fonts/noto-emoji', 'NotoEmoji', [400, 700]),
} as const satisfies Record<string, FontFace>;
export type FaceId = keyof typeof FACES;

/** Script fallbacks after the primary face; Inter first because it has ✓ ✗ and arrows. */
export const FALLBACKS: readonly FaceId[] = [
  'inter', 'notoSansSC', 'notoSansKR', 'notoSansArabic', 'notoSansHebrew',
  'notoSansDevanagari', 'notoSansBengali', 'notoSansTamil', 'notoSansThai',
];

/** What a user may write in `fontFamily` (lower-case first family of a CSS stack) → our face. */
const FAMILY_ALIASES: Record<string, FaceId> = {
  inter: 'inter', 'sans-serif': 'inter', 'system-ui': 'inter', '-apple-system': 'inter',
  roboto: 'roboto',
  'roboto mono': 'robotoMono', monospace: 'robotoMono',
  merriweather: 'merriweather',
  arial: 'arimo', helvetica: 'arimo', 'helvetica neue': 'arimo', arimo: 'arimo', 'liberation sans': 'arimo',
  georgia: 'gelasio', gelasio: 'gelasio', serif: 'tinos',
  'times new roman': 'tinos', times: 'tinos', tinos: 'tinos', 'liberation serif': 'tinos',
  'courier new': 'cousine', courier: 'cousine', cousine: 'cousine', 'liberation mono': 'cousine',
};

/** The first family of a CSS-like stack that we know; Inter when none is known. */
export function resolveFace(fontFamily: string): FaceId {
  for (const part of fontFamily.split(',')) {
    const name = part.trim().replace(/^['"]|['"]$/g, '').toLowerCase();
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
export function familyStack(primary: FaceId, opts: { emoji?: 'color' | 'none'; generic?: boolean } = {}): string {
  const ids: FaceId[] = [primary, ...FALLBACKS.filter((f) => f !== primary)];
  if (opts.emoji !== 'none') ids.push('notoColorEmoji');
  const names = ids.map((id) => `"${FACES[id].family}"`);
  if (opts.generic) names.push(FACES[primary].family.includes('Mono') || primary === 'cousine' ? 'monospace' : primary === 'tinos' || primary === 'gelasio' || primary === 'merriweather' ? 'serif' : 'sans-serif');
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
