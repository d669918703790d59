/**
 * The create-image screen's API status panel while the server says degraded (issue 31): amber
 * "API Service: Degraded (storage)" with what is wrong in its tooltip — not "Unavailable" — and
 * operational again once the server is. The status answers are stubbed in the browser; the
 * server side of degraded is tested in services/api/test/faults-*.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateUserApiKey, openSession, registerUser } from '../../services/domain/src/accounts/accounts.handlers';
import { startServer, type RunningServer } from '../../services/api/src/server';
import {
  collectPageErrors,
  ensureWebBuilt,
  launchBrowser,
  newPage,
  seriousA11yViolations,
  shot,
  WEB_DIST,
} from './helpers';

let server: RunningServer;
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  await ensureWebBuilt();
  dataDir = mkdtempSync(join(tmpdir(), 'jsonable-status-panel-'));
  server = await startServer({
    env: { DATA_DIR: dataDir, WEB_DIST, LOG_LEVEL: 'warn', RENDER_WORKERS: '1' },
    host: '127.0.0.1',
    port: 0,
  });
  const { userId } = await registerUser(server.deps, { email: 'status@example.com', password: null, plan: 'premium' });
  await generateUserApiKey(server.deps, { userId });
  const session = await openSession(server.deps, userId);
  await server.deps.waitForProjections(session.position);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server.url));
  await context.addCookies([{ name: 'jsonable_session', value: session.sessionId, url: server.url }]);
  pageErrors = collectPageErrors(page);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('API status panel', () => {
  it('shows Degraded with the failing parts while the server is degraded, and Operational once it is not', async () => {
    let degraded = true;
    await page.route('**/api/jsonable/status', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(
          degraded
            ? {
                status: 'degraded',
                since: '2026-01-01T00:00:00.000Z',
                components: [
                  {
                    component: 'blob-store',
                    problem: 'no_space',
                    message: 'out of storage space: new images and changes cannot be saved',
                    since: '2026-01-01T00:00:00.000Z',
                  },
                  {
                    component: 'disk',
                    problem: 'low_space',
                    message: 'storage space is running out',
                    since: '2026-01-01T00:00:00.000Z',
                  },
                ],
              }
            : { status: 'operational' },
        ),
      }),
    );
    await page.goto('/app');
    const panel = page.getByTestId('api-status');
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toBe('API Service: Degraded (storage)');
    expect(await panel.getAttribute('title')).toBe(
      'storage: out of storage space: new images and changes cannot be saved',
    );
    expect((await seriousA11yViolations(page)).map((f) => f.id)).toEqual([]);
    await shot(page, 'status-panel-degraded', false);
    degraded = false;
    await page.reload();
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toBe('API Service: Operational');
    expect(pageErrors).toEqual([]);
  });
});
