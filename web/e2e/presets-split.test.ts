/**
 * The create-image screen's channel preset and split (issue #25 item 3), in Debian's Chromium
 * against the built app on the real server: the preset picker says what it sets and which of the
 * user's choices win; the split control refuses what the API would (auto without a preset, rows
 * out of the contract's range); Generate Table with Teams and "auto" lists every image of the
 * split, each URL copyable and each image downloadable, and every file is what the Teams preset
 * promises (1024 px wide, at most 1024 px tall). axe and pictures at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { loadImage } from '@napi-rs/canvas';
import { MAX_SPLIT_ROWS } from '@jsonable/contracts/table';
import { MAX_SPLIT_IMAGES, PRESETS } from '@jsonable/contracts/presets';
import { checkScreenAtBothWidths, givenBrowserSession } from './helpers';

const s = givenBrowserSession({ name: 'presets-split', seed: { count: 0, projects: ['Channels'] } });

const regions = ['North', 'South', 'East', 'West'];
const table = {
  title: 'Weekly orders',
  data: Array.from({ length: 36 }, (_, i) => ({
    Week: `W${i + 1}`,
    Region: regions[i % 4],
    Orders: 100 + ((i * 37) % 90),
  })),
};

describe('channel preset and split on the create-image screen', { timeout: 240_000 }, () => {
  it('picks Teams and auto split, renders, and lists every image to copy and download', async () => {
    const { page } = s;
    await page.goto(`/app?projectId=${s.account.projectIds[0]}`);
    await page.getByTestId('json-editor').fill(JSON.stringify(table));

    // Auto without a preset: the field says why before anything is sent.
    await page.locator('#render-split').selectOption('auto');
    expect(await page.getByTestId('split-error').textContent()).toMatch(/choose a preset/);
    // Rows out of the contract's range.
    await page.locator('#render-split').selectOption('rows');
    await page.locator('#render-max-rows').fill(String(MAX_SPLIT_ROWS + 1));
    expect(await page.getByTestId('split-error').textContent()).toMatch(/from 1 to 10,000/);
    await page.getByRole('button', { name: 'Generate Table' }).click();
    await page.getByTestId('preview-error').waitFor();

    // The preset says what it sets; a changed image format would win over it (as the API decides).
    await page.locator('#render-preset').selectOption('teams');
    expect(await page.getByTestId('render-preset-summary').textContent()).toContain(
      '512 px wide at 2× (1024 px file), PNG',
    );
    await page.locator('#render-split').selectOption('auto');
    expect(await page.getByTestId('split-error').count()).toBe(0);
    expect(await page.getByTestId('preset-overrides').count()).toBe(0);

    await page.getByRole('button', { name: 'Generate Table' }).click();
    const urls = page.getByTestId('split-image-url');
    await page.getByTestId('split-url-box').waitFor({ timeout: 90_000 });
    const count = await urls.count();
    expect(count).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('split-image').count()).toBe(count);
    expect(await page.getByTestId('split-url-box').textContent()).toContain(`Public URLs: ${count} images`);

    const teams = PRESETS.teams;
    const listed: string[] = [];
    for (let i = 0; i < count; i++) {
      const url = await urls.nth(i).inputValue();
      listed.push(url);
      const res = await page.request.get(url);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const img = await loadImage(await res.body());
      // The Teams preset's promise: 1024 px wide, within a Teams card's 1024×1024.
      expect(img.width).toBe(teams.width * teams.scale);
      expect(img.height).toBeLessThanOrEqual(teams.pageHeight! * teams.scale);
      // Each page is drawn in the preview pane and has its own Download link to the same file.
      const figure = page.getByTestId('split-image').nth(i);
      expect(await figure.textContent()).toContain(`Page ${i + 1} of ${count}`);
      const download = figure.getByRole('link', { name: `Download page ${i + 1} of ${count}` });
      expect(new URL((await download.getAttribute('href'))!, s.server.baseUrl).toString()).toBe(url);
      expect(await download.getAttribute('download')).toBe(url.split('/').pop());
      await expect
        .poll(() => figure.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBe(img.width);
    }
    expect(new Set(listed).size).toBe(count);

    // Copy all URLs puts every URL on the clipboard, one a line; a single Copy puts its own.
    await page.getByRole('button', { name: 'Copy all URLs' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(listed.join('\n'));
    await page.getByRole('button', { name: `Copy the URL of page ${count} of ${count}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(listed[count - 1]);

    await checkScreenAtBothWidths(page, 'presets-split-create-image');
    expect(s.pageErrors).toEqual([]);
  });

  it('says which of the user’s choices win over the preset', async () => {
    const { page } = s;
    await page.getByTestId('json-editor').fill(JSON.stringify({ ...table, options: { width: 500 } }));
    await page.locator('#render-preset').selectOption('x');
    await expect
      .poll(() => page.getByTestId('preset-overrides').textContent())
      .toContain("Width: your JSON's options.width wins over the preset's.");
    // One row per image of 36 rows: more images than a split makes; as an A4 PDF (one document,
    // a page per group, at most 100) it is fine.
    await page.locator('#render-split').selectOption('rows');
    await page.locator('#render-max-rows').fill('1');
    await expect
      .poll(() => page.getByTestId('split-error').textContent())
      .toBe(`That makes 36 images; a split makes at most ${MAX_SPLIT_IMAGES}. Put more rows in each image.`);
    await page.locator('#render-preset').selectOption('a4');
    await expect.poll(() => page.getByTestId('split-error').count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });
});
