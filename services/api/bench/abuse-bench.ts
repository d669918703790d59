/**
 * `npm run bench:abuse` (issue #21's targets): the server as `npm start` runs it (a child process,
 * default worker count, fresh DATA_DIR), first unloaded, then while 2 abusive clients send the
 * worst bodies back to back: 5 MB bracket bombs (a known route and an unknown path), tables of
 * 200 distinct 4000×4000 image bombs (through the demo, and through a key route, whose larger
 * image budget decodes some of them), the largest PDF the limits allow, and through the key route
 * the heaviest rasters: a ~34 M pixel PNG table and two bombs drawn at 4000 × 4000. Meanwhile a poller
 * reads GET /api/jsonable/status and one client renders the reference table.
 *
 * Reports status p99 (target ≤ 100 ms), a normal render's p99 loaded ÷ unloaded (≤ 3), the
 * server's peak RSS from /proc (VmHWM, every thread; ≤ 1.5 GB), its RSS sampled every 250 ms
 * (before, at most under abuse, at most while the heaviest requests within the limits run on
 * every worker at once, and 10 s after) and every 5xx that was not a 503 with Retry-After
 * (target 0). Clients come from distinct X-Forwarded-For addresses (TRUST_PROXY)
 * so the per-IP demo limit does not stand in for the defences measured here (so every request is a
 * lane of its own: the worst case for the queue's per-client lanes, as from many addresses).
 *
 * A cheap route beside the status: one image file (GET /api/demo/images/…) read back every 50 ms.
 *
 * ABUSE_ROOTS=dirA,dirB runs the whole sequence against the server of each checkout in turn (e.g.
 * a copy of the commit before a change, then this tree) and prints their figures side by side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bombTable, bombUri } from '../../render/test/support/image-bomb';
import { percentile } from '../../render/bench/stats';
import { withMallocEnv } from '../../../scripts/malloc-env.mjs';
import { seededAccount } from './seeded-account';

const ROOT = new URL('../../../', import.meta.url).pathname;
const LOADED_SECONDS = Number(process.env.ABUSE_SECONDS ?? 60);
const UNLOADED_RENDERS = 30;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const reference = {
  title: 'Inventory Status',
  data: Array.from({ length: 20 }, (_, i) => ({
    SKU: `SKU-${1000 + i}`,
    Product: `Product ${i + 1}`,
    Stock: (i * 37) % 200,
    Price: `$${(9.99 + i).toFixed(2)}`,
  })),
};
const BOMB = '['.repeat(2_500_000) + ']'.repeat(2_500_000);
const IMAGES = JSON.stringify(bombTable(200));
/** The heaviest rasters within the limits (through a key route): ~34 M pixels of PNG, and two bombs drawn at 4000 × 4000 (the whole key image budget, kept). */
const BIG_PNG = JSON.stringify({
  headers: Array.from({ length: 26 }, (_, i) => `Column ${i + 1}`),
  rows: Array.from({ length: 400 }, (_, r) => Array.from({ length: 26 }, (_, c) => `r${r}c${c}`)),
  options: { format: 'png' },
});
const BIG_IMAGES = JSON.stringify({
  headers: ['Image'],
  rows: [0, 1].map((i) => [
    { type: 'image', value: bombUri(4000, 4000, 1000 + i), format: { width: 4000, height: 4000 } },
  ]),
  options: { format: 'png' },
});
const BIG_PDF = JSON.stringify({
  headers: Array.from({ length: 20 }, (_, i) => `c${i}`),
  rows: Array.from({ length: 500 }, (_, r) => Array.from({ length: 20 }, (_, c) => `r${r}c${c}`)),
  options: { format: 'pdf' },
});

interface Tally {
  requests: number;
  byStatus: Record<number, number>;
  bad5xx: string[];
}
let tally: Tally = { requests: 0, byStatus: {}, bad5xx: [] };
let ipSeq = 0;

async function send(
  base: string,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; ms: number; json?: unknown }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const bytes = await res.arrayBuffer();
  const ms = performance.now() - t0;
  tally.requests++;
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
  if (res.status >= 500 && !(res.status === 503 && res.headers.get('retry-after')))
    tally.bad5xx.push(`${res.status} ${path}`);
  const json = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(Buffer.from(bytes).toString()) as unknown)
    : undefined;
  return { status: res.status, ms, json };
}

const render = (base: string) =>
  send(base, '/api/demo/generate-image', { method: 'POST', body: JSON.stringify(reference) });

/** VmHWM (peak) or VmRSS (now) of the server process, in MB. */
function rssMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** An Enterprise account's API key on the running server (registered through the HTTP API). */
async function apiKeyOf(base: string, dataDir: string): Promise<string> {
  const account = await seededAccount({ baseUrl: base, dataDir, count: 0, projects: [] });
  const res = await fetch(`${base}/api/jsonable/user/generate-api-key`, {
    method: 'POST',
    headers: { Cookie: account.cookie, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`generate-api-key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { apiKey: string }).apiKey;
}

async function run(root: string): Promise<string[][]> {
  tally = { requests: 0, byStatus: {}, bad5xx: [] };
  const dataDir = mkdtempSync(join(tmpdir(), 'jsonable-abuse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // ABUSE_CPU_PROF=dir writes the server's CPU profiles (main thread and workers) there.
  const profile = process.env.ABUSE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.ABUSE_CPU_PROF}`] : [];
  // The glibc malloc settings that npm start and the Dockerfile give the server (ABUSE_MALLOC=glibc:
  // glibc's defaults, to compare).
  const base0 = process.env.ABUSE_MALLOC === 'glibc' ? process.env : withMallocEnv(process.env);
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: root,
    env: {
      ...base0,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/jsonable/status`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const apiKey = await apiKeyOf(base, dataDir);
    for (let i = 0; i < 5; i++) await render(base); // warm-up
    // On a loaded machine a render may be refused (503, busy) while workers start: retry.
    let imageUrl: string | undefined;
    for (let i = 0; !imageUrl && i < 30; i++)
      imageUrl = ((await render(base)).json as { url?: string } | undefined)?.url;
    if (!imageUrl) throw new Error('no demo render succeeded');
    const imagePath = new URL(imageUrl).pathname;

    const unloaded: number[] = [];
    for (let i = 0; i < UNLOADED_RENDERS; i++) unloaded.push((await render(base)).ms);
    const unloadedStatus: number[] = [];
    const unloadedImage: number[] = [];
    for (let i = 0; i < 100; i++) {
      unloadedStatus.push((await send(base, '/api/jsonable/status')).ms);
      unloadedImage.push((await send(base, imagePath)).ms);
    }

    const rssBefore = rssMb(child.pid!, 'VmRSS');
    let rssDuring = 0;
    const sampler = setInterval(() => (rssDuring = Math.max(rssDuring, rssMb(child.pid!, 'VmRSS'))), 250);
    const until = performance.now() + LOADED_SECONDS * 1000;
    const abusive = async (id: number) => {
      const attacks = [
        () => send(base, '/api/demo/generate-image', { method: 'POST', body: BOMB }),
        () => send(base, '/api/no/such/route', { method: 'POST', body: BOMB }),
        () => send(base, '/api/demo/generate-image', { method: 'POST', body: IMAGES }),
        () => send(base, '/api/demo/generate-image', { method: 'POST', body: BIG_PDF }),
        () =>
          send(base, '/api/jsonable/table-to-image', {
            method: 'POST',
            body: IMAGES,
            headers: { 'x-api-key': apiKey },
          }),
        () =>
          send(base, '/api/jsonable/table-to-image', {
            method: 'POST',
            body: BIG_PNG,
            headers: { 'x-api-key': apiKey },
          }),
        () =>
          send(base, '/api/jsonable/table-to-image', {
            method: 'POST',
            body: BIG_IMAGES,
            headers: { 'x-api-key': apiKey },
          }),
      ];
      for (let i = id; performance.now() < until; i++) await attacks[i % attacks.length]!();
    };
    const statusTimes: number[] = [];
    const imageTimes: number[] = [];
    const poller = async (path: string, times: number[]) => {
      while (performance.now() < until) {
        times.push((await send(base, path)).ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const loaded: number[] = [];
    const renderer = async () => {
      while (performance.now() < until) {
        const r = await render(base);
        if (r.status === 200) loaded.push(r.ms);
      }
    };
    await Promise.all([
      abusive(0),
      abusive(1),
      poller('/api/jsonable/status', statusTimes),
      poller(imagePath, imageTimes),
      renderer(),
    ]);
    const rssLoaded = rssDuring;
    // The heaviest requests within the limits through the key route, as many at once as there are
    // workers (the default count), so every worker holds its worst at the same time: on a loaded
    // machine the abusive clients above reach them only a few times in a minute.
    rssDuring = 0;
    const heaviest = { BIG_IMAGES, BIG_PNG, IMAGES, BIG_PDF };
    /** Their statuses: a heaviest request refused (503 under load) holds no memory. */
    const heaviestStatuses: string[] = [];
    for (const [name, body] of Object.entries(heaviest)) {
      const statuses = await Promise.all(
        Array.from({ length: availableParallelism() }, () =>
          send(base, '/api/jsonable/table-to-image', { method: 'POST', body, headers: { 'x-api-key': apiKey } }),
        ),
      );
      heaviestStatuses.push(`${name} ${statuses.map((r) => r.status).join('/')}`);
    }
    const rssHeaviest = rssDuring;
    const rss = rssMb(child.pid!, 'VmHWM');
    await new Promise((r) => setTimeout(r, 10_000));
    clearInterval(sampler);
    const rssAfter = rssMb(child.pid!, 'VmRSS');

    const p99 = (v: number[]) => Math.round(percentile(v, 99));
    const rows = [
      ['status p99, unloaded', `${p99(unloadedStatus)} ms`, ''],
      ['status p99, 2 abusive clients', `${p99(statusTimes)} ms (${statusTimes.length} requests)`, '≤ 100 ms'],
      ['image file p99, unloaded', `${p99(unloadedImage)} ms`, ''],
      ['image file p99, 2 abusive clients', `${p99(imageTimes)} ms (${imageTimes.length} requests)`, ''],
      ['normal render p99, unloaded', `${p99(unloaded)} ms (${unloaded.length} renders)`, ''],
      ['normal render p99, 2 abusive clients', `${p99(loaded)} ms (${loaded.length} renders)`, ''],
      ['render p99 loaded ÷ unloaded', (percentile(loaded, 99) / percentile(unloaded, 99)).toFixed(2), '≤ 3'],
      ['server peak RSS (VmHWM)', `${rss} MB`, '≤ 1,536 MB'],
      [
        'server RSS before → most under abuse → most over the heaviest requests → 10 s after',
        `${rssBefore} → ${rssLoaded} → ${rssHeaviest} → ${rssAfter} MB`,
        '',
      ],
      ['heaviest requests, statuses', heaviestStatuses.join(', '), ''],
      ['5xx other than 503 + Retry-After', `${tally.bad5xx.length} of ${tally.requests} responses`, '0'],
    ];
    console.log(
      `\n${root}: ${LOADED_SECONDS} s loaded; malloc ${process.env.ABUSE_MALLOC === 'glibc' ? "glibc's defaults" : 'as npm start sets it'}; statuses: ${JSON.stringify(tally.byStatus)}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('| measure | result | target |\n|---|---|---|');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    if (tally.bad5xx.length) console.log('unexpected 5xx:', tally.bad5xx.slice(0, 10));
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const roots = process.env.ABUSE_ROOTS ? process.env.ABUSE_ROOTS.split(',') : [ROOT];
const results: string[][][] = [];
for (const root of roots) results.push(await run(root));
if (roots.length > 1) {
  console.log(`\nSide by side (${roots.join(' | ')}):`);
  console.log(`| measure | ${roots.join(' | ')} | target |\n|---|${roots.map(() => '---|').join('')}---|`);
  results[0]!.forEach((row, i) =>
    console.log(`| ${row[0]} | ${results.map((r) => r[i]![1]).join(' | ')} | ${row[2]} |`),
  );
}
