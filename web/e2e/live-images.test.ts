/**
 * Living images in the dashboard (issue #25), in Debian's Chromium against the built app on the
 * real server: a living image updated twice through the API shows its current thumbnail and
 * version history; rollback moves the stable URL back; the URL copies; a new living image is
 * created from the dashboard with a channel preset; a version's alt text is rewritten; delete ends its URLs. axe and
 * pictures at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { loadImage } from '@napi-rs/canvas';
import { checkScreenAtBothWidths, givenBrowserSession } from './helpers';

const table = (n: number) => ({
  title: `Sales ${n}`,
  headers: ['Region', 'Orders'],
  rows: [
    ['North', n * 10],
    ['South', n * 20],
  ],
});

const s = givenBrowserSession({
  name: 'live',
  seed: { count: 0, projects: ['Reports'] },
  before: async ({ server, account }) => {
    for (const n of [1, 2]) {
      // Right after the start the render workers may still be warming up: the queue answers 503
      // with Retry-After, and a client tries again (a few times, bounded).
      let res: Response | null = null;
      for (let attempt = 0; attempt < 10; attempt++) {
        res = await fetch(`${server.baseUrl}/api/jsonable/live/daily-sales?projectId=${account!.projectIds[0]}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Cookie: account!.cookie },
          body: JSON.stringify(table(n)),
        });
        if (res.status !== 503) break;
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res!.headers.get('retry-after') ?? 2)));
      }
      expect(res!.status).toBe(n === 1 ? 201 : 200);
    }
  },
});

const card = (name: string) =>
  s.page.getByTestId('live-image').filter({ has: s.page.getByTestId('live-name').getByText(name, { exact: true }) });
const etagOf = async (path: string) => (await fetch(`${s.server.baseUrl}${path}`)).headers.get('etag');

describe('living images in the dashboard', () => {
  it('shows the current version, its history, rolls back, copies the URL, creates and deletes', async () => {
    await s.page.goto('/dashboard');
    const live = card('daily-sales');
    await live.waitFor();
    expect(await live.getByTestId('live-current').textContent()).toMatch(/^Version 2 of 2 · updated /);
    await expect
      .poll(
        () =>
          live.getByTestId('live-thumbnail').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);

    await live.getByRole('button', { name: 'Versions (2)' }).click();
    const rows = live.getByTestId('live-version');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toMatch(/v2\s*Current.*Dashboard/);
    await checkScreenAtBothWidths(s.page, 'live-images-history');

    const slug = new URL((await live.locator('text=/\\/live\\//').first().textContent())!).pathname;
    await live.getByRole('button', { name: 'Roll back daily-sales to version 1' }).click();
    await expect
      .poll(() => live.getByTestId('live-current').textContent(), { timeout: 20_000 })
      .toMatch(/^Version 1 of 2/);
    expect(await etagOf(slug)).toBe(await etagOf(slug.replace(/\.png$/, '/v/1.png')));

    await live.getByRole('button', { name: 'Copy latest URL of daily-sales' }).click();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(`${s.server.baseUrl}${slug}`);
    // Snippets carry the current version's generated alt text.
    await live.getByRole('button', { name: 'Copy Markdown snippet of daily-sales' }).click();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(
      `![Table: Sales 1. 2 rows, 2 columns: Region, Orders. Row 1: Region North, Orders 10. Row 2: Region South, Orders 20.](<${s.server.baseUrl}${slug}>)`,
    );

    // The alt text of version 1 (now current) is rewritten; the card and the snippets use it.
    await live.getByRole('button', { name: 'Edit alt text of daily-sales version 1' }).click();
    const altDialog = s.page.getByRole('dialog');
    const altField = altDialog.getByTestId('live-alt-text');
    expect(await altField.inputValue()).toMatch(/^Table: Sales 1\./);
    await altField.fill('Orders by region, Monday');
    await altDialog.getByRole('button', { name: 'Save alt text' }).click();
    await expect.poll(() => altDialog.count(), { timeout: 20_000 }).toBe(0);
    await live.getByText('Alt text: Orders by region, Monday').waitFor();
    await live.getByRole('button', { name: 'Copy Markdown snippet of daily-sales' }).click();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(
      `![Orders by region, Monday](<${s.server.baseUrl}${slug}>)`,
    );

    await s.page.getByRole('button', { name: 'New living image' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Bad Name');
    await dialog.getByRole('button', { name: 'Render version' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'lowercase letters' }).waitFor();
    await dialog.getByLabel('Name').fill('weekly-kpis');
    // A channel preset for where it is embedded (issue #25): the e-mail preset's 600 px at 2×.
    await dialog.getByLabel('Channel preset').selectOption('email');
    expect(await dialog.getByTestId('live-preset-summary').textContent()).toContain('(1200 px file), PNG');
    await dialog.getByRole('button', { name: 'Render version' }).click();
    await card('weekly-kpis').waitFor();
    expect(await card('weekly-kpis').getByTestId('live-current').textContent()).toMatch(/^Version 1 of 1/);
    const kpis = await fetch(`${s.server.baseUrl}${slug.replace('daily-sales', 'weekly-kpis')}`);
    expect((await loadImage(Buffer.from(await kpis.arrayBuffer()))).width).toBe(1200);

    await card('weekly-kpis').getByRole('button', { name: 'Delete living image weekly-kpis' }).click();
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'Delete Living Image' }).click();
    await expect.poll(() => card('weekly-kpis').count(), { timeout: 20_000 }).toBe(0);
    const gone = await fetch(`${s.server.baseUrl}${slug.replace('daily-sales', 'weekly-kpis')}`);
    expect(gone.status).toBe(404);
    expect(s.pageErrors).toEqual([]);
  }, 180_000);
});
