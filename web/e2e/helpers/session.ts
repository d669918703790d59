/**
 * Given a browser on the real server for the whole e2e file (issue #27, item 8): registers the
 * beforeAll that serves a private copy of web/dist (other e2e files rebuild the shared one when
 * sources change, and a run's lazy chunks must not vanish under it), starts the server, seeds an
 * account and signs the page in as it (when `seed` is given), and the afterAll that closes it
 * all. The answer is a stand-in whose fields reach the started session:
 *
 *     const s = givenBrowserSession({ name: 'features', seed: { count: 0, projects: ['Reports'] } });
 *     it('…', async () => { await s.page.goto('/dashboard'); … });
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { seededAccount, type SeededAccount } from '../../../services/api/bench/seeded-account';
import { collectPageErrors, launchBrowser, newPage } from './browser';
import { ensureWebBuilt, WEB_DIST } from './build';
import { startE2eServer, type E2eServer } from './server';

interface BrowserSession {
  server: E2eServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, and of every page newPerson opened, so far. */
  pageErrors: string[];
  /** The seeded, signed-in account (throws when the session was given no `seed`). */
  account: SeededAccount;
  /**
   * Another browser profile (its own cookies, signed in as nobody) on the same server, like
   * another person or another device; closed with the session.
   */
  newPerson(viewport?: Viewport): Promise<Page>;
}

type Viewport = { width: number; height: number };

interface BrowserSessionOptions {
  /** Names the private copy of web/dist (`jsonable-<name>-dist-…`). */
  name: string;
  /** More server environment (Stripe stand-in, …); a function when it is known only in beforeAll. */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Seed an account (seededAccount's options) and sign the page in as it. */
  seed?: { count: number; projects: string[]; looseEvery?: number };
  /** Runs after the server and the account are up, before the browser starts (seed data through the API). */
  before?: (session: { server: E2eServer; account: SeededAccount | null }) => Promise<void>;
  /** Runs in afterAll, after the session is closed. */
  after?: () => Promise<void>;
  timeoutMs?: number;
}

export function givenBrowserSession(options: BrowserSessionOptions): BrowserSession {
  let current: (Omit<BrowserSession, 'account' | 'newPerson'> & { account: SeededAccount | null }) | null = null;
  let distCopy = '';
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const others: BrowserContext[] = [];

  beforeAll(async () => {
    await ensureWebBuilt();
    distCopy = mkdtempSync(join(tmpdir(), `jsonable-${options.name}-dist-`));
    cpSync(WEB_DIST, distCopy, { recursive: true });
    const env = typeof options.env === 'function' ? await options.env() : (options.env ?? {});
    server = await startE2eServer({ ...env, WEB_DIST: distCopy });
    const account = options.seed
      ? await seededAccount({ baseUrl: server.baseUrl, dataDir: server.dataDir, ...options.seed })
      : null;
    await options.before?.({ server, account });
    browser = await launchBrowser();
    let page: Page;
    ({ context, page } = await newPage(browser, server.baseUrl));
    if (account)
      await context.addCookies([{ name: 'jsonable_session', value: account.sessionId, url: server.baseUrl }]);
    current = { server, browser, context, page, pageErrors: collectPageErrors(page), account };
  }, options.timeoutMs ?? 300_000);

  afterAll(async () => {
    current = null;
    for (const other of others.splice(0)) await other.close().catch(() => {});
    await context?.close();
    await browser?.close();
    await server?.close();
    if (distCopy) rmSync(distCopy, { recursive: true, force: true });
    await options.after?.();
  });

  const started = () => {
    if (!current) throw new Error('The browser session was used before beforeAll started it');
    return current;
  };
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get context() {
      return started().context;
    },
    get page() {
      return started().page;
    },
    get pageErrors() {
      return started().pageErrors;
    },
    get account() {
      const { account } = started();
      if (!account) throw new Error('This browser session seeded no account');
      return account;
    },
    async newPerson(viewport?: Viewport) {
      const session = started();
      const { context: other, page } = await newPage(session.browser, session.server.baseUrl, viewport);
      others.push(other);
      collectPageErrors(page, session.pageErrors);
      return page;
    },
  };
}
