/**
 * The styles editor's state (SPEC §4): defaults merged with the project's saved defaultStyles.
 * Only the fields this page edits are taken from the saved object; anything else a project has
 * (set through the API) is kept untouched when saving, since the PATCH sends the whole object.
 */
import { IMAGE_FORMATS } from '@jsonable/contracts/formats';
import { defaultStyles, parseColour } from '@jsonable/contracts/table';

export const editorFonts = ['Inter', 'Arial', 'Helvetica', 'Georgia', 'Times New Roman', 'Courier New'] as const;
export const editorFontSizes = [12, 14, 16, 18, 20] as const;
export const editorBorderStyles = ['solid', 'dashed', 'dotted', 'none'] as const;
export const editorFormats = IMAGE_FORMATS;
export const PADDING = { min: 4, max: 24, step: 2 } as const;
export const WIDTH = { min: 400, max: 1200, step: 50 } as const;

export interface EditorStyles {
  headerBg: string;
  headerText: string;
  rowEvenBg: string;
  rowOddBg: string;
  borderColor: string;
  fontFamily: (typeof editorFonts)[number];
  fontSize: (typeof editorFontSizes)[number];
  borderStyle: (typeof editorBorderStyles)[number];
  cellPadding: number;
  defaultWidth: number;
  imageFormat: (typeof editorFormats)[number];
}

function firstFamily(stack: string): string {
  return (stack.split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, '');
}

function clampStep(v: number, r: { min: number; max: number; step: number }): number {
  const clamped = Math.min(r.max, Math.max(r.min, v));
  return r.min + Math.round((clamped - r.min) / r.step) * r.step;
}

export const editorDefaults: EditorStyles = {
  headerBg: defaultStyles.headerBg,
  headerText: defaultStyles.headerText,
  rowEvenBg: defaultStyles.rowEvenBg,
  rowOddBg: defaultStyles.rowOddBg,
  borderColor: defaultStyles.borderColor,
  fontFamily: (editorFonts as readonly string[]).includes(firstFamily(defaultStyles.fontFamily))
    ? (firstFamily(defaultStyles.fontFamily) as EditorStyles['fontFamily'])
    : 'Inter',
  fontSize: 14,
  borderStyle: defaultStyles.borderStyle,
  cellPadding: clampStep(defaultStyles.cellPadding, PADDING),
  defaultWidth: clampStep(defaultStyles.defaultWidth, WIDTH),
  imageFormat: defaultStyles.imageFormat,
};

function pixels(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const n = Number.parseFloat(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Defaults, overlaid with each saved field this editor understands. */
export function fromSaved(saved: Record<string, unknown> | null | undefined): EditorStyles {
  const s = { ...editorDefaults };
  if (!saved) return s;
  for (const key of ['headerBg', 'headerText', 'rowEvenBg', 'rowOddBg', 'borderColor'] as const) {
    const v = saved[key];
    const c = typeof v === 'string' ? parseColour(v) : null;
    if (c && c.length === 7) s[key] = c;
  }
  if (typeof saved.fontFamily === 'string') {
    const f = firstFamily(saved.fontFamily);
    if ((editorFonts as readonly string[]).includes(f)) s.fontFamily = f as EditorStyles['fontFamily'];
  }
  const size = pixels(saved.fontSize);
  if (size !== null) {
    const even = Math.min(20, Math.max(12, Math.round(size / 2) * 2));
    s.fontSize = even as EditorStyles['fontSize'];
  }
  if (typeof saved.borderStyle === 'string' && (editorBorderStyles as readonly string[]).includes(saved.borderStyle)) {
    s.borderStyle = saved.borderStyle as EditorStyles['borderStyle'];
  }
  const pad = pixels(saved.cellPadding);
  if (pad !== null) s.cellPadding = clampStep(pad, PADDING);
  const width = pixels(saved.defaultWidth);
  if (width !== null) s.defaultWidth = clampStep(width, WIDTH);
  const fmt = typeof saved.imageFormat === 'string' ? saved.imageFormat.toLowerCase().replace(/^jpg$/, 'jpeg') : null;
  if (fmt && (editorFormats as readonly string[]).includes(fmt)) s.imageFormat = fmt as EditorStyles['imageFormat'];
  return s;
}

/**
 * What Save Styles sends: the saved object with this editor's fields replaced. The conditional
 * formats and spanners, when given, replace the saved lists; empty lists are left out.
 */
export function toSaved(
  saved: Record<string, unknown> | null | undefined,
  styles: EditorStyles,
  lists?: { conditionalFormats: unknown[]; spanners: unknown[] },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(saved ?? {}), ...styles };
  if (lists) {
    for (const key of ['conditionalFormats', 'spanners'] as const) {
      if (lists[key].length > 0) out[key] = lists[key];
      else delete out[key];
    }
  }
  return out;
}

/** CSS font stacks for the live preview, close to what the renderer bundles. */
export const cssFontStack: Record<EditorStyles['fontFamily'], string> = {
  Inter: 'Inter, ui-sans-serif, system-ui, sans-serif',
  Arial: "Arial, 'Liberation Sans', Arimo, sans-serif",
  Helvetica: "Helvetica, Arial, 'Liberation Sans', sans-serif",
  Georgia: 'Georgia, Gelasio, serif',
  'Times New Roman': "'Times New Roman', 'Liberation Serif', Tinos, serif",
  'Courier New': "'Courier New', 'Liberation Mono', Cousine, monospace",
};
