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

export interface PresetSource {
  /** Who says it (the numbers it gives are in `why`). */
  label: string;
  url: string;
}

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
  /**
   * Where the channel's numbers come from (checked in November 2026). Where the channel's own page
   * was not at hand, the guide quoting it is named as what it is.
   */
  sources: readonly PresetSource[];
}

const paperSizes: PresetSource = {
  label: 'PDFlib: page sizes in points',
  url: 'https://docs.huihoo.com/php/html_en/function.pdf-begin-page.html',
};

export const PRESETS: Readonly<Record<PresetName, Preset>> = Object.freeze({
  slack: {
    width: 800,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 1000,
    why:
      'Slack fits a message image in 360×500 px (full size on a click) and wants previews at least 800 px wide; ' +
      '4:5 pages fill the inline box. PNG keeps text crisp.',
    sources: [
      {
        label: 'Slack API: message attachments',
        url: 'https://api.slack.com/reference/messaging/attachments',
      },
      {
        label: 'Slack API: files.remote.add',
        url: 'https://docs.slack.dev/reference/methods/files.remote.add',
      },
    ],
  },
  email: {
    width: 600,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 1200,
    why:
      '600 px is the body width e-mail templates are built to; embed with width="600" and the 2× file is sharp on ' +
      'Retina. PNG: Outlook and others show no SVG, WebP or AVIF.',
    sources: [
      {
        label: 'Litmus: retina images in e-mail',
        url: 'https://www.litmus.com/blog/understanding-retina-images-in-html-email/',
      },
    ],
  },
  x: {
    width: 800,
    scale: 2,
    format: 'png',
    margin: 24,
    pageHeight: 450,
    why:
      'X recommends 16:9 for an in-post image, 1600×900 (or 1200×675), shown uncropped in the timeline; taller ones ' +
      'are cut. Split "auto" pages are at most 1600×900.',
    sources: [
      {
        label: 'imageforpost.com: X image sizes',
        url: 'https://imageforpost.com/guides/twitter-x-image-sizes-dimensions-guide-2025',
      },
      {
        label: 'tacticsocial.com: X image sizes',
        url: 'https://tacticsocial.com/social-media-sizes/x-twitter',
      },
    ],
  },
  linkedin: {
    width: 600,
    scale: 2,
    format: 'png',
    margin: 24,
    pageHeight: 750,
    why:
      'LinkedIn recommends 1200×627 for a shared image and shows 3:1 to 2:3 uncropped: 1200 px wide, pages at most ' +
      '1200×1500 (4:5).',
    sources: [
      {
        label: 'HubSpot, quoting LinkedIn Help',
        url: 'https://knowledge.hubspot.com/social/image-size-requirements-for-social-posts',
      },
      {
        label: 'imageguide.dev: LinkedIn posts',
        url: 'https://www.imageguide.dev/dimensions/linkedin-post',
      },
    ],
  },
  teams: {
    width: 512,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 512,
    why:
      'An image in a Teams card (Power Automate, incoming webhooks, bots) must stay within 1024×1024 px and 1 MB: ' +
      '512 px at 2×, and split "auto" pages within 1024×1024.',
    sources: [
      {
        label: 'Microsoft Learn: Format cards in Teams',
        url: 'https://learn.microsoft.com/en-us/microsoftteams/platform/task-modules-and-cards/cards/cards-format',
      },
    ],
  },
  a4: {
    width: 697,
    scale: 1,
    format: 'pdf',
    margin: 0,
    pageHeight: null,
    pdf: { pageSize: 'A4', orientation: 'portrait', fit: 'width' },
    why:
      'A4 (210×297 mm, 595×842 pt), upright: 697 px is the 523 pt between 36 pt margins, so the table is drawn at ' +
      'its own size (14 px text is 10.5 pt); a wider one is scaled down.',
    sources: [paperSizes],
  },
  letter: {
    width: 720,
    scale: 1,
    format: 'pdf',
    margin: 0,
    pageHeight: null,
    pdf: { pageSize: 'Letter', orientation: 'portrait', fit: 'width' },
    why: 'As a4, on US Letter (8.5×11 in, 612×792 pt): 720 px is the 540 pt between the margins.',
    sources: [paperSizes],
  },
});

/** Images one split may make (each is rendered, stored and counted). */
export const MAX_SPLIT_IMAGES = 20;
