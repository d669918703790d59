/** axe and pictures of one screen: nothing serious for axe, no sideways scroll, a picture to look at. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './axe';
import { VIEWPORTS } from './browser';
import { shot } from './shots';

/**
 * The screen as it is now, at the page's width: axe finds nothing serious, the page does not
 * scroll sideways, and its picture is kept as `name` (the whole page, or what is in view).
 */
export async function checkScreen(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // seriousA11yViolations waits for the page to hydrate and its finite animations to end.
  const findings = await seriousA11yViolations(page);
  expect(findings, `axe on ${name}`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name, options.fullPage ?? true);
}

/** checkScreen at 390 and at 1280 px (pictures `<name>-390`, `<name>-1280`), then back to the width before. */
export async function checkScreenAtBothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const [label, viewport] of [
    ['390', VIEWPORTS.mobile],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await checkScreen(page, `${name}-${label}`);
  }
  if (before) await page.setViewportSize(before);
}
