/**
 * Channel presets (issue #25 item 3): `options.preset` sets the width, device scale, format and
 * margin that suit where the image goes, and the height a page may have when `options.split` is
 * "auto". Anything the request sets itself (options.width, deviceScaleFactor, margin, format,
 * styles.imageFormat, pdf.*) wins over the preset. One table for the engine, the API's checks,
 * the README, the documentation page and OpenAPI.
 */
import type { ImageFormat } from './formats';

export const PRESET_NAMES = ['slack', 'email', 'x', 'linkedin', 'teams', 'a4', 'letter'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export interface Preset {
  /** The whole image's width in CSS pixels (margins included). */
  width: number;
  /** Device pixels per CSS pixel. */
  scale: number;
  format: ImageFormat;
  /** Space around the table (and its title and notes), CSS pixels, on every side. */
  margin: number;
  /**
   * With `split: "auto"`: the most CSS pixels one image may be tall (for PDF, the page decides:
   * null).
   */
  pageHeight: number | null;
  /** PDF page setup for the paper presets. */
  pdf?: { pageSize: 'A4' | 'Letter'; orientation: 'portrait'; fit: 'width' };
  /** Why these numbers: shown in the docs. */
  why: string;
}

export const PRESETS: Readonly<Record<PresetName, Preset>> = Object.freeze({
  slack: {
    width: 800,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 1000,
    why:
      'Slack shows an uploaded image at up to about 800 CSS px wide in a desktop channel and scales larger ones down; ' +
      '2× keeps text sharp on high-density screens (1600 px file). PNG keeps text crisp (Slack does not recompress it). ' +
      'Pages of at most 1000 px keep each image readable without opening it.',
  },
  email: {
    width: 600,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 1200,
    why:
      '600 px is the body width e-mail templates are built to (Gmail, Outlook and Apple Mail render it without ' +
      'scaling); embed it with width="600" so the 2× file (1200 px) is sharp on high-density screens. PNG because ' +
      'several mail clients (Outlook for Windows, Gmail) do not show SVG or WebP. Pages of at most 1200 px.',
  },
  x: {
    width: 800,
    scale: 2,
    format: 'png',
    margin: 24,
    pageHeight: 1000,
    why:
      'X recommends 1600 px on the long side for in-post images: 800 CSS px at 2×. A page of at most 1000 px keeps ' +
      'the image within 4:5 (1600×2000 px), the tallest a single image is shown uncropped in the timeline; ' +
      'up to four images fit one post.',
  },
  linkedin: {
    width: 600,
    scale: 2,
    format: 'png',
    margin: 24,
    pageHeight: 750,
    why:
      'LinkedIn shows feed images 1200 px wide and portrait images up to 4:5 uncropped: 600 CSS px at 2× with pages ' +
      'of at most 750 px (1200×1500 px).',
  },
  teams: {
    width: 720,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 1000,
    why:
      'A Teams chat or channel message is about 720 CSS px wide on desktop; 2× for high-density screens (1440 px file). ' +
      'Teams shows PNG inline. Pages of at most 1000 px.',
  },
  a4: {
    width: 697,
    scale: 1,
    format: 'pdf',
    margin: 0,
    pageHeight: null,
    pdf: { pageSize: 'A4', orientation: 'portrait', fit: 'width' },
    why:
      'A PDF on A4 paper (210×297 mm, upright). The table is laid out 697 CSS px wide, the 523 pt between the ' +
      '36 pt (12.7 mm) margins every printer can print, so it is drawn at its own size (text at 0.75 pt per px, ' +
      '10.5 pt for 14 px); a wider one is scaled down to fit. Long tables continue on the next page with the ' +
      'header repeated and "Page i of n".',
  },
  letter: {
    width: 720,
    scale: 1,
    format: 'pdf',
    margin: 0,
    pageHeight: null,
    pdf: { pageSize: 'Letter', orientation: 'portrait', fit: 'width' },
    why: 'As a4, on US Letter paper (8.5×11 in): 720 CSS px between the 36 pt margins.',
  },
});

/** Images one split may make (each is rendered, stored and counted). */
export const MAX_SPLIT_IMAGES = 20;
