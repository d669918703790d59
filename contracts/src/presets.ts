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
  /** Who says it, and what. */
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

export const PRESETS: Readonly<Record<PresetName, Preset>> = Object.freeze({
  slack: {
    width: 800,
    scale: 2,
    format: 'png',
    margin: 16,
    pageHeight: 1000,
    why:
      'Slack shows an image in a message scaled down to fit 360 px wide or 500 px tall, keeping its shape, and ' +
      'opens it at full size when clicked; it asks for previews of remote files at least 800 px wide. 800 CSS px at ' +
      '2× is a ' +
      '1600 px file, sharp in the full view on high-density screens. Pages of at most 1000 px (4:5, a 1600×2000 file) ' +
      'fill the 360×500 box as far as a table can (360×450). PNG keeps text crisp.',
    sources: [
      {
        label: 'Slack API, message attachments: image_url resized to at most 360 px wide or 500 px tall',
        url: 'https://api.slack.com/reference/messaging/attachments',
      },
      {
        label: 'Slack API, files.remote.add: previews at least 800w × 400h',
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
      '600 px is the body width e-mail templates are built to (shown whole in Gmail, Outlook, Yahoo and Apple Mail ' +
      'without sideways scrolling); embed the image with width="600" so the 2× file (1200 px) is sharp on high-density (Retina) ' +
      'screens, the way e-mail designers ship retina images. PNG because Outlook for Windows and several other ' +
      'clients show no SVG, WebP or AVIF. Pages of at most 1200 px.',
    sources: [
      {
        label: 'Litmus, Understanding Retina Images in HTML Email: a 2× file shown at its 1× width',
        url: 'https://www.litmus.com/blog/understanding-retina-images-in-html-email/',
      },
      {
        label: 'Warmy, e-mail template size guide: 600 px, the long-standing safe width',
        url: 'https://www.warmy.io/blog/email-sizes-the-best-practices/',
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
      'X recommends 16:9 for a single in-post image, 1600×900 px (or 1200×675); 16:9 is shown uncropped in the ' +
      'timeline, a taller image is cut until opened. 800 CSS px at 2× is 1600 px wide, and split "auto" pages of at ' +
      'most 450 px are at most 1600×900 px. One post holds up to four images, each at most 5 MB.',
    sources: [
      {
        label: 'X image sizes guide (imageforpost.com): in-stream photos 1600×900, single image 1200×675, 16:9',
        url: 'https://imageforpost.com/guides/twitter-x-image-sizes-dimensions-guide-2025',
      },
      {
        label: 'X image sizes (tacticsocial.com): 16:9 displays without cropping in the timeline',
        url: 'https://tacticsocial.com/social-media-sizes/x-twitter',
      },
      {
        label: 'HubSpot Knowledge Base, quoting X Help: photos up to 5 MB',
        url: 'https://knowledge.hubspot.com/social/image-size-requirements-for-social-posts',
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
      'LinkedIn recommends 1200×627 px for a shared image and shows images from 3:1 to 2:3 (width to height) ' +
      'uncropped, centring and cropping beyond that. 600 CSS px at 2× is 1200 px wide; pages of at most 750 px are ' +
      '1200×1500 px (4:5, the usual portrait post), within 2:3. A 627 px landscape page would hold four or five rows.',
    sources: [
      {
        label: 'HubSpot Knowledge Base, quoting LinkedIn Help: at least 552×276, ratio 3:1 to 2:3, 5 MB',
        url: 'https://knowledge.hubspot.com/social/image-size-requirements-for-social-posts',
      },
      {
        label: 'LinkedIn post dimensions (imageguide.dev): 1200×627 recommended, 1080×1350 portrait',
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
      'Microsoft documents that an image in a Teams card (what Power Automate, incoming webhooks and bots post) ' +
      'must stay within 1024×1024 px and 1 MB, as PNG, JPEG or GIF. 512 CSS px at 2× is a 1024 px wide file, and ' +
      'split "auto" pages of at most 512 px stay within 1024×1024; a longer table without a split is taller than ' +
      'a card allows.',
    sources: [
      {
        label: 'Microsoft Learn, Format cards in Teams: images within 1024×1024 px and under 1 MB',
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
      'A PDF on A4 paper (ISO 216: 210×297 mm, 595×842 pt, upright). The table is laid out 697 CSS px wide, the ' +
      '523 pt between the 36 pt (12.7 mm) margins every printer can print, so it is drawn at its own size (text at ' +
      '0.75 pt per px, 10.5 pt for 14 px); a wider one is scaled down to fit. Long tables continue on the next page ' +
      'with the header repeated and "Page i of n".',
    sources: [
      {
        label: 'PDFlib, common page sizes in points: A4 595×842, letter 612×792',
        url: 'https://docs.huihoo.com/php/html_en/function.pdf-begin-page.html',
      },
    ],
  },
  letter: {
    width: 720,
    scale: 1,
    format: 'pdf',
    margin: 0,
    pageHeight: null,
    pdf: { pageSize: 'Letter', orientation: 'portrait', fit: 'width' },
    why: 'As a4, on US Letter paper (8.5×11 in, 612×792 pt): 720 CSS px is the 540 pt between the 36 pt margins.',
    sources: [
      {
        label: 'PDFlib, common page sizes in points: A4 595×842, letter 612×792',
        url: 'https://docs.huihoo.com/php/html_en/function.pdf-begin-page.html',
      },
    ],
  },
});

/** Images one split may make (each is rendered, stored and counted). */
export const MAX_SPLIT_IMAGES = 20;
