/**
 * npm run bench:web — how soon the public pages show their words (issue #26), in Chromium
 * (playwright-core, /usr/bin/chromium) against the real server (startServer, in this process)
 * serving the built web app.
 *
 * - Time to first words, every public route: a cold load (a fresh browser context: no cache, no
 *   cookies) from navigation start to the first frame that has the page's <h1> text and is
 *   painted (the later of first-contentful-paint and the first animation frame with the text).
 *   Median of RUNS loads. No throttling: the server is local.
 * - Largest contentful paint of `/` with Chromium's 4× CPU throttling and a Lighthouse-mobile
 *   network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up — what Lighthouse long called
 *   "fast 3G"). Median of RUNS loads.
 *
 * With `--before <dist>`, the same measures run against that build too, interleaved load by load
 * with this one (the machine is shared and noisy), and the ratios are printed:
 *
 *   npm run bench:web -- --before /tmp/old-build/web/dist
 *
 * WEB_BENCH_RUNS sets the loads per median (5), WEB_BENCH_ROUTES a comma-separated subset of the
 * routes for the first-words table (the LCP measure of `/` always runs).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { startServer } from '../../services/api/src/server';
import { ensureWebBuilt, WEB_DIST } from '../e2e/helpers/build';
import { launchBrowser } from '../e2e/helpers/browser';

const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 5);
const ALL_ROUTES = [
  '/',
  '/documentation',
  '/api-reference',
  '/examples',
  '/make-integration',
  '/n8n-integration',
  '/zapier-integration',
  '/gumloop-integration',
  '/about',
  '/terms',
  '/privacy',
  '/auth',
  '/no/such/page',
];
/** WEB_BENCH_ROUTES=/,/about measures only those routes (a loaded machine takes minutes per route). */
const ROUTES = process.env.WEB_BENCH_ROUTES ? process.env.WEB_BENCH_ROUTES.split(',') : ALL_ROUTES;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Records, in the page, when the <h1> first has text in an animation frame, and the paint and LCP
 * times. A string, not a function: tsx would add its own helpers (__name) to a function's source.
 */
const PROBE = `
  window.__bench = {};
  const tick = () => {
    if (document.querySelector('h1')?.textContent?.trim()) window.__bench.words = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__bench.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface Load {
  words: number;
  lcp: number;
}

async function load(browser: Browser, baseUrl: string, path: string, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.addInitScript({ content: PROBE });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForFunction(
    () => (window as unknown as { __bench?: { words?: number } }).__bench?.words !== undefined,
  );
  // LCP settles once the page stops painting larger things; input would end it, so just wait.
  await page.waitForTimeout(throttled ? 1500 : 300);
  const b = await page.evaluate(
    () => (window as unknown as { __bench: { words: number; fcp?: number; lcp?: number } }).__bench,
  );
  await context.close();
  return { words: Math.max(b.words, b.fcp ?? 0), lcp: b.lcp ?? Number.NaN };
}

async function serve(dist: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'jsonable-web-bench-'));
  const handle = await startServer({
    env: { DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'warn', RENDER_WORKERS: '1' },
    host: '127.0.0.1',
    port: 0,
  });
  return {
    url: handle.url.replace(/\/$/, ''),
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const beforeFlag = process.argv.indexOf('--before');
const beforeDist = beforeFlag > 0 ? resolve(process.argv[beforeFlag + 1]!) : null;

await ensureWebBuilt();
// A private copy: an e2e run rebuilding web/dist meanwhile would pull files from under the server.
const copy = mkdtempSync(join(tmpdir(), 'jsonable-web-bench-dist-'));
cpSync(WEB_DIST, copy, { recursive: true });
const builds = [{ name: 'this build', dist: copy }, ...(beforeDist ? [{ name: 'before', dist: beforeDist }] : [])];
const servers = await Promise.all(builds.map((b) => serve(b.dist)));
const browser = await launchBrowser();
const fmt = (n: number) => `${Math.round(n)} ms`;
try {
  console.log(`time to first words, median of ${RUNS} cold loads (no throttling)`);
  console.log(['route', ...builds.map((b) => b.name), ...(beforeDist ? ['ratio'] : [])].join(' | '));
  for (const route of ROUTES) {
    const samples = builds.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i++) {
      for (let b = 0; b < builds.length; b++)
        samples[b]!.push((await load(browser, servers[b]!.url, route, false)).words);
    }
    const medians = samples.map(median);
    console.log(
      [route, ...medians.map(fmt), ...(beforeDist ? [`${(medians[1]! / medians[0]!).toFixed(1)}×`] : [])].join(' | '),
    );
  }
  console.log(`\n/ with 4× CPU throttling, 150 ms RTT, 1.6 Mbit/s: median of ${RUNS} cold loads`);
  const lcps = builds.map(() => [] as number[]);
  const words = builds.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (let b = 0; b < builds.length; b++) {
      const l = await load(browser, servers[b]!.url, '/', true);
      lcps[b]!.push(l.lcp);
      words[b]!.push(l.words);
    }
  }
  builds.forEach((b, i) =>
    console.log(`${b.name}: first words ${fmt(median(words[i]!))}, LCP ${fmt(median(lcps[i]!))}`),
  );
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
  rmSync(copy, { recursive: true, force: true });
}
