/** axe and pictures of one screen at both widths: nothing serious for axe, no sideways scroll at 390 px. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './axe';
import { VIEWPORTS } from './browser';
import { shot } from './shots';

export async function checkScreenAtBothWidths(page: Page, name: string): Promise<void> {
  // axe reads colours as painted: let finite animations (toasts, fades) end first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const before = page.viewportSize();
  for (const [label, viewport] of [
    ['390', VIEWPORTS.mobile],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    const findings = await seriousA11yViolations(page);
    expect(findings, `axe on ${name} at ${label} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${label} px`).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${name}-${label}`);
  }
  if (before) await page.setViewportSize(before);
}
