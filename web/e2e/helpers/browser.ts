/** Debian's Chromium driven by playwright-core; one browser per test file. */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The one way to start Chromium, shared with the engine's reference tests and benchmark. */
export { launchChromium as launchBrowser } from '../../../services/render/bench/chromium';

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: no half-faded elements when axe or a screenshot looks at the page.
  const context = await browser.newContext({
    baseURL,
    viewport,
    reducedMotion: 'reduce',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  // Generous: two shared cores, and other test files may be rendering at the same time.
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/**
 * Uncaught page errors fail the test that collects them (a blank React tree often starts there).
 * Several pages may collect into one list (`errors`).
 */
export function collectPageErrors(page: Page, errors: string[] = []): string[] {
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Clicks a menu item once its menu has stopped moving. A menu is drawn before it is positioned
 * (and may then flip above its trigger); on a loaded machine that takes longer than the two
 * frames Playwright's own stability check watches, and a click aimed at the first position
 * pressed on the item but released on whatever took its place, so nothing was selected.
 */
export async function clickMenuItem(page: Page, name: string, options: { timeout?: number } = {}): Promise<void> {
  const item = page.getByRole('menuitem', { name });
  await item.waitFor({ timeout: options.timeout });
  let previous = '';
  for (let i = 0; i < 50; i++) {
    const box = JSON.stringify(await item.boundingBox());
    if (box === previous) break;
    previous = box;
    await page.waitForTimeout(100);
  }
  await item.click({ timeout: options.timeout });
}

/**
 * Waits until React runs the page (the app marks <html data-hydrated>, web/src/app/App.tsx): a
 * prerendered page is on screen before that, and a link clicked then is an ordinary page load.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
