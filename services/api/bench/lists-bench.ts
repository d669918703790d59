/**
 * npm run bench:lists — lists at scale on the embedded default (issue #30).
 *
 * One account is filled through the render command handler (seed-images.ts) on a real server
 * (startServer, in this process): first STAGE_1 images, measured, then up to TOTAL, measured again.
 * At each stage, over HTTP: a page of 100 (the first page, and pages deep in the list reached by
 * cursors), a project's page, searches (frequent and absent words: an absent one reads the whole
 * list), and the heap growth over 200 list calls (after GC). At the end the dashboard's first
 * images in Chromium, from navigation, five times. Figures go to docs/benchmarks.md.
 *
 *   LISTS_BENCH_IMAGES=100000 npm run bench:lists
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nextLink } from '@jsonable/contracts/lists';
import { startServer } from '../src/server';
import { ensureWebBuilt, WEB_DIST } from '../../../web/e2e/helpers/build';
import { launchBrowser, newPage } from '../../../web/e2e/helpers/browser';
import { addImages, seededAccount, type SeededAccount } from './seeded-account';

const TOTAL = Number(process.env.LISTS_BENCH_IMAGES ?? 100_000);
const STAGE_1 = Math.min(10_000, TOTAL);

const gc = (globalThis as { gc?: () => void }).gc;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(
  baseUrl: string,
  account: SeededAccount,
  path: string,
): Promise<{ ms: number; next: string | null; count: number }> {
  const start = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: account.cookie } });
  const body = (await res.json()) as unknown[];
  const took = performance.now() - start;
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const link = nextLink(res.headers.get('Link'));
  return { ms: took, next: link ? `${new URL(link).pathname}${new URL(link).search}` : null, count: body.length };
}

async function measure(baseUrl: string, account: SeededAccount, images: number): Promise<string[]> {
  const lines: string[] = [];
  const sample = async (label: string, paths: () => string, n: number) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) await timed(baseUrl, account, paths()); // warm-up
    for (let i = 0; i < n; i++) times.push((await timed(baseUrl, account, paths())).ms);
    lines.push(
      `| ${images.toLocaleString('en-US')} | ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`,
    );
    console.log(lines[lines.length - 1]);
  };
  // Cursors deep in the list: follow the first 30 pages of 100 once, then sample among them.
  const deep: string[] = [];
  let next: string | null = '/api/jsonable/user/images?limit=100';
  for (let i = 0; i < 30 && next; i++) {
    deep.push(next);
    next = (await timed(baseUrl, account, next)).next;
  }
  let k = 0;
  await sample('first page of 100', () => '/api/jsonable/user/images?limit=100', 200);
  await sample('page of 100 by cursor (pages 1–30)', () => deep[k++ % deep.length]!, 200);
  await sample(
    "a project's page of 100",
    () => `/api/jsonable/projects/${account.projectIds[0]}/images?limit=100`,
    200,
  );
  await sample(
    'search q=invoice 1 (frequent), page of 100',
    () => '/api/jsonable/user/images?limit=100&q=invoice%201',
    100,
  );
  await sample('search q=zzz (no match: reads every title)', () => '/api/jsonable/user/images?limit=100&q=zzz', 100);
  await sample(
    'format=svg & from/to, page of 100',
    () => '/api/jsonable/user/images?limit=100&format=svg&from=2000-01-01&to=2999-12-31',
    200,
  );
  // Memory: heap after GC before and after 200 list calls.
  gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 200; i++) await timed(baseUrl, account, deep[i % deep.length]!);
  gc?.();
  const after = process.memoryUsage().heapUsed;
  lines.push(
    `| ${images.toLocaleString('en-US')} | heap after GC: before → after 200 list calls | ${(before / 1048576).toFixed(1)} MB | ${(after / 1048576).toFixed(1)} MB |`,
  );
  console.log(lines[lines.length - 1]);
  return lines;
}

async function dashboardFirstImages(baseUrl: string, account: SeededAccount): Promise<number[]> {
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const { context, page } = await newPage(browser, baseUrl);
      await context.addCookies([{ name: 'jsonable_session', value: account.sessionId, url: baseUrl }]);
      await page.goto('/dashboard');
      await page
        .locator('[data-testid="project-item"] [data-testid="image-card"] img')
        .first()
        .waitFor({ timeout: 60_000 });
      // From the navigation's start as the browser timed it.
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:lists does)');
  await ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'jsonable-lists-bench-'));
  // A private copy of the built app: e2e runs rebuild web/dist meanwhile.
  const dist = join(dataDir, 'web-dist');
  cpSync(WEB_DIST, dist, { recursive: true });
  const server = await startServer({
    env: { DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'error', RENDER_WORKERS: '1' },
    host: '127.0.0.1',
    port: 0,
  });
  const handle = server as unknown as { url?: string; port?: number; close?: () => Promise<void> };
  const baseUrl = (handle.url ?? `http://127.0.0.1:${handle.port}`).replace(/\/$/, '');
  try {
    const lines = ['| images | what | p50 | p95 |', '|---|---|---|---|'];
    let start = performance.now();
    const account = await seededAccount({
      baseUrl,
      dataDir,
      count: STAGE_1,
      projects: ['Reports', 'Exports'],
      looseEvery: 50,
    });
    console.log(`seeded ${STAGE_1} images in ${((performance.now() - start) / 1000).toFixed(0)} s`);
    lines.push(...(await measure(baseUrl, account, STAGE_1)));
    if (TOTAL > STAGE_1) {
      start = performance.now();
      await addImages(baseUrl, dataDir, account, TOTAL - STAGE_1, STAGE_1, (done) => {
        if (done % 10_000 === 0) console.log(`  … ${done + STAGE_1}`);
      });
      console.log(`seeded up to ${TOTAL} images in ${((performance.now() - start) / 1000).toFixed(0)} s more`);
      lines.push(...(await measure(baseUrl, account, TOTAL)));
    }
    const first = await dashboardFirstImages(baseUrl, account);
    lines.push(
      `| ${TOTAL.toLocaleString('en-US')} | dashboard: first image shown after navigation (5 loads, Chromium) | ${ms(percentile(first, 50))} | max ${ms(Math.max(...first))} |`,
    );
    console.log(lines.join('\n'));
  } finally {
    await handle.close?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
