/**
 * Every public route of the built app on the real server: the page renders (404 for unknown
 * paths), has no serious axe-core violation, and is screenshotted at 390 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  collectPageErrors,
  launchBrowser,
  newPage,
  seriousA11yViolations,
  shot,
  startE2eServer,
  VIEWPORTS,
  type E2eServer,
} from './helpers';

const ROUTES: { path: string; h1: string | RegExp; name: string }[] = [
  { path: '/', h1: 'Turn JSON into beautiful table images', name: 'landing' },
  { path: '/auth', h1: 'Welcome to Jsonable', name: 'auth' },
  { path: '/auth?tab=register', h1: 'Welcome to Jsonable', name: 'auth-register' },
  { path: '/auth/verify', h1: 'Invalid Link', name: 'auth-verify-no-token' },
  { path: '/documentation', h1: 'Documentation', name: 'documentation' },
  { path: '/api-reference', h1: 'API Reference', name: 'api-reference' },
  { path: '/docs', h1: 'API Docs', name: 'docs' },
  { path: '/api-docs', h1: 'API Docs', name: 'api-docs' },
  { path: '/make-integration', h1: 'Jsonable + Make', name: 'make' },
  { path: '/n8n-integration', h1: 'Jsonable + n8n', name: 'n8n' },
  { path: '/zapier-integration', h1: 'Jsonable + Zapier', name: 'zapier' },
  { path: '/gumloop-integration', h1: 'Jsonable + Gumloop', name: 'gumloop' },
  { path: '/examples', h1: 'Examples', name: 'examples' },
  { path: '/about', h1: 'About Jsonable', name: 'about' },
  { path: '/terms', h1: 'Terms of Service', name: 'terms' },
  { path: '/privacy', h1: 'Privacy Policy', name: 'privacy' },
  { path: '/no/such/page', h1: '404 Page Not Found', name: 'not-found' },
];

let server: E2eServer;
let browser: Browser;
let desktop: Page;
let mobile: Page;
let errors: string[];

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  desktop = (await newPage(browser, server.baseUrl, VIEWPORTS.desktop)).page;
  mobile = (await newPage(browser, server.baseUrl, VIEWPORTS.mobile)).page;
  errors = [...collectPageErrors(desktop)];
  collectPageErrors(mobile);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(page: Page, path: string, h1: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
}

describe('public pages', () => {
  for (const r of ROUTES) {
    it(`${r.path} renders its page without serious accessibility violations`, { timeout: 60_000 }, async () => {
      await open(desktop, r.path, r.h1);
      // Each screen has a title of its own (WCAG 2.4.2).
      if (r.path === '/') expect(await desktop.title()).toBe('Jsonable — JSON to table images');
      else await expect.poll(() => desktop.title()).toMatch(/^[^—]+ — Jsonable$/);
      expect(await seriousA11yViolations(desktop)).toEqual([]);
      await shot(desktop, `${r.name}-1280`);
      await open(mobile, r.path, r.h1);
      // Nothing may force sideways scrolling on a phone.
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(mobile, `${r.name}-390`);
    });
  }

  it('serves the SPA for deep links and sends the unknown ones to the 404 page', async () => {
    const res = await fetch(`${server.baseUrl}/documentation`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    await open(desktop, '/projects/does-not-matter/unknown-tab', '404 Page Not Found');
  });

  it('redirects /json-guide, /login and /register to their targets', async () => {
    await open(desktop, '/json-guide', 'Documentation');
    expect(new URL(desktop.url()).pathname + new URL(desktop.url()).hash).toBe('/documentation#json-guide');
    await open(desktop, '/login', 'Welcome to Jsonable');
    expect(await desktop.getByRole('tab', { name: 'Password' }).getAttribute('aria-selected')).toBe('true');
    await open(desktop, '/register', 'Welcome to Jsonable');
    expect(await desktop.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(desktop.url()).search).toBe('?tab=register');
  });

  it('sends a protected screen to /auth when signed out', async () => {
    await open(desktop, '/dashboard', 'Welcome to Jsonable');
    expect(new URL(desktop.url()).pathname).toBe('/auth');
  });

  it('stores the chosen plan and opens the register tab', async () => {
    await open(desktop, '/', 'Turn JSON into beautiful table images');
    await desktop.getByRole('button', { name: /Choose Professional/ }).click();
    await desktop.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    expect(new URL(desktop.url()).search).toBe('?tab=register');
    expect(await desktop.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('premium');
    await desktop.getByText('You chose the Professional plan').waitFor();
  });

  it('shows the four pricing cards and the API reference endpoints with copy buttons', async () => {
    await open(desktop, '/', 'Turn JSON into beautiful table images');
    for (const name of ['Free', 'Professional', 'Agency', 'Enterprise']) {
      await desktop.getByRole('heading', { level: 3, name, exact: true }).waitFor();
    }
    await open(desktop, '/api-reference', 'API Reference');
    for (const name of [
      'Authentication',
      'Generate Table Image',
      'Generate Preview',
      'Get Image',
      'Error Handling',
      'Rate Limits',
    ]) {
      await desktop.getByRole('link', { name, exact: true }).first().waitFor();
      await desktop.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    }
    const copy = desktop.getByRole('button', { name: 'Copy Example request' }).first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied!');
    expect(await desktop.evaluate(() => navigator.clipboard.readText())).toContain('/api/jsonable/table-to-image');
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
    await open(desktop, '/make-integration', 'Jsonable + Make');
    await desktop.getByText('X-API-Key', { exact: true }).waitFor();
    await desktop.getByText('/api/jsonable/p/YOUR_PROJECT_ENDPOINT').first().waitFor();
    await desktop.getByText('Yes', { exact: true }).first().waitFor();
    await open(desktop, '/gumloop-integration', 'Jsonable + Gumloop');
    await desktop.getByText('Bearer YOUR_API_KEY', { exact: true }).waitFor();
    await desktop.getByRole('heading', { name: 'Troubleshooting' }).waitFor();
  });

  it('is keyboard reachable: skip link first, then the header links, and anchors scroll into view', async () => {
    await open(desktop, '/documentation', 'Documentation');
    await desktop.keyboard.press('Tab');
    expect(await desktop.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      await desktop.keyboard.press('Tab');
      names.push(await desktop.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    for (const n of ['Docs', 'Examples', 'Pricing', 'Sign In']) expect(names).toContain(n);
    await open(desktop, '/documentation', 'Documentation');
    await desktop.keyboard.press('Tab');
    await desktop.keyboard.press('Enter');
    expect(await desktop.evaluate(() => document.activeElement?.id)).toBe('main');
    await open(desktop, '/json-guide', 'Documentation');
    // The section is the last one, so the page may bottom out before it reaches the very top.
    await expect
      .poll(
        () =>
          desktop.evaluate(() => {
            const top = document.getElementById('json-guide')?.getBoundingClientRect().top ?? -1;
            return top >= 0 && top < window.innerHeight / 2;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
