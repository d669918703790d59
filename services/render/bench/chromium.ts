/**
 * Headless Chromium as the baseline: a warm page whose table is replaced each iteration
 * (innerHTML), then an element screenshot of the table, which is how browser-based table-image
 * services work.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { referencePageHtml } from './reference-table';

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Headless Chromium through playwright-core, the one launch of every browser test and benchmark
 * (here, the engine's Chromium reference tests, and web/e2e/helpers/browser.ts).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface ChromiumTable {
  screenshot(tableHtml: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openChromiumTable(): Promise<ChromiumTable> {
  const browser: Browser = await launchChromium();
  const page: Page = await browser.newPage({ viewport: { width: 1000, height: 1200 }, deviceScaleFactor: 1 });
  await page.setContent(referencePageHtml());
  await page.evaluate(() => document.fonts.ready);
  return {
    async screenshot(tableHtml) {
      await page.evaluate((html) => {
        (document.getElementById('root') as HTMLElement).innerHTML = html;
      }, tableHtml);
      const table = await page.$('table');
      if (!table) throw new Error('table not found');
      return table.screenshot({ type: 'png' });
    },
    close: () => browser.close(),
  };
}
