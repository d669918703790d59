/** Screenshots for people to look at; kept out of git under tmp/e2e-shots (or E2E_SHOTS_DIR). */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { WEB_ROOT } from './build';

export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? resolve(WEB_ROOT, '..', 'tmp', 'e2e-shots');

export async function shot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  // A tab behind another (tests that open a second person's page) may not paint a new frame, and
  // the screenshot waits for one: bring it to the front first.
  await page.bringToFront();
  await page.screenshot({ path, fullPage });
  return path;
}
