/**
 * npm run bench:api — the rendering API under load, end to end.
 *
 * Starts the embedded server the way `npm start` does (startServer: SQLite event and document
 * stores and the file blob store under a temporary DATA_DIR, the projector, the render pool,
 * the jobs) on 127.0.0.1, creates a user moved to the Enterprise plan through the accounts
 * changePlan handler, gives it an API key, and runs autocannon against
 * POST /api/jsonable/table-to-image with the reference table (20 × 4, PNG) at 16 connections
 * for 30 s. Afterwards it checks that every 2xx answer has exactly one TableRendered event and
 * one stored image file.
 *
 * autocannon runs in a child process (load-client.mjs), so the server's CPU figure is the
 * server's alone (with its render workers and projector); the client's CPU is reported apart.
 *
 * Targets (2-core machine): ≥ 150 renders/s, p99 ≤ 150 ms, zero errors.
 * Env: BENCH_DURATION (s, default 30), BENCH_CONNECTIONS (default 16), BENCH_WARMUP (s of the
 * same load run first and not measured, default 5; 0 for none), BENCH_RENDERER
 * (`engine`, the default: the real render pool; `fixed`: every render answers the reference
 * table's PNG rendered once beforehand, so the figures are those of everything around the engine —
 * HTTP, auth, limits, validation, the file, the event, the projector, the log).
 *
 * Then living images (issue #25): one living image of the reference table, its stable URL
 * GET /live/{endpoint}/{name}.png revalidated with If-None-Match (304, target ≥ 2,000 req/s)
 * and, side by side in the same run, the same URL answered in full (200 with the file), for
 * BENCH_LIVE_DURATION s each (default 10). BENCH_PHASES: `render,live` (default) or one of them.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Result } from 'autocannon';
import type { RenderOutput, TableRenderer } from '@jsonable/domain/ports';
import { createRenderPool } from '@jsonable/render/pool/index';
import { parseTableRequest } from '@jsonable/render/request';
import { changePlan, generateUserApiKey, registerUser } from '@jsonable/domain/accounts/accounts.handlers';
import { createProject } from '@jsonable/domain/projects/projects.handlers';
import { referencePayload } from '../../render/bench/reference-table';
import { createLogger } from '../src/logger';
import { startServer } from '../src/server';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const RENDERER = process.env.BENCH_RENDERER ?? 'engine';
const TARGET = { rendersPerSecond: 150, p99Ms: 150, liveRevalidationsPerSecond: 2000 };
const LIVE_DURATION = Number(process.env.BENCH_LIVE_DURATION ?? 10);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'render,live').split(',').map((p) => p.trim()));

interface LoadOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
}

/** Runs autocannon in a child process; its answer and the CPU it used itself. */
function runLoad(options: LoadOptions): Promise<{ result: Result; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL('./load-client.mjs', import.meta.url).pathname], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      try {
        resolve(JSON.parse(out) as { result: Result; cpuMs: number });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.end(JSON.stringify(options));
  });
}

/** The reference table rendered once by the real engine, then answered for every render. */
async function fixedRenderer(payload: unknown): Promise<TableRenderer> {
  const pool = createRenderPool({ size: 1 });
  let output: RenderOutput;
  try {
    output = await pool.render({ request: parseTableRequest(payload) });
  } finally {
    await pool.close();
  }
  return {
    render: async () => ({ ...output, warnings: [] }),
    close: async () => undefined,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jsonable-api-bench-'));
  // The server logs one line per request as in production; to a file, so the report stays readable.
  const logFile = createWriteStream(join(dataDir, 'server.log'));
  // 2xx answers the server sent to the route (the client stops counting when the time is up,
  // while the requests then in flight still finish on the server).
  let served = 0;
  const logger = createLogger({
    level: 'info',
    write: (line) => {
      logFile.write(line + '\n');
      if (line.includes('"path":"/api/jsonable/table-to-image"') && /"status":2\d\d/.test(line)) served++;
    },
  });
  const env = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: '', EVENTSTORE_URL: '', MONGO_URL: '' };
  const renderer = RENDERER === 'fixed' ? await fixedRenderer(referencePayload(20)) : undefined;
  const server = await startServer({ env, host: '127.0.0.1', port: 0, logger, ...(renderer ? { renderer } : {}) });
  const { deps } = server;
  try {
    const { userId } = await registerUser(deps, { email: 'bench@example.com', password: null });
    await changePlan(deps, { userId, to: 'enterprise', reason: 'operator' });
    const key = await generateUserApiKey(deps, { userId });
    await deps.waitForProjections(key.position, 10_000);

    const failures: string[] = [];
    if (PHASES.has('render')) failures.push(...(await renderPhase(server, deps, key.apiKey, userId, () => served)));
    if (PHASES.has('live')) failures.push(...(await livePhase(server.url, deps, key.apiKey, userId)));
    console.log(failures.length === 0 ? 'PASS: every target met' : `FAIL: ${failures.join('; ')}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    await server.close();
    logFile.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Server = Awaited<ReturnType<typeof startServer>>;
const line = (label: string, value: string) => console.log(`${label.padEnd(30)} ${value}`);

async function renderPhase(
  server: Server,
  deps: Server['deps'],
  apiKey: string,
  userId: string,
  servedSoFar: () => number,
): Promise<string[]> {
  {
    const url = `${server.url}/api/jsonable/table-to-image`;
    const body = JSON.stringify(referencePayload(20));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
    // Warm-up: workers' first renders, SQLite page cache, JIT.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(url, { method: 'POST', headers, body });
      if (res.status !== 200) throw new Error(`warm-up answered ${res.status}: ${await res.text()}`);
    }
    // Then the same load as the measured run, not measured: the first seconds under concurrency
    // still compile code paths (the queue, grouped appends, larger projector batches) and, in the
    // load client, autocannon itself. Its answers are counted in the checks below.
    if (WARMUP > 0) {
      const warm = await runLoad({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: WARMUP });
      const failed = warm.result.errors + warm.result.timeouts + warm.result.non2xx;
      if (failed > 0) throw new Error(`warm-up run: ${failed} requests failed`);
    }

    console.log(
      `autocannon: POST ${url}, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s unmeasured, reference table 20 × 4 PNG, renderer: ${RENDERER}`,
    );
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const cpuBefore = process.cpuUsage();
    // Stalls of the server's main thread (synchronous SQLite commits and checkpoints, GC, the
    // projector's batches) hold up every request in flight: they show in the latency tail.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const { result, cpuMs: clientCpuMs } = await runLoad({
      url,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: DURATION,
    });

    const cpu = process.cpuUsage(cpuBefore);
    loopDelay.disable();
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const ok = result['2xx'];
    const errors = result.errors + result.timeouts + result.non2xx;
    const rendersPerSecond = ok / DURATION;
    const p99 = result.latency.p99;

    // Let the requests in flight when the client stopped finish, then compare: every 2xx answer
    // must be one TableRendered event and one stored file (warm-up included).
    for (let last = -1; last !== servedSoFar();) {
      last = servedSoFar();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await deps.waitForProjections(await deps.eventStore.headPosition(), 10_000);
    const rendered = (await deps.eventStore.readAll()).filter(
      (e) => e.type === 'TableRendered' && (e.data as { userId: string }).userId === userId,
    );
    let files = 0;
    for await (const info of deps.blobs.list('images/')) if (info.metadata.userId === userId) files++;
    const expected = servedSoFar();

    line('requests (2xx / other / errors)', `${ok} / ${result.non2xx} / ${result.errors + result.timeouts}`);
    line('renders per second', `${rendersPerSecond.toFixed(1)} (target ≥ ${TARGET.rendersPerSecond})`);
    line(
      'latency p50 / p90 / p99 / max',
      `${result.latency.p50} / ${result.latency.p90} / ${p99} / ${result.latency.max} ms (target p99 ≤ ${TARGET.p99Ms})`,
    );
    // The server process (HTTP, render workers, projector) used this much CPU, the load client
    // apart: on a shared machine the wall figures stretch with other load, these do not.
    const perRender = (ms: number) => `${(ms / Math.max(ok, 1)).toFixed(2)} ms`;
    line('CPU per render, server', perRender(cpuSeconds * 1000));
    line('CPU per render, load client', perRender(clientCpuMs));
    line('CPU per render, both', perRender(cpuSeconds * 1000 + clientCpuMs));
    const allSeconds = cpuSeconds + clientCpuMs / 1000;
    line(
      'renders per CPU-second (both)',
      `${(ok / allSeconds).toFixed(1)} (2 idle cores: ≈ ${((2 * ok) / allSeconds).toFixed(0)}/s)`,
    );
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    line(
      'event-loop delay p50/p99/max',
      `${ms(loopDelay.percentile(50))} / ${ms(loopDelay.percentile(99))} / ${ms(loopDelay.max)} ms`,
    );
    line(
      'load average after',
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    );
    line('2xx answers sent (+ warm-up)', String(expected));
    line('TableRendered events', String(rendered.length));
    line('stored image files', String(files));

    const failures: string[] = [];
    if (rendersPerSecond < TARGET.rendersPerSecond)
      failures.push(`throughput ${rendersPerSecond.toFixed(1)}/s < ${TARGET.rendersPerSecond}/s`);
    if (p99 > TARGET.p99Ms) failures.push(`p99 ${p99} ms > ${TARGET.p99Ms} ms`);
    if (errors > 0) failures.push(`${errors} errors`);
    if (rendered.length !== expected || files !== expected)
      failures.push(`counts differ: ${expected} answers, ${rendered.length} events, ${files} files`);
    else console.log('renders: answers = events = files');
    return failures;
  }
}

/** The living image's stable URL: revalidated (304) and in full (200), side by side. */
async function livePhase(baseUrl: string, deps: Server['deps'], apiKey: string, userId: string): Promise<string[]> {
  const project = await createProject(deps, {
    userId,
    name: 'Bench live',
    description: '',
    planTier: 'enterprise',
    activeProjectIds: [],
  });
  await deps.waitForProjections(project.position, 10_000);
  const put = await fetch(`${baseUrl}/api/jsonable/live/daily-sales?projectId=${project.projectId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(referencePayload(20)),
  });
  if (put.status !== 201) throw new Error(`living image PUT answered ${put.status}: ${await put.text()}`);
  const url = `${baseUrl}${new URL(((await put.json()) as { url: string }).url).pathname}`;
  const first = await fetch(url);
  const etag = first.headers.get('etag');
  await first.arrayBuffer();
  if (first.status !== 200 || !etag) throw new Error(`living image GET answered ${first.status}`);
  const measure = async (label: string, headers: Record<string, string>, status: number) => {
    await runLoad({ url, method: 'GET', headers, body: '', connections: CONNECTIONS, duration: 2 });
    const { result } = await runLoad({
      url,
      method: 'GET',
      headers,
      body: '',
      connections: CONNECTIONS,
      duration: LIVE_DURATION,
    });
    const perSecond = result['2xx'] / LIVE_DURATION;
    // autocannon counts 304 as non-2xx: the revalidations are the non-2xx answers here.
    const answered = status === 304 ? result.non2xx / LIVE_DURATION : perSecond;
    line(
      label,
      `${answered.toFixed(0)} req/s, p50 / p99 ${result.latency.p50} / ${result.latency.p99} ms, errors ${result.errors + result.timeouts}`,
    );
    return {
      perSecond: answered,
      errors: result.errors + result.timeouts + (status === 304 ? result['2xx'] : result.non2xx),
    };
  };
  console.log(`autocannon: GET ${url}, ${CONNECTIONS} connections, ${LIVE_DURATION} s each after 2 s unmeasured`);
  const revalidated = await measure('live latest, If-None-Match 304', { 'if-none-match': etag }, 304);
  const full = await measure('live latest, full 200', {}, 200);
  line('304 / 200 throughput ratio', `${(revalidated.perSecond / Math.max(full.perSecond, 1)).toFixed(2)}×`);
  const failures: string[] = [];
  if (revalidated.perSecond < TARGET.liveRevalidationsPerSecond)
    failures.push(`live revalidation ${revalidated.perSecond.toFixed(0)}/s < ${TARGET.liveRevalidationsPerSecond}/s`);
  if (revalidated.errors + full.errors > 0)
    failures.push(`${revalidated.errors + full.errors} unexpected live answers`);
  return failures;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
