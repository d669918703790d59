/**
 * The public site's images, drawn by our own engine at build time from one table (the landing
 * page's hero, Weekly Sales by Region), so what the site shows is exactly what the service makes
 * and can never go stale: `node --import tsx services/render/build/site-images.ts <dir>` writes
 *
 * - `hero-table.svg`: the table itself as an SVG with its text drawn as paths (no font to fetch),
 *   which the landing page's prerendered HTML carries inline: the hero is painted with the page's
 *   first words, with no image request (issue 26: under a slow network and CPU the hero PNG was the
 *   largest contentful paint, ≈ 2 s, behind the scripts);
 * - `link-preview.png`: the same table at 2× pixels centred on a 1200×630 card in the brand's
 *   lightest purple (the size Open Graph and Twitter's large card expect), every public page's
 *   og:image;
 * - `site-images.json`: the hero's size in CSS pixels (the img's width/height, so it takes its
 *   place before it loads) and its alt text, generated from the drawn data as for any image.
 *
 * The web build runs it in a child process (web/build/site-images.ts: the engine is not part of
 * the web workspace, and its native canvas stays out of Vite's process).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { altTextOf } from '@jsonable/contracts/alt-text';
import type { SiteImages } from '@jsonable/contracts/site-images';
import { renderTable } from '../src/engine';
import { parseTableRequest } from '../src/request';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The landing page's hero table (and the link preview's). */
export const heroPayload = {
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

export interface RenderedSiteImages extends SiteImages {
  heroSvg: Uint8Array;
  linkPreviewPng: Uint8Array;
}

export async function renderSiteImages(): Promise<RenderedSiteImages> {
  const request = parseTableRequest(heroPayload);
  const table = await renderTable({ request });
  if (!table.drawn) throw new Error('site images: the engine did not report the table it drew');
  const scale = request.options.deviceScaleFactor ?? 1;
  if (table.width % scale !== 0 || table.height % scale !== 0)
    throw new Error(
      `site images: the hero is ${table.width}×${table.height} pixels, not whole CSS pixels at ${scale}×`,
    );
  if (table.width > PREVIEW_WIDTH - 80 || table.height > PREVIEW_HEIGHT - 60)
    throw new Error(`site images: the table is ${table.width}×${table.height}, larger than the card allows`);

  // The card: the same render, centred on the brand background with a soft shadow.
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

  // The hero: the same table as an SVG, its text as paths, at the PNG's size in CSS pixels.
  const svg = await renderTable({
    request: parseTableRequest({
      ...heroPayload,
      options: { ...heroPayload.options, format: 'svg', svgText: 'paths' },
    }),
  });
  const width = table.width / scale;
  const height = table.height / scale;
  if (svg.width !== width || svg.height !== height)
    throw new Error(`site images: the hero SVG is ${svg.width}×${svg.height}, the PNG ${width}×${height} CSS pixels`);

  return {
    hero: { file: 'hero-table.svg', width, height, alt: altTextOf(table.drawn) },
    heroSvg: svg.bytes,
    linkPreviewPng: await canvas.encode('png'),
  };
}

const out = process.argv[2];
if (out) {
  const images = await renderSiteImages();
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, images.hero.file), images.heroSvg);
  writeFileSync(join(out, 'link-preview.png'), images.linkPreviewPng);
  writeFileSync(
    join(out, 'site-images.json'),
    `${JSON.stringify({ hero: images.hero } satisfies SiteImages, null, 2)}\n`,
  );
}
