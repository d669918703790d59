/**
 * The landing page's Try It Now converter and the examples page, against the real render engine:
 * the default JSON becomes an image in every format, invalid JSON gives the spec's message, and
 * an example renders its preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FORMAT_CONTENT_TYPES, IMAGE_FORMATS } from '@jsonable/contracts/formats';
import { collectPageErrors, launchBrowser, newPage, shot, startE2eServer, VIEWPORTS, type E2eServer } from './helpers';

let server: E2eServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl, VIEWPORTS.desktop)).page;
  errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('heading', { level: 2, name: 'Try It Now' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const CONTENT_TYPES = FORMAT_CONTENT_TYPES;

async function generate(format: keyof typeof CONTENT_TYPES): Promise<string> {
  const editor = page.getByRole('tab', { name: 'Editor' });
  if ((await editor.getAttribute('aria-selected')) !== 'true')
    await page.getByRole('button', { name: 'Create Another' }).click();
  await page.getByLabel('Output format').selectOption(format);
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await page.getByRole('tab', { name: 'Result', selected: true }).waitFor();
  const node = format === 'pdf' ? page.getByTestId('demo-result-pdf') : page.getByTestId('demo-result-image');
  await node.waitFor();
  return (await node.getAttribute(format === 'pdf' ? 'data' : 'src')) ?? '';
}

describe('demo converter', () => {
  it('starts on the editor with the default Inventory Status table and the result tab disabled', async () => {
    const json = await page.getByLabel('Table JSON').inputValue();
    expect(JSON.parse(json).title).toBe('Inventory Status');
    expect(await page.getByLabel('Header colour', { exact: true }).inputValue()).toBe('#4a1e8c');
    expect(await page.getByRole('tab', { name: 'Result' }).isDisabled()).toBe(true);
  });

  for (const format of IMAGE_FORMATS) {
    it(`turns the default JSON into a ${format.toUpperCase()} image and shows it`, { timeout: 60_000 }, async () => {
      const url = await generate(format);
      expect(url).toMatch(/\/api\/(jsonable\/|demo\/)?images?\//);
      const res = await fetch(new URL(url, server.baseUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(CONTENT_TYPES[format]);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
      if (format !== 'pdf') {
        // The browser decoded it: a real table is wider than it is tall and not a broken-image icon.
        const size = await page
          .getByTestId('demo-result-image')
          .evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
        expect(size[0]).toBeGreaterThan(200);
        expect(size[1]).toBeGreaterThan(100);
      }
      // Style and format controls are locked on the result tab.
      expect(await page.getByLabel('Output format').isDisabled()).toBe(true);
      await shot(page, `demo-${format}-1280`, false);
    });
  }

  it('says when the selected format differs from the generated one', async () => {
    await page.getByRole('button', { name: 'Create Another' }).click();
    await page.getByRole('tab', { name: 'Editor', selected: true }).waitFor();
    await page.getByLabel('Output format').selectOption('svg');
    await page.getByRole('tab', { name: 'Result' }).click();
    const notice = page.getByTestId('format-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('generated as PDF');
  });

  it('shows the spec message for invalid JSON and sends nothing', async () => {
    await page.getByRole('button', { name: 'Create Another' }).click();
    const requests: string[] = [];
    // Only the generate call counts: the previous result (a PDF shown on the Result tab) may still
    // be loading its file from /api/demo/images/ when this test starts.
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/demo/generate-image')) requests.push(r.url());
    });
    await page.getByLabel('Table JSON').fill('{ "title": "Broken", "data": [ }');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await page.getByText('Invalid JSON format. Please check your syntax.').waitFor();
    expect(requests).toEqual([]);
    await shot(page, 'demo-invalid-json-1280', false);
  });

  it('renders a selected example through our engine, with its JSON and code tabs', { timeout: 60_000 }, async () => {
    await page.goto('/examples');
    await page.getByRole('heading', { name: 'Select an Example' }).waitFor();
    await page.getByRole('button', { name: 'Sales Report' }).click();
    await page.getByRole('heading', { level: 2, name: 'Sales Report' }).waitFor();
    const preview = page.getByTestId('example-preview');
    await preview.waitFor();
    const width = await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(width).toBeGreaterThan(200);
    for (const tab of ['cURL', 'JavaScript', 'Python']) await page.getByRole('tab', { name: tab }).click();
    await page.getByText('requests.post(').waitFor();
    for (const f of ['SVG', 'PNG', 'PDF', 'JPEG']) await page.getByRole('button', { name: `Download ${f}` }).waitFor();
    // Every format is saved under the preview's name (SPEC §2), whatever the server names its file.
    const previewBase = decodeURIComponent((await preview.getAttribute('src'))!.split('/').pop()!).replace(
      /\.png$/,
      '',
    );
    for (const [label, ext] of [
      ['SVG', 'svg'],
      ['PDF', 'pdf'],
      ['JPEG', 'jpg'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${label}` }).click();
      expect((await download).suggestedFilename()).toBe(`${previewBase}.${ext}`);
    }
    await shot(page, 'examples-selected-1280');
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
