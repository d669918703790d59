/**
 * Every public route of the built app on the real server: the page renders (404 for unknown
 * paths), has no serious axe-core violation, and is screenshotted at 390 px and 1280 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { givenBrowserSession, PUBLIC_PAGES, seriousA11yViolations, shot, VIEWPORTS } from './helpers';

/** The sitemap's pages, then routes outside it (a query string, no token, two more doc paths, an unknown path). */
const ROUTES: { path: string; h1: string | RegExp; name: string }[] = [
  ...PUBLIC_PAGES,
  { path: '/auth?tab=register', h1: 'Welcome to Jsonable', name: 'auth-register' },
  { path: '/auth/verify', h1: 'Invalid Link', name: 'auth-verify-no-token' },
  { path: '/docs', h1: 'API Docs', name: 'docs' },
  { path: '/api-docs', h1: 'API Docs', name: 'api-docs' },
  { path: '/no/such/page', h1: '404 Page Not Found', name: 'not-found' },
];

/** The page at 1280 px is the session's; the same pages at 390 px are another profile's. */
const s = givenBrowserSession({ name: 'public-pages' });
let mobile: Page;

beforeAll(async () => {
  mobile = await s.newPerson(VIEWPORTS.mobile);
});

async function open(page: Page, path: string, h1: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
}

describe('public pages', () => {
  for (const r of ROUTES) {
    it(`${r.path} renders its page without serious accessibility violations`, { timeout: 60_000 }, async () => {
      await open(s.page, r.path, r.h1);
      // Each screen has a title of its own (WCAG 2.4.2).
      if (r.path === '/') expect(await s.page.title()).toBe('Jsonable — JSON to table images');
      else await expect.poll(() => s.page.title()).toMatch(/^[^—]+ — Jsonable$/);
      expect(await seriousA11yViolations(s.page)).toEqual([]);
      await shot(s.page, `${r.name}-1280`);
      await open(mobile, r.path, r.h1);
      // Nothing may force sideways scrolling on a phone.
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(mobile, `${r.name}-390`);
    });
  }

  it('serves the SPA for deep links and sends the unknown ones to the 404 page', async () => {
    const res = await fetch(`${s.server.baseUrl}/documentation`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    await open(s.page, '/projects/does-not-matter/unknown-tab', '404 Page Not Found');
  });

  it('redirects /json-guide, /login and /register to their targets', async () => {
    await open(s.page, '/json-guide', 'Documentation');
    expect(new URL(s.page.url()).pathname + new URL(s.page.url()).hash).toBe('/documentation#json-guide');
    await open(s.page, '/login', 'Welcome to Jsonable');
    expect(await s.page.getByRole('tab', { name: 'Password' }).getAttribute('aria-selected')).toBe('true');
    await open(s.page, '/register', 'Welcome to Jsonable');
    expect(await s.page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(s.page.url()).search).toBe('?tab=register');
  });

  it('sends a protected screen to /auth when signed out', async () => {
    await open(s.page, '/dashboard', 'Welcome to Jsonable');
    expect(new URL(s.page.url()).pathname).toBe('/auth');
  });

  it('stores the chosen plan and opens the register tab', async () => {
    await open(s.page, '/', 'Turn JSON into beautiful table images');
    await s.page.getByRole('button', { name: /Choose Professional/ }).click();
    await s.page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    expect(new URL(s.page.url()).search).toBe('?tab=register');
    expect(await s.page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('premium');
    await s.page.getByText('You chose the Professional plan').waitFor();
  });

  it('shows the four pricing cards and the API reference endpoints with copy buttons', async () => {
    await open(s.page, '/', 'Turn JSON into beautiful table images');
    for (const name of ['Free', 'Professional', 'Agency', 'Enterprise']) {
      await s.page.getByRole('heading', { level: 3, name, exact: true }).waitFor();
    }
    await open(s.page, '/api-reference', 'API Reference');
    for (const name of [
      'Authentication',
      'Generate Table Image',
      'Generate Preview',
      'Get Image',
      'Error Handling',
      'Rate Limits',
    ]) {
      await s.page.getByRole('link', { name, exact: true }).first().waitFor();
      await s.page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    }
    const copy = s.page.getByRole('button', { name: 'Copy Example request' }).first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied!');
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toContain('/api/jsonable/table-to-image');
  });

  it('opens the mobile menu with the main links', async () => {
    await open(mobile, '/', 'Turn JSON into beautiful table images');
    await mobile.getByRole('button', { name: 'Open menu' }).click();
    const nav = mobile.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Docs', 'Examples', 'Pricing', 'Sign In']) await nav.getByRole('link', { name }).waitFor();
    // Escape closes it and gives focus back to the button.
    await mobile.keyboard.press('Escape');
    await mobile.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' });
    const button = mobile.getByRole('button', { name: 'Open menu' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await button.click();
    await nav.getByRole('link', { name: 'Docs' }).click();
    await mobile.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
  });

  it('shows the integration values to copy', async () => {
    await open(s.page, '/make-integration', 'Jsonable + Make');
    await s.page.getByText('X-API-Key', { exact: true }).waitFor();
    await s.page.getByText('/api/jsonable/p/YOUR_PROJECT_ENDPOINT').first().waitFor();
    await s.page.getByText('Yes', { exact: true }).first().waitFor();
    await open(s.page, '/gumloop-integration', 'Jsonable + Gumloop');
    await s.page.getByText('Bearer YOUR_API_KEY', { exact: true }).waitFor();
    await s.page.getByRole('heading', { name: 'Troubleshooting' }).waitFor();
  });

  it('is keyboard reachable: skip link first, then the header links, and anchors scroll into view', async () => {
    await open(s.page, '/documentation', 'Documentation');
    await s.page.keyboard.press('Tab');
    expect(await s.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    // Focused, it shows on top of the sticky header (WCAG 2.4.11: focus not obscured): what is
    // drawn at its centre is the link itself.
    await expect
      .poll(() =>
        s.page.evaluate(() => {
          const link = document.activeElement as HTMLElement;
          const box = link.getBoundingClientRect();
          return box.top >= 0 && document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === link;
        }),
      )
      .toBe(true);
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      await s.page.keyboard.press('Tab');
      names.push(await s.page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    for (const n of ['Docs', 'Examples', 'Pricing', 'Sign In']) expect(names).toContain(n);
    await open(s.page, '/documentation', 'Documentation');
    await s.page.keyboard.press('Tab');
    await s.page.keyboard.press('Enter');
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe('main');
    await open(s.page, '/json-guide', 'Documentation');
    // The section is the last one, so the page may bottom out before it reaches the very top.
    await expect
      .poll(
        () =>
          s.page.evaluate(() => {
            const top = document.getElementById('json-guide')?.getBoundingClientRect().top ?? -1;
            return top >= 0 && top < window.innerHeight / 2;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('raised no uncaught page errors', () => {
    expect(s.pageErrors).toEqual([]);
  });
});
