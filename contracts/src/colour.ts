/** Colours in the table payload: parsed to hex, so nothing but hex ever reaches a renderer. */
import { z } from 'zod';

/** CSS colour names we accept besides hex; a closed list keeps what reaches SVG/PDF harmless. */
export const NAMED_COLOURS: Readonly<Record<string, string>> = Object.freeze({
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
  teal: '#008080',
  maroon: '#800000',
  olive: '#808000',
  lime: '#00ff00',
  aqua: '#00ffff',
  fuchsia: '#ff00ff',
  pink: '#ffc0cb',
  brown: '#a52a2a',
  transparent: '#00000000',
});

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d{1,4}|1\.0+)\s*)?\)$/;

/**
 * Normalises a colour to lower-case `#rrggbb` (or `#rrggbbaa` for rgba/transparent), or null.
 * SPEC §5 asks for hex with 3 or 6 digits; rgb()/rgba() and a few names are accepted too because
 * they are parsed here into hex, so nothing but hex ever reaches a renderer.
 */
export function parseColour(input: string): string | null {
  const s = input.trim();
  if (HEX.test(s)) {
    const h = s.slice(1).toLowerCase();
    return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}` : `#${h}`;
  }
  const m = RGB.exec(s);
  if (m) {
    const parts = [m[1], m[2], m[3]].map((p) => Number(p));
    if (parts.some((p) => p > 255)) return null;
    const hex = parts.map((p) => p.toString(16).padStart(2, '0')).join('');
    if (m[4] === undefined) return `#${hex}`;
    const a = Math.round(Number(m[4]) * 255);
    return a >= 255 ? `#${hex}` : `#${hex}${a.toString(16).padStart(2, '0')}`;
  }
  const named = Object.prototype.hasOwnProperty.call(NAMED_COLOURS, s.toLowerCase())
    ? NAMED_COLOURS[s.toLowerCase()]
    : undefined;
  return named ?? null;
}

export const colourSchema = z
  .string()
  .max(64)
  .transform((s, ctx) => {
    const c = parseColour(s);
    if (c === null) {
      ctx.addIssue({ code: 'custom', message: 'Colours must be hex like #1a2b3c or #abc' });
      return z.NEVER;
    }
    return c;
  });
