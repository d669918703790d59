/**
 * The link-preview image (Open Graph / Twitter card) of the public pages, drawn by our own engine
 * at build time: `node --import tsx services/render/build/link-preview.ts <out.png>`. The web build
 * (web/vite.config.ts) runs it and writes web/dist/link-preview.png; the prerendered pages'
 * og:image and twitter:image point at it (web/build/prerender.ts).
 *
 * The table is the engine's own PNG at 2× pixels; it is centred on a 1200×630 card (the size
 * Open Graph and Twitter's large card expect) in the brand's lightest purple, so what a link
 * preview shows is exactly what the service makes.
 */
import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderTable } from '../src/engine';
import { parseTableRequest } from '../src/request';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The landing page's hero table (Weekly Sales by Region), wide enough to fill the card. */
export const previewPayload = {
  title: 'Weekly Sales by Region',
  headers: ['Region', 'Orders', 'Revenue', 'Growth', 'On Target'],
  rows: [
    ['North America', 1284, { type: 'currency', value: 182450 }, { type: 'percentage', value: 0.124 }, true],
    ['Europe', 967, { type: 'currency', value: 139820.5 }, { type: 'percentage', value: 0.081 }, true],
    ['Asia Pacific', 1105, { type: 'currency', value: 151300 }, { type: 'percentage', value: 0.167 }, true],
    ['Latin America', 412, { type: 'currency', value: 48760 }, { type: 'percentage', value: -0.023 }, false],
    ['Middle East & Africa', 298, { type: 'currency', value: 36115 }, { type: 'percentage', value: 0.052 }, true],
  ],
  options: {
    format: 'png',
    width: 520,
    deviceScaleFactor: 2,
    styles: {
      headerBg: '#4a1e8c',
      headerText: '#ffffff',
      rowEvenBg: '#f4effb',
      borderColor: '#e6dbf6',
      titleColor: '#1b0a34',
      fontSize: 14,
      headerFontSize: 14,
      titleFontSize: 22,
      cellPadding: 10,
    },
  },
};

/** The card: the engine's table, centred on the brand background. */
export async function renderLinkPreview(): Promise<Buffer> {
  const table = await renderTable({ request: parseTableRequest(previewPayload) });
  if (table.width > PREVIEW_WIDTH - 80 || table.height > PREVIEW_HEIGHT - 60)
    throw new Error(`link preview: the table is ${table.width}×${table.height}, larger than the card allows`);
  const canvas = createCanvas(PREVIEW_WIDTH, PREVIEW_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#e6dbf6';
  ctx.fillRect(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  const image = await loadImage(Buffer.from(table.bytes));
  const x = Math.round((PREVIEW_WIDTH - table.width) / 2);
  const y = Math.round((PREVIEW_HEIGHT - table.height) / 2);
  ctx.fillStyle = 'rgba(27, 10, 52, 0.18)';
  ctx.fillRect(x + 6, y + 10, table.width, table.height);
  ctx.drawImage(image, x, y);
  return canvas.encode('png');
}

const out = process.argv[2];
if (out) writeFileSync(out, await renderLinkPreview());
