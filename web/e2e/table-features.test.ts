/**
 * Conditional formats and column spanners in the editors (issue #24, item 5), in Debian's Chromium
 * against the built app on the real server: the project styles editor adds a rule and a spanner,
 * the live preview follows, items move with the keyboard, empty or bad values give field errors;
 * the saved styles carry the lists and a render through the API applies them. The create-image
 * screen's Style Settings tab does the same for the table in its editor, with an API-rendered live
 * preview, and shows a 400 under the field it names. axe and pictures at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { loadImage } from '@napi-rs/canvas';
import { checkScreenAtBothWidths, countColour, givenBrowserSession } from './helpers';

const s = givenBrowserSession({ name: 'features', seed: { count: 0, projects: ['Reports'] } });

const background = (testId: string) =>
  s.page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

async function toast(title: string): Promise<void> {
  await s.page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

/** A preview render through the API as the signed-in user (retried while the workers start). */
async function render(body: Record<string, unknown>): Promise<{ status: number; bytes: Buffer; text: string }> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(
      `${s.server.baseUrl}/api/jsonable/json-to-png/preview?projectId=${s.account.projectIds[0]}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: s.account.cookie },
        body: JSON.stringify(body),
      },
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 503 || attempt >= 10)
      return { status: res.status, bytes, text: res.status === 200 ? '' : bytes.toString('utf8') };
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
    await s.page.goto(`/projects/${s.account.projectIds[0]}/styles`);
    await s.page.getByRole('heading', { name: 'Project Styles' }).waitFor();
    const save = s.page.getByRole('button', { name: 'Save Styles' });

    await s.page.getByRole('button', { name: '+ Rule' }).click();
    // Empty columns and value: field errors, Save Styles waits.
    await s.page.getByTestId('style-format-0-columns-error').waitFor();
    expect(await s.page.getByTestId('style-format-0-value-error').textContent()).toBe('Enter a number');
    expect(await save.isDisabled()).toBe(true);
    await s.page.locator('#style-format-0-columns').fill('Revenue');
    await s.page.locator('#style-format-0-value').fill('fifty');
    expect(await s.page.getByTestId('style-format-0-value-error').textContent()).toBe('Enter a number');
    expect(await background('preview-cell-1-2')).toBe('rgba(0, 0, 0, 0)');
    await s.page.locator('#style-format-0-value').fill('50000');
    await expect.poll(() => background('preview-cell-1-2')).toBe('rgb(254, 226, 226)');
    expect(await background('preview-cell-0-2')).toBe('rgba(0, 0, 0, 0)');
    expect(await save.isDisabled()).toBe(false);
    // A bad colour is a field error, not a crash.
    await s.page.locator('#style-format-0-bg').fill('#12');
    await s.page.getByTestId('style-format-0-bg-error').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await s.page.locator('#style-format-0-bg').fill('#fee2e2');

    await s.page.getByRole('button', { name: '+ Data bar' }).click();
    await s.page.locator('#style-format-1-columns').fill('Units');
    await expect.poll(() => s.page.getByTestId('preview-bar').count()).toBe(4);
    // Keyboard reordering: focus Move up on the data bar and press Enter.
    await s.page.getByRole('button', { name: 'Move format 2 (data bar) up' }).focus();
    await s.page.keyboard.press('Enter');
    await expect
      .poll(() => s.page.getByTestId('format-item').first().getByRole('heading').textContent())
      .toBe('1. Data bar');
    expect(await s.page.locator('#style-format-1-columns').inputValue()).toBe('Revenue');

    await s.page.getByRole('button', { name: '+ Spanner', exact: true }).click();
    await s.page.getByTestId('style-spanner-0-label-error').waitFor();
    await s.page.locator('#style-spanner-0-label').fill('Sales');
    await s.page.locator('#style-spanner-0-columns').fill('Units, Revenue');
    await expect.poll(() => s.page.getByTestId('preview-spanner').allTextContents()).toEqual(['Sales']);
    expect(await s.page.getByTestId('preview-spanner').getAttribute('colspan')).toBe('2');
    await s.page.getByRole('button', { name: '+ Spanner inside Sales' }).click();
    await s.page.locator('#style-spanner-0-0-label').fill('Volume');
    await s.page.locator('#style-spanner-0-0-columns').fill('Units');
    await expect.poll(() => s.page.getByTestId('preview-spanner').allTextContents()).toEqual(['Sales', 'Volume']);

    await s.page.getByTestId('live-preview').scrollIntoViewIfNeeded();
    await checkScreenAtBothWidths(s.page, 'table-features-project-styles');
  });

  it('saves them with the project styles, and a render through the API applies them', async () => {
    await s.page.getByRole('button', { name: 'Save Styles' }).click();
    await toast('Styles saved!');
    const projects = (await (
      await fetch(`${s.server.baseUrl}/api/projects`, {
        headers: { Cookie: s.account.cookie, Accept: 'application/json' },
      })
    ).json()) as Array<{ id: string; defaultStyles: Record<string, unknown> }>;
    const saved = projects.find((p) => p.id === s.account.projectIds[0])!.defaultStyles;
    expect(saved.conditionalFormats).toEqual([
      { type: 'dataBar', column: 'Units', color: '#638ec6' },
      {
        type: 'rule',
        column: 'Revenue',
        when: { op: '>', value: 50000 },
        style: { backgroundColor: '#fee2e2', color: '#991b1b' },
      },
    ]);
    expect(saved.spanners).toEqual([
      { label: 'Sales', columns: ['Units', 'Revenue'], spanners: [{ label: 'Volume', columns: ['Units'] }] },
    ]);

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
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Project Styles' }).waitFor();
    await expect.poll(() => s.page.getByTestId('format-item').count()).toBe(2);
    expect(await s.page.locator('#style-spanner-0-0-label').inputValue()).toBe('Volume');
    expect(s.pageErrors).toEqual([]);
  });
});

/**
 * Pixels of one colour in the live preview image as the page shows it (drawn from the <img>; a
 * newer render may replace it meanwhile, then -1 and the poll asks again).
 */
async function previewColour(rgb: [number, number, number]): Promise<number> {
  const dataUrl = await s.page
    .getByTestId('settings-preview-image')
    .evaluate(async (img: HTMLImageElement) => {
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
    })
    .catch(() => '');
  if (!dataUrl) return -1;
  return countColour(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), rgb);
}
const previewSrc = () => s.page.getByTestId('settings-preview-image').getAttribute('src');

describe('table features on the create-image screen', { timeout: 180_000 }, () => {
  it('edits notes, a rule and a spanner with a live preview; a 400 lands under its field; Generate Table carries them', async () => {
    await s.page.goto(`/app?projectId=${s.account.projectIds[0]}`);
    await s.page.getByTestId('json-editor').fill(JSON.stringify(table));
    await s.page.getByRole('tab', { name: /Style Settings/ }).click();
    await s.page.getByTestId('settings-preview-image').waitFor({ timeout: 60_000 });
    // The project's saved rule already paints Revenue over 50000.
    await expect.poll(() => previewColour([254, 226, 226]), { timeout: 30_000 }).toBeGreaterThan(200);

    await s.page.getByRole('button', { name: '+ Rule' }).click();
    await s.page.locator('#setting-format-0-columns').fill('Nope');
    await s.page.locator('#setting-format-0-value').fill('15');
    // The server names the field: no such column.
    await expect
      .poll(() => s.page.getByTestId('setting-format-0-columns-error').textContent(), { timeout: 30_000 })
      .toContain('no column named');
    await s.page.getByTestId('settings-preview-error').waitFor();
    await s.page.locator('#setting-format-0-columns').fill('Units');
    await s.page.locator('#setting-format-0-bg').fill('#dcfce7');
    await s.page.getByTestId('settings-preview-image').waitFor({ timeout: 30_000 });
    // The request's own list wins over the project's: green for Units over 15, no pink left.
    await expect.poll(() => previewColour([220, 252, 231]), { timeout: 30_000 }).toBeGreaterThan(200);
    expect(await previewColour([254, 226, 226])).toBe(0);

    const before = await previewSrc();
    await s.page.locator('#setting-notes-subtitle').fill('Fiscal year 2025');
    await s.page.getByRole('button', { name: '+ Spanner', exact: true }).click();
    await s.page.locator('#setting-spanner-0-label').fill('Sales');
    await s.page.locator('#setting-spanner-0-columns').fill('Product, Revenue');
    await expect
      .poll(() => s.page.getByTestId('setting-spanner-0-columns-error').textContent(), { timeout: 30_000 })
      .toContain('adjacent');
    await s.page.locator('#setting-spanner-0-columns').fill('Units, Revenue');
    await s.page.getByRole('button', { name: '+ Footnote' }).click();
    await s.page.getByTestId('setting-notes-footnote-0-text-error').waitFor();
    await s.page.locator('#setting-notes-footnote-0-text').fill('Units shipped, not sold');
    await s.page.locator('#setting-notes-footnote-0-column').fill('Units');
    await expect.poll(previewSrc, { timeout: 30_000 }).not.toBe(before);
    await s.page.getByTestId('settings-preview-image').waitFor();
    await checkScreenAtBothWidths(s.page, 'table-features-create-image');

    // Generate Table refused for a field of the tab: the error says where to fix it.
    await s.page.locator('#setting-notes-footnote-0-row').fill('9');
    await s.page.getByRole('tab', { name: 'Preview', exact: true }).click();
    await s.page.getByRole('button', { name: 'Generate Table' }).click();
    await expect
      .poll(() => s.page.getByTestId('preview-error').textContent(), { timeout: 60_000 })
      .toMatch(/footnotes\.0\.row.*\(see Style Settings\)/);
    await s.page.getByRole('tab', { name: /Style Settings/ }).click();
    await s.page.getByTestId('setting-notes-footnote-0-row-error').waitFor();
    await s.page.locator('#setting-notes-footnote-0-row').fill('');

    await s.page.getByRole('tab', { name: 'Preview', exact: true }).click();
    await s.page.getByRole('button', { name: 'Generate Table' }).click();
    const url = s.page.getByTestId('public-url');
    await url.waitFor({ timeout: 60_000 });
    const image = await s.page.request.get(await url.inputValue());
    expect(await countColour(await image.body(), [220, 252, 231])).toBeGreaterThan(200);
    expect(s.pageErrors).toEqual([]);
  });
});
