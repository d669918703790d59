/**
 * The landing page's Try It Now converter and the examples page, against the real render engine:
 * the default JSON becomes an image in every format, invalid JSON gives the spec's message, and
 * an example renders its preview.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_CONTENT_TYPES, IMAGE_FORMATS } from '@jsonable/contracts/formats';
import { generateDemoImage, givenBrowserSession, shot } from './helpers';

const s = givenBrowserSession({ name: 'public-demo' });

beforeAll(async () => {
  await s.page.goto('/');
  await s.page.getByRole('heading', { level: 2, name: 'Try It Now' }).waitFor();
});

const CONTENT_TYPES = FORMAT_CONTENT_TYPES;

describe('demo converter', () => {
  it('starts on the editor with the default Inventory Status table and the result tab disabled', async () => {
    const json = await s.page.getByLabel('Table JSON').inputValue();
    expect(JSON.parse(json).title).toBe('Inventory Status');
    expect(await s.page.getByLabel('Header colour', { exact: true }).inputValue()).toBe('#4a1e8c');
    expect(await s.page.getByRole('tab', { name: 'Result' }).isDisabled()).toBe(true);
  });

  for (const format of IMAGE_FORMATS) {
    it(`turns the default JSON into a ${format.toUpperCase()} image and shows it`, { timeout: 60_000 }, async () => {
      const url = await generateDemoImage(s.page, format);
      expect(url).toMatch(/\/api\/(jsonable\/|demo\/)?images?\//);
      const res = await fetch(new URL(url, s.server.baseUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(CONTENT_TYPES[format]);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
      if (format !== 'pdf') {
        // The browser decoded it: a real table is wider than it is tall and not a broken-image icon.
        const size = await s.page
          .getByTestId('demo-result-image')
          .evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
        expect(size[0]).toBeGreaterThan(200);
        expect(size[1]).toBeGreaterThan(100);
      }
      // Style and format controls are locked on the result tab.
      expect(await s.page.getByLabel('Output format').isDisabled()).toBe(true);
      await shot(s.page, `demo-${format}-1280`, false);
    });
  }

  it('says when the selected format differs from the generated one', async () => {
    await s.page.getByRole('button', { name: 'Create Another' }).click();
    await s.page.getByRole('tab', { name: 'Editor', selected: true }).waitFor();
    await s.page.getByLabel('Output format').selectOption('svg');
    await s.page.getByRole('tab', { name: 'Result' }).click();
    const notice = s.page.getByTestId('format-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('generated as PDF');
  });

  it('shows the spec message for invalid JSON and sends nothing', async () => {
    await s.page.getByRole('button', { name: 'Create Another' }).click();
    const requests: string[] = [];
    // Only the generate call counts: the previous result (a PDF shown on the Result tab) may still
    // be loading its file from /api/demo/images/ when this test starts.
    s.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/demo/generate-image')) requests.push(r.url());
    });
    await s.page.getByLabel('Table JSON').fill('{ "title": "Broken", "data": [ }');
    await s.page.getByRole('button', { name: 'Generate Image' }).click();
    await s.page.getByText('Invalid JSON format. Please check your syntax.').waitFor();
    expect(requests).toEqual([]);
    await shot(s.page, 'demo-invalid-json-1280', false);
  });

  it('renders a selected example through our engine, with its JSON and code tabs', { timeout: 60_000 }, async () => {
    await s.page.goto('/examples');
    await s.page.getByRole('heading', { name: 'Select an Example' }).waitFor();
    await s.page.getByRole('button', { name: 'Sales Report' }).click();
    await s.page.getByRole('heading', { level: 2, name: 'Sales Report' }).waitFor();
    const preview = s.page.getByTestId('example-preview');
    await preview.waitFor();
    const width = await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(width).toBeGreaterThan(200);
    for (const tab of ['cURL', 'JavaScript', 'Python']) await s.page.getByRole('tab', { name: tab }).click();
    await s.page.getByText('requests.post(').waitFor();
    for (const f of ['SVG', 'PNG', 'PDF', 'JPEG'])
      await s.page.getByRole('button', { name: `Download ${f}` }).waitFor();
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
      const download = s.page.waitForEvent('download');
      await s.page.getByRole('button', { name: `Download ${label}` }).click();
      expect((await download).suggestedFilename()).toBe(`${previewBase}.${ext}`);
    }
    await shot(s.page, 'examples-selected-1280');
  });

  it('raised no uncaught page errors', () => {
    expect(s.pageErrors).toEqual([]);
  });
});
