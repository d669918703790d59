/**
 * The SVG stands on its own (issue #29): opened in headless Chromium, which has none of the
 * project's fonts (they are npm packages, not system fonts; this machine has only Debian's DejaVu
 * and Liberation), it must look like the PNG of the same table.
 *
 * Three checks per table:
 * - every @font-face the SVG embeds loads (a font the browser's sanitiser rejects would be 'error');
 * - every glyph of every <text> is drawn by an embedded face, never by a system font: Chromium's
 *   own answer (DevTools CSS.getPlatformFontsForNode, `isCustomFont`), so a system font that
 *   happens to have the characters (Debian's DejaVu has Arabic and Hebrew) cannot hide a missing
 *   embed, and neither could an Inter installed on another machine;
 * - the screenshot at the PNG's size matches the PNG: ≥ 98 % of pixels within 48 of 255 on every
 *   channel. Skia (the PNG) and Chromium rasterise the same outlines with different gamma and
 *   contrast on partly covered edge pixels: measured on the reference table, 97.6 % of pixels are
 *   within 32, 99.5 % within 48, 99.8 % within 64. A glyph from another face or moved by a pixel
 *   differs by 100–255 on its strokes, and the same SVG without its fonts scores ~93 %.
 * The control: the same SVG with its <style> removed fails the glyph check and the pixel target.
 *
 * With svgText "paths" the SVG has no <text> and no font (Chromium loads none), and the same
 * target holds with less margin: Chromium fills outlines without the gamma and contrast it gives
 * text, so edges differ more (reference table: 96.6 % within 32, 98.3 % within 48, 99.0 % within
 * 64; Chromium's own text against the same outlines as paths is 97.7 % within 48). Outlines are
 * put at quarter pixels across and whole pixels down, as Skia places glyphs; without that 97.5 %.
 * Colour emoji are pictures in both modes: the tables' <image> count is checked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencePayload } from '../bench/reference-table';
import { launchChromium } from '../bench/chromium';
import { hasChromium } from './reference/chromium-lines';
import { differing, pixels } from './support/rasterize';
import { renderPayload } from './support/payload';

const TOLERANCE = 48;
const TARGET = 0.98;
/** Screenshots and PNGs side by side, to look at. */
const OUT = join(tmpdir(), 'jsonable-svg-chromium');

/** The benchmark's reference table with a Region column: Latin, Chinese, Arabic and Hebrew. */
function referenceWithScripts(): unknown {
  const ref = referencePayload(20);
  const regions = ['Europe', 'Asia Pacific 亚太', 'الشرق الأوسط', 'ישראל', 'Americas'];
  return {
    ...ref,
    headers: [...ref.headers, 'Region'],
    rows: ref.rows.map((r, i) => [...r, regions[i % regions.length]!]),
  };
}

/** Chinese, Japanese, Korean, Arabic with digits, and colour emoji, with a title. */
function scriptsTable(): unknown {
  return {
    title: 'Offices 办事处',
    headers: ['City', 'Name', 'Team', 'Status'],
    rows: [
      ['上海', '王小明', '销售部', '✓ 完成'],
      ['東京', 'すずき ひろし', 'エンジニア', '👍🏽 良い'],
      ['서울', '김민준', '디자인', '🇰🇷 진행 중'],
      ['القاهرة', 'محمد علي', 'المبيعات ٢٠٢٤', '🎉 تم'],
      ['Paris', 'Zoë Brontë', 'Café ☕', '✗ late'],
    ],
  };
}

/** A right-to-left table: Arabic title, mirrored brackets, Hebrew, Latin and digits inside Arabic. */
function rtlTable(): unknown {
  return {
    title: 'تقرير المبيعات 2024',
    headers: ['المنطقة', 'المبيعات', 'ملاحظة'],
    rows: [
      ['القاهرة', 1250.5, 'زيادة (10%) ✓'],
      ['דובאי', 980, 'ABC-123 نص'],
    ],
    options: { direction: 'rtl' },
  };
}

/** The tables, with their colour emoji count (scripts: 👍🏽 🇰🇷 🎉 ☕; ✓ and ✗ are Inter's). */
const TABLES = [
  ['reference', referenceWithScripts(), 0],
  ['scripts', scriptsTable(), 4],
  ['rtl', rtlTable(), 0],
] as const;

interface Seen {
  similarity: number;
  fonts: { family: string; status: string }[];
  /** Families Chromium drew <text> glyphs with, and whether each was an embedded (custom) font. */
  platform: { familyName: string; isCustomFont: boolean; glyphCount: number }[];
}

let browser: Browser;

async function openSvg(svg: string, width: number, height: number, png: Buffer, name: string): Promise<Seen> {
  const page: Page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    // Served as a file of its own (image/svg+xml), as a viewer opens it: not inlined in HTML.
    await page.route('http://svg.test/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: svg }));
    await page.goto('http://svg.test/table.svg');
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].map((f) => ({ family: f.family, status: f.status }));
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'text' });
    const platform: Seen['platform'] = [];
    for (const nodeId of nodeIds) {
      const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      platform.push(...used);
    }
    const shot = await page.screenshot({ clip: { x: 0, y: 0, width, height } });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `${name}.chromium.png`), shot);
    writeFileSync(join(OUT, `${name}.engine.png`), png);
    const similarity = 1 - differing(await pixels(shot), await pixels(png), TOLERANCE);
    return { similarity, fonts, platform };
  } finally {
    await page.close();
  }
}

const withOptions = (payload: unknown, options: Record<string, unknown>) => {
  const p = payload as { options?: Record<string, unknown> };
  return { ...p, options: { ...p.options, ...options } };
};

async function both(payload: unknown) {
  const svg = await renderPayload({ payload, format: 'svg' });
  const png = await renderPayload({ payload, format: 'png' });
  expect([svg.width, svg.height]).toEqual([png.width, png.height]);
  return {
    svg: Buffer.from(svg.bytes).toString('utf8'),
    png: Buffer.from(png.bytes),
    width: png.width,
    height: png.height,
  };
}

const report = (name: string, seen: Seen) =>
  console.log(
    `${name}: ${(100 * seen.similarity).toFixed(2)} % of pixels within ${TOLERANCE}; fonts ${seen.fonts.map((f) => `${f.family} ${f.status}`).join(', ')}; ` +
      `drawn with ${[...new Set(seen.platform.map((p) => `${p.familyName}${p.isCustomFont ? '' : ' (system)'}`))].join(', ')}`,
  );

describe.skipIf(!hasChromium())(
  'SVG in Chromium without the project fonts (skipped where /usr/bin/chromium is missing)',
  () => {
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    for (const [name, payload, emoji] of TABLES) {
      it(`${name} table: embedded subset fonts draw every glyph and it matches the PNG`, async () => {
        const t = await both(payload);
        // Colour emoji are pictures over transparent glyphs (the subset font keeps no colour tables).
        expect(t.svg.match(/<image /g)?.length ?? 0).toBe(emoji);
        const seen = await openSvg(t.svg, t.width, t.height, t.png, name);
        report(name, seen);
        expect(seen.fonts.length).toBeGreaterThanOrEqual({ reference: 5, scripts: 6, rtl: 3 }[name]);
        expect(seen.fonts.filter((f) => f.status !== 'loaded')).toEqual([]);
        expect(seen.platform.length).toBeGreaterThan(0);
        expect(seen.platform.filter((p) => !p.isCustomFont)).toEqual([]);
        expect(seen.similarity).toBeGreaterThanOrEqual(TARGET);
      }, 120_000);
    }

    for (const [name, payload, emoji] of TABLES) {
      it(`${name} table with svgText "paths": no text and no fonts, and it matches the PNG`, async () => {
        const t = await both(withOptions(payload, { svgText: 'paths' }));
        expect(t.svg).not.toContain('<text');
        expect(t.svg).not.toContain('@font-face');
        expect(t.svg).not.toContain('font-family');
        expect(t.svg.match(/<image /g)?.length ?? 0).toBe(emoji);
        const seen = await openSvg(t.svg, t.width, t.height, t.png, `${name}-paths`);
        report(`${name} (paths)`, seen);
        expect(seen.fonts).toEqual([]);
        expect(seen.platform).toEqual([]);
        expect(seen.similarity).toBeGreaterThanOrEqual(TARGET);
      }, 120_000);
    }

    it('control: the same SVG without its embedded fonts falls back to system fonts and misses the target', async () => {
      const t = await both(referenceWithScripts());
      const bare = t.svg.replace(/<style>[\s\S]*?<\/style>/, '');
      expect(bare).not.toBe(t.svg);
      const seen = await openSvg(bare, t.width, t.height, t.png, 'reference-without-fonts');
      report('reference without fonts', seen);
      expect(seen.fonts).toEqual([]);
      expect(seen.platform.some((p) => !p.isCustomFont)).toBe(true);
      expect(seen.similarity).toBeLessThan(TARGET);
    }, 120_000);
  },
);
