import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentRequiredError } from '@jsonable/domain/errors';
import type { HealthReport } from '@jsonable/domain/health/monitor';
import type { Projection } from '@jsonable/read-models/projection';
import { checkpointName } from '@jsonable/projector';
import { createApp } from '../src/app';
import { loadConfig, ConfigError } from '../src/config';
import { AppMetrics, tokenMatches } from '../src/metrics';
import type { ApiModule } from '../src/module';
import { startServer, type RunningServer } from '../src/server';
import { platformFixture, type PlatformFixture } from './platform-fixtures';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line of the Prometheus text format (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

const probe: ApiModule = {
  name: 'probe',
  routes(router) {
    router.get('/api/probe/items/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    router.post('/api/probe/quota', () => {
      throw new PaymentRequiredError('You have used all 25 tables of your Free plan for this usage period.');
    });
    router.get('/api/probe/crash', () => {
      throw new Error('boom');
    });
  },
};

let f: PlatformFixture | null = null;
let running: RunningServer | null = null;
let dir: string | null = null;
afterEach(async () => {
  await f?.close();
  f = null;
  await running?.close();
  running = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('metrics in the app', () => {
  it('count requests by route pattern (not raw path), time them, and count 402 quota refusals', async () => {
    f = platformFixture({ metricsToken: TOKEN });
    const metrics = new AppMetrics({ defaultMetrics: false });
    const server = createApp({ ...f.deps, metrics }, [probe]).callback();
    for (const id of ['a', 'b', 'c']) expect((await request(server).get(`/api/probe/items/${id}`)).status).toBe(200);
    expect((await request(server).post('/api/probe/quota').send({})).status).toBe(402);
    expect((await request(server).get('/api/probe/crash')).status).toBe(500);
    expect((await request(server).get('/api/no/such/route')).status).toBe(404);
    const res = await request(server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(
      sample(text, 'jsonable_http_requests_total', { method: 'GET', route: '/api/probe/items/:id', status: '200' }),
    ).toBe(3);
    expect(text).not.toContain('/api/probe/items/a');
    expect(sample(text, 'jsonable_http_requests_total', { route: '/api/probe/quota', status: '402' })).toBe(1);
    expect(sample(text, 'jsonable_http_requests_total', { route: '/api/probe/crash', status: '500' })).toBe(1);
    expect(sample(text, 'jsonable_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'jsonable_quota_refusals_total', { route: '/api/probe/quota' })).toBe(1);
    expect(
      sample(text, 'jsonable_http_request_duration_seconds_count', { method: 'GET', route: '/api/probe/items/:id' }),
    ).toBe(3);
    expect(
      sample(text, 'jsonable_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/probe/items/:id',
        le: '+Inf',
      }),
    ).toBe(3);
  });

  it('serve /metrics on the public port only with the token', async () => {
    f = platformFixture({ metricsToken: TOKEN });
    const metrics = new AppMetrics({ defaultMetrics: false });
    const server = createApp({ ...f.deps, metrics }, []).callback();
    expect((await request(server).get('/metrics')).status).toBe(401);
    expect((await request(server).get('/metrics')).headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await request(server).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await request(server).get('/metrics').set('Authorization', TOKEN)).status).toBe(401);
    expect((await request(server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(200);
    expect((await request(server).post('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(405);
    // No token configured: the public port does not serve metrics at all.
    const closed = createApp({ ...f.deps, config: { ...f.deps.config, metricsToken: null }, metrics }, []).callback();
    const answer = await request(closed).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(answer.text).not.toContain('jsonable_http_requests_total');
    expect(tokenMatches(undefined, TOKEN)).toBe(false);
    expect(tokenMatches('Bearer ', TOKEN)).toBe(false);
  });

  it('report each projection’s lag in events and seconds from the stored checkpoints', async () => {
    f = platformFixture();
    const metrics = new AppMetrics({ defaultMetrics: false });
    const projection = (name: string): Projection =>
      ({ name, version: 2, collections: [], handles: [], handle: async () => {} }) as unknown as Projection;
    metrics.watchProjections({
      eventStore: f.deps.eventStore,
      docs: f.deps.docs,
      projections: [projection('alpha'), projection('beta')],
    });
    for (let i = 0; i < 3; i++)
      await f.deps.eventStore.append(`s-${i}`, [{ id: `e-${i}`, type: 'Probe', data: {} }], 'no_stream');
    const head = await f.deps.eventStore.headPosition();
    await f.deps.docs.applyBatch([], { name: checkpointName('beta', 2), position: head });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const text = (await metrics.text()).body;
    expect(sample(text, 'jsonable_event_store_head_position')).toBe(head);
    expect(sample(text, 'jsonable_projector_lag_events', { projection: 'alpha@v2' })).toBe(3);
    expect(sample(text, 'jsonable_projector_lag_seconds', { projection: 'alpha@v2' })).toBeGreaterThan(0);
    expect(sample(text, 'jsonable_projector_lag_events', { projection: 'beta@v2' })).toBe(0);
    expect(sample(text, 'jsonable_projector_lag_seconds', { projection: 'beta@v2' })).toBe(0);
  });

  it('carry the health state the status route answers', async () => {
    const metrics = new AppMetrics({ defaultMetrics: false });
    let report: HealthReport = { status: 'operational', since: null, components: [], info: {} };
    metrics.watchHealth({ snapshot: () => report });
    expect(sample((await metrics.text()).body, 'jsonable_health_status')).toBe(0);
    const since = new Date().toISOString();
    report = {
      status: 'degraded',
      since,
      info: {},
      components: [{ component: 'disk', kind: 'low_space', message: 'Low on disk space', since, lastSeen: since }],
    };
    let text = (await metrics.text()).body;
    expect(sample(text, 'jsonable_health_status')).toBe(1);
    expect(sample(text, 'jsonable_health_problems', { component: 'disk', problem: 'low_space' })).toBe(1);
    report = { status: 'operational', since: null, components: [], info: {} };
    text = (await metrics.text()).body;
    expect(sample(text, 'jsonable_health_problems', { component: 'disk', problem: 'low_space' })).toBeUndefined();
  });

  it('are configured with METRICS_PORT / METRICS_HOST / METRICS_TOKEN, checked at start', () => {
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ METRICS_TOKEN: 'short' });
    } catch (error) {
      expect((error as Error).message).toContain('METRICS_TOKEN: expected at least 16 characters');
      expect((error as Error).message).not.toContain("'short'");
    }
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});

describe('docs/grafana-dashboard.json', () => {
  it('queries only metrics that exist', async () => {
    const dashboard = readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
    const exprs = [...dashboard.matchAll(/"expr": "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(exprs.length).toBeGreaterThan(10);
    const metrics = new AppMetrics();
    const known = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
    const used = new Set(
      exprs.flatMap((e) =>
        [...e.matchAll(/\b((?:jsonable|process|nodejs)_[a-z0-9_]+)/g)].map((m) =>
          m[1]!.replace(/_(bucket|count|sum)$/, ''),
        ),
      ),
    );
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });
});

describe('metrics of a running server on their own port', () => {
  it('cover renders per format, appends, mail, the queue and the projector, and are not on the public port', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jsonable-metrics-'));
    running = await startServer({
      env: { DATA_DIR: dir, RENDER_WORKERS: '1', LOG_LEVEL: 'silent', METRICS_PORT: '0' },
      host: '127.0.0.1',
      port: 0,
    });
    const { url, metricsUrl } = running;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(`${url}/api/jsonable/status`)).status).toBe(200);
    const signUp = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(200);
    const demo = await fetch(`${url}/api/demo/generate-image`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ headers: ['a', 'b'], rows: [[1, 2]] }),
    });
    expect(demo.status).toBe(200);
    await running.deps.waitForProjections(await running.deps.eventStore.headPosition());
    // Not on the public port without a token.
    expect(await (await fetch(`${url}/metrics`)).text()).not.toContain('jsonable_');
    const text = await (await fetch(metricsUrl!)).text();
    expect(
      sample(text, 'jsonable_http_requests_total', { method: 'GET', route: '/api/jsonable/status', status: '200' }),
    ).toBe(1);
    expect(sample(text, 'jsonable_render_duration_seconds_count', { format: 'png', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'jsonable_render_queue_depth')).toBe(0);
    expect(sample(text, 'jsonable_render_workers', { state: 'total' })).toBe(1);
    expect(sample(text, 'jsonable_event_store_append_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'jsonable_mail_messages_total', { outcome: 'sent' })).toBe(1);
    expect(sample(text, 'jsonable_projector_lag_events', { projection: 'users@v1' })).toBe(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'jsonable_health_status')).toBe(0);
    expect((await fetch(metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });
});
