/**
 * Conditional formats and column spanners in the editors (issue #24, item 5), in Debian's Chromium
 * against the built app on the real server: the project styles editor adds a rule and a spanner,
 * the live preview follows, items move with the keyboard, empty or bad values give field errors;
 * the saved styles carry the lists and a render through the API applies them. The create-image
 * screen's Style Settings tab does the same for the table in its editor, with an API-rendered live
 * preview, and shows a 400 under the field it names. axe and pictures at 390 and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadImage } from '@napi-rs/canvas';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededAccount, type SeededAccount } from '../../services/api/bench/seeded-account';
import {
  WEB_DIST, checkScreenAtBothWidths, collectPageErrors, countColour, ensureWebBuilt, launchBrowser, newPage, startE2eServer, type E2eServer,
} from './helpers';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let account: SeededAccount;
let distCopy = '';

beforeAll(async () => {
  await ensureWebBuilt();
  distCopy = mkdtempSync(join(tmpdir(), 'jsonable-features-dist-'));
  cpSync(WEB_DIST, distCopy, { recursive: true });
  server = await startE2eServer({ WEB_DIST: distCopy });
  account = await seededAccount({ baseUrl: server.baseUrl, dataDir: server.dataDir, count: 0, projects: ['Reports'] });
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

const background = (testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

async function toast(title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

/** A preview render through the API as the signed-in user (retried while the workers start). */
async function render(body: Record<string, unknown>): Promise<{ status: number; bytes: Buffer; text: string }> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${server.baseUrl}/api/jsonable/json-to-png/preview?projectId=${account.projectIds[0]}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: account.cookie }, body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 503 || attempt >= 10) return { status: res.status, bytes, text: res.status === 200 ? '' : bytes.toString('utf8') };
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 2)));
  }
}

const table = {
  title: 'Q3',
  data: [
    { Product: 'Kit', Units: 10, Revenue: 20000 },
    { Product: 'Bundle', Units: 20, Revenue: 90000 },
    { Product: 'Seat', Units: 30, Revenue: 120000 },
  ],
};

describe('table features in the project styles editor', { timeout: 180_000 }, () => {
  it('adds a rule and a spanner, the preview follows, bad values give field errors, items move by keyboard', async () => {
    await page.goto(`/projects/${account.projectIds[0]}/styles`);
    await page.getByRole('heading', { name: 'Project Styles' }).waitFor();
    const save = page.getByRole('button', { name: 'Save Styles' });

    await page.getByRole('button', { name: '+ Rule' }).click();
    // Empty columns and value: field errors, Save Styles waits.
    await page.getByTestId('style-format-0-columns-error').waitFor();
    expect(await page.getByTestId('style-format-0-value-error').textContent()).toBe('Enter a number');
    expect(await save.isDisabled()).toBe(true);
    await page.locator('#style-format-0-columns').fill('Revenue');
    await page.locator('#style-format-0-value').fill('fifty');
    expect(await page.getByTestId('style-format-0-value-error').textContent()).toBe('Enter a number');
    expect(await background('preview-cell-1-2')).toBe('rgba(0, 0, 0, 0)');
    await page.locator('#style-format-0-value').fill('50000');
    await expect.poll(() => background('preview-cell-1-2')).toBe('rgb(254, 226, 226)');
    expect(await background('preview-cell-0-2')).toBe('rgba(0, 0, 0, 0)');
    expect(await save.isDisabled()).toBe(false);
    // A bad colour is a field error, not a crash.
    await page.locator('#style-format-0-bg').fill('#12');
    await page.getByTestId('style-format-0-bg-error').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.locator('#style-format-0-bg').fill('#fee2e2');

    await page.getByRole('button', { name: '+ Data bar' }).click();
    await page.locator('#style-format-1-columns').fill('Units');
    await expect.poll(() => page.getByTestId('preview-bar').count()).toBe(4);
    // Keyboard reordering: focus Move up on the data bar and press Enter.
    await page.getByRole('button', { name: 'Move format 2 (data bar) up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('format-item').first().getByRole('heading').textContent()).toBe('1. Data bar');
    expect(await page.locator('#style-format-1-columns').inputValue()).toBe('Revenue');

    await page.getByRole('button', { name: '+ Spanner', exact: true }).click();
    await page.getByTestId('style-spanner-0-label-error').waitFor();
    await page.locator('#style-spanner-0-label').fill('Sales');
    await page.locator('#style-spanner-0-columns').fill('Units, Revenue');
    await expect.poll(() => page.getByTestId('preview-spanner').allTextContents()).toEqual(['Sales']);
    expect(await page.getByTestId('preview-spanner').getAttribute('colspan')).toBe('2');
    await page.getByRole('button', { name: '+ Spanner inside Sales' }).click();
    await page.locator('#style-spanner-0-0-label').fill('Volume');
    await page.locator('#style-spanner-0-0-columns').fill('Units');
    await expect.poll(() => page.getByTestId('preview-spanner').allTextContents()).toEqual(['Sales', 'Volume']);

    await page.getByTestId('live-preview').scrollIntoViewIfNeeded();
    await checkScreenAtBothWidths(page, 'table-features-project-styles');
  });

  it('saves them with the project styles, and a render through the API applies them', async () => {
    await page.getByRole('button', { name: 'Save Styles' }).click();
    await toast('Styles saved!');
    const projects = await (await fetch(`${server.baseUrl}/api/projects`, { headers: { Cookie: account.cookie, Accept: 'application/json' } })).json() as
      Array<{ id: string; defaultStyles: Record<string, unknown> }>;
    const saved = projects.find((p) => p.id === account.projectIds[0])!.defaultStyles;
    expect(saved.conditionalFormats).toEqual([
      { type: 'dataBar', column: 'Units', color: '#638ec6' },
      { type: 'rule', column: 'Revenue', when: { op: '>', value: 50000 }, style: { backgroundColor: '#fee2e2', color: '#991b1b' } },
    ]);
    expect(saved.spanners).toEqual([{ label: 'Sales', columns: ['Units', 'Revenue'], spanners: [{ label: 'Volume', columns: ['Units'] }] }]);

    const styled = await render(table);
    expect(styled.status, styled.text).toBe(200);
    // Two of the three Revenue cells are over 50000: painted #fee2e2 by the project's rule.
    expect(await countColour(styled.bytes, [254, 226, 226])).toBeGreaterThan(200);
    const own = await render({ ...table, conditionalFormats: [], spanners: [] });
    expect(await countColour(own.bytes, [254, 226, 226])).toBe(0);
    // The spanner bands make the project-styled image taller than the one without them.
    const height = async (bytes: Buffer) => (await loadImage(bytes)).height;
    expect(await height(styled.bytes)).toBeGreaterThan(await height(own.bytes));
    // A table without those columns still renders: the saved lists are left out.
    expect((await render({ data: [{ a: 1 }] })).status).toBe(200);

    // After a reload the editor shows what was saved.
    await page.reload();
    await page.getByRole('heading', { name: 'Project Styles' }).waitFor();
    await expect.poll(() => page.getByTestId('format-item').count()).toBe(2);
    expect(await page.locator('#style-spanner-0-0-label').inputValue()).toBe('Volume');
    expect(pageErrors).toEqual([]);
  });
});

/**
 * Pixels of one colour in the live preview image as the page shows it (drawn from the <img>; a
 * newer render may replace it meanwhile, then -1 and the poll asks again).
 */
async function previewColour(rgb: [number, number, number]): Promise<number> {
  const dataUrl = await page.getByTestId('settings-preview-image').evaluate(async (img: HTMLImageElement) => {
    try {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')!.drawImage(img, 0, 0);
      return canvas.toDataURL('image/png');
    } catch {
      return '';
    }
  }).catch(() => '');
  if (!dataUrl) return -1;
  return countColour(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), rgb);
}
const previewSrc = () => page.getByTestId('settings-preview-image').getAttribute('src');

describe('table features on the create-image screen', { timeout: 180_000 }, () => {
  it('edits notes, a rule and a spanner with a live preview; a 400 lands under its field; Generate Table carries them', async () => {
    await page.goto(`/app?projectId=${account.projectIds[0]}`);
    await page.getByTestId('json-editor').fill(JSON.stringify(table));
    await page.getByRole('tab', { name: /Style Settings/ }).click();
    await page.getByTestId('settings-preview-image').waitFor({ timeout: 60_000 });
    // The project's saved rule already paints Revenue over 50000.
    await expect.poll(() => previewColour([254, 226, 226]), { timeout: 30_000 }).toBeGreaterThan(200);

    await page.getByRole('button', { name: '+ Rule' }).click();
    await page.locator('#setting-format-0-columns').fill('Nope');
    await page.locator('#setting-format-0-value').fill('15');
    // The server names the field: no such column.
    await expect.poll(() => page.getByTestId('setting-format-0-columns-error').textContent(), { timeout: 30_000 }).toContain('no column named');
    await page.getByTestId('settings-preview-error').waitFor();
    await page.locator('#setting-format-0-columns').fill('Units');
    await page.locator('#setting-format-0-bg').fill('#dcfce7');
    await page.getByTestId('settings-preview-image').waitFor({ timeout: 30_000 });
    // The request's own list wins over the project's: green for Units over 15, no pink left.
    await expect.poll(() => previewColour([220, 252, 231]), { timeout: 30_000 }).toBeGreaterThan(200);
    expect(await previewColour([254, 226, 226])).toBe(0);

    const before = await previewSrc();
    await page.locator('#setting-notes-subtitle').fill('Fiscal year 2025');
    await page.getByRole('button', { name: '+ Spanner', exact: true }).click();
    await page.locator('#setting-spanner-0-label').fill('Sales');
    await page.locator('#setting-spanner-0-columns').fill('Product, Revenue');
    await expect.poll(() => page.getByTestId('setting-spanner-0-columns-error').textContent(), { timeout: 30_000 }).toContain('adjacent');
    await page.locator('#setting-spanner-0-columns').fill('Units, Revenue');
    await page.getByRole('button', { name: '+ Footnote' }).click();
    await page.getByTestId('setting-notes-footnote-0-text-error').waitFor();
    await page.locator('#setting-notes-footnote-0-text').fill('Units shipped, not sold');
    await page.locator('#setting-notes-footnote-0-column').fill('Units');
    await expect.poll(previewSrc, { timeout: 30_000 }).not.toBe(before);
    await page.getByTestId('settings-preview-image').waitFor();
    await checkScreenAtBothWidths(page, 'table-features-create-image');

    // Generate Table refused for a field of the tab: the error says where to fix it.
    await page.locator('#setting-notes-footnote-0-row').fill('9');
    await page.getByRole('tab', { name: 'Preview', exact: true }).click();
    await page.getByRole('button', { name: 'Generate Table' }).click();
    await expect.poll(() => page.getByTestId('preview-error').textContent(), { timeout: 60_000 }).toMatch(/footnotes\.0\.row.*\(see Style Settings\)/);
    await page.getByRole('tab', { name: /Style Settings/ }).click();
    await page.getByTestId('setting-notes-footnote-0-row-error').waitFor();
    await page.locator('#setting-notes-footnote-0-row').fill('');

    await page.getByRole('tab', { name: 'Preview', exact: true }).click();
    await page.getByRole('button', { name: 'Generate Table' }).click();
    const url = page.getByTestId('public-url');
    await url.waitFor({ timeout: 60_000 });
    const image = await page.request.get(await url.inputValue());
    expect(await countColour(await image.body(), [220, 252, 231])).toBeGreaterThan(200);
    expect(pageErrors).toEqual([]);
  });
});
