/**
 * The built app under its Content-Security-Policy: the pages and flows that load the most kinds of
 * things (the demo's image and PDF results, the examples' previews, the dashboard after sign-in
 * is left to the signed-in suites) raise no CSP violation in Chromium; the hardening headers are
 * on every answer, and /auth pages send no Referer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoImage, givenBrowserSession } from './helpers';

const s = givenBrowserSession({ name: 'security-headers' });
const violations: string[] = [];

beforeAll(async () => {
  s.page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(msg.text()))
      violations.push(msg.text());
  });
  await s.page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Refused to load: CSP ${e.violatedDirective} ${e.blockedURI} at ${location.href} from ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
});

describe('browser hardening', () => {
  it('sends CSP (frame-ancestors none), nosniff and a Referrer-Policy, no-referrer on /auth', async () => {
    for (const path of ['/', '/auth/verify?token=secret', '/api/jsonable/status', '/no/such/page']) {
      const res = await fetch(`${s.server.baseUrl}${path}`);
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
      await s.page.goto('/');
      await s.page.getByRole('heading', { level: 2, name: 'Try It Now' }).waitFor();
      for (const format of ['png', 'pdf'] as const) await generateDemoImage(s.page, format);
      if (await s.page.getByTestId('demo-result-image').count()) {
        await s.page.getByTestId('demo-result-image').evaluate((img: HTMLImageElement) => img.decode());
      }
      await s.page.goto('/examples');
      await s.page.getByRole('heading', { level: 1, name: 'Examples' }).waitFor();
      await s.page.goto('/documentation');
      await s.page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
      await s.page.goto('/auth');
      await s.page.getByRole('heading', { level: 1, name: 'Welcome to Jsonable' }).waitFor();
      await s.page.waitForTimeout(300);
      expect(violations).toEqual([]);
    },
  );
});
