/**
 * Living images in the dashboard (issue #25), in Debian's Chromium against the built app on the
 * real server: a living image updated twice through the API shows its current thumbnail and
 * version history; rollback moves the stable URL back; the URL copies; a new living image is
 * created from the dashboard; delete ends its URLs. axe and pictures at 390 and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededAccount, type SeededAccount } from '../../services/api/bench/seeded-account';
import {
  WEB_DIST, checkScreenAtBothWidths, collectPageErrors, ensureWebBuilt, launchBrowser, newPage, startE2eServer, type E2eServer,
} from './helpers';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let account: SeededAccount;
let distCopy = '';

const table = (n: number) => ({ title: `Sales ${n}`, headers: ['Region', 'Orders'], rows: [['North', n * 10], ['South', n * 20]] });

beforeAll(async () => {
  await ensureWebBuilt();
  distCopy = mkdtempSync(join(tmpdir(), 'jsonable-live-dist-'));
  cpSync(WEB_DIST, distCopy, { recursive: true });
  server = await startE2eServer({ WEB_DIST: distCopy });
  account = await seededAccount({ baseUrl: server.baseUrl, dataDir: server.dataDir, count: 0, projects: ['Reports'] });
  for (const n of [1, 2]) {
    // Right after the start the render workers may still be warming up: the queue answers 503
    // with Retry-After, and a client tries again (a few times, bounded).
    let res: Response | null = null;
    for (let attempt = 0; attempt < 10; attempt++) {
      res = await fetch(`${server.baseUrl}/api/jsonable/live/daily-sales?projectId=${account.projectIds[0]}`, {
        method: 'PUT', headers: { 'Content-Type': 'application/json', Cookie: account.cookie }, body: JSON.stringify(table(n)),
      });
      if (res.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res!.headers.get('retry-after') ?? 2)));
    }
    expect(res!.status).toBe(n === 1 ? 201 : 200);
  }
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server.baseUrl));
  await context.addCookies([{ name: 'jsonable_session', value: account.sessionId, url: server.baseUrl }]);
  pageErrors = collectPageErrors(page);
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  if (distCopy) rmSync(distCopy, { recursive: true, force: true });
});

const card = (name: string) => page.getByTestId('live-image').filter({ has: page.getByTestId('live-name').getByText(name, { exact: true }) });
const etagOf = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).headers.get('etag');

describe('living images in the dashboard', () => {
  it('shows the current version, its history, rolls back, copies the URL, creates and deletes', async () => {
    await page.goto('/dashboard');
    const live = card('daily-sales');
    await live.waitFor();
    expect(await live.getByTestId('live-current').textContent()).toMatch(/^Version 2 of 2 · updated /);
    await expect.poll(() => live.getByTestId('live-thumbnail').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);

    await live.getByRole('button', { name: 'Versions (2)' }).click();
    const rows = live.getByTestId('live-version');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toMatch(/v2\s*Current.*Dashboard/);
    await checkScreenAtBothWidths(page, 'live-images-history');

    const slug = new URL((await live.locator('text=/\\/live\\//').first().textContent())!).pathname;
    await live.getByRole('button', { name: 'Roll back daily-sales to version 1' }).click();
    await expect.poll(() => live.getByTestId('live-current').textContent(), { timeout: 20_000 }).toMatch(/^Version 1 of 2/);
    expect(await etagOf(slug)).toBe(await etagOf(slug.replace(/\.png$/, '/v/1.png')));

    await live.getByRole('button', { name: 'Copy latest URL of daily-sales' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseUrl}${slug}`);
    // Snippets carry the current version's generated alt text.
    await live.getByRole('button', { name: 'Copy Markdown snippet of daily-sales' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`![Table: Sales 1. 2 rows, 2 columns: Region, Orders. Row 1: Region North, Orders 10. Row 2: Region South, Orders 20.](<${server.baseUrl}${slug}>)`);

    await page.getByRole('button', { name: 'New living image' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Bad Name');
    await dialog.getByRole('button', { name: 'Render version' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'lowercase letters' }).waitFor();
    await dialog.getByLabel('Name').fill('weekly-kpis');
    await dialog.getByRole('button', { name: 'Render version' }).click();
    await card('weekly-kpis').waitFor();
    expect(await card('weekly-kpis').getByTestId('live-current').textContent()).toMatch(/^Version 1 of 1/);

    await card('weekly-kpis').getByRole('button', { name: 'Delete living image weekly-kpis' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Living Image' }).click();
    await expect.poll(() => card('weekly-kpis').count(), { timeout: 20_000 }).toBe(0);
    const gone = await fetch(`${server.baseUrl}${slug.replace('daily-sales', 'weekly-kpis')}`);
    expect(gone.status).toBe(404);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
