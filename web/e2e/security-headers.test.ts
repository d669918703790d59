/**
 * The built app under its Content-Security-Policy: the pages and flows that load the most kinds of
 * things (the demo's image and PDF results, the examples' previews, the dashboard after sign-in
 * is left to the signed-in suites) raise no CSP violation in Chromium; the hardening headers are
 * on every answer, and /auth pages send no Referer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startE2eServer, VIEWPORTS, type E2eServer } from './helpers';

let server: E2eServer;
let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl, VIEWPORTS.desktop)).page;
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(msg.text()))
      violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Refused to load: CSP ${e.violatedDirective} ${e.blockedURI} at ${location.href} from ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('browser hardening', () => {
  it('sends CSP (frame-ancestors none), nosniff and a Referrer-Policy, no-referrer on /auth', async () => {
    for (const path of ['/', '/auth/verify?token=secret', '/api/jsonable/status', '/no/such/page']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe(
        path.startsWith('/auth') ? 'no-referrer' : 'strict-origin-when-cross-origin',
      );
    }
  });

  it(
    'runs the landing demo (image and PDF results), the examples and the docs with no CSP violation',
    { timeout: 120_000 },
    async () => {
      await page.goto('/');
      await page.getByRole('heading', { level: 2, name: 'Try It Now' }).waitFor();
      for (const format of ['png', 'pdf'] as const) {
        const editor = page.getByRole('tab', { name: 'Editor' });
        if ((await editor.getAttribute('aria-selected')) !== 'true')
          await page.getByRole('button', { name: 'Create Another' }).click();
        await page.getByLabel('Output format').selectOption(format);
        await page.getByRole('button', { name: 'Generate Image' }).click();
        await page.getByRole('tab', { name: 'Result', selected: true }).waitFor();
        await (
          format === 'pdf' ? page.getByTestId('demo-result-pdf') : page.getByTestId('demo-result-image')
        ).waitFor();
      }
      if (await page.getByTestId('demo-result-image').count()) {
        await page.getByTestId('demo-result-image').evaluate((img: HTMLImageElement) => img.decode());
      }
      await page.goto('/examples');
      await page.getByRole('heading', { level: 1, name: 'Examples' }).waitFor();
      await page.goto('/documentation');
      await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
      await page.goto('/auth');
      await page.getByRole('heading', { level: 1, name: 'Welcome to Jsonable' }).waitFor();
      await page.waitForTimeout(300);
      expect(violations).toEqual([]);
    },
  );
});
