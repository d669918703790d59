/**
 * Prometheus metrics (prom-client), one registry per server:
 *
 * - HTTP: requests and latency per route pattern (the router's path, never the raw URL, so ids
 *   and file names do not blow up the label set), method and status; quota refusals (402).
 * - Rendering: time per format and outcome; the pool's queue depth, busy and ready workers.
 * - Projector: per projection, events behind the head of the log and seconds since the oldest
 *   event it has not handled yet (measured at scrape time from the stored checkpoints, so an
 *   API-only replica reports the projector's lag too).
 * - Event store: append latency by outcome. Mail: messages by outcome. Billing webhooks: by outcome.
 * - Health: what /api/jsonable/status says, and each current problem by component.
 * - The process: prom-client's default metrics (CPU, memory, event-loop lag, GC, handles).
 *
 * Served at GET /metrics on a port of its own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1
 * by default) and/or on the public port behind `Authorization: Bearer $METRICS_TOKEN`.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HealthReport } from '@jsonable/domain/health/monitor';
import type { EventStore, Mailer, TableRenderer } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { checkpointName } from '@jsonable/projector';
import type { AppState } from './module';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const FAST_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/** Lag is counted by reading the log after a checkpoint; past this many events it says "at least". */
export const LAG_COUNT_LIMIT = 1000;

export type WebhookOutcome = 'recorded' | 'ignored' | 'unknown_user' | 'refused' | 'failed' | (string & {});

export interface ProjectorLagSource {
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
}

const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** A copy of `port` whose `method` reports its duration and outcome. */
function timed<T extends object>(
  port: T,
  method: keyof T & string,
  observe: (seconds: number, ok: boolean, args: unknown[], result: unknown) => void,
): T {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const original = value as (...args: unknown[]) => unknown;
      if (property !== method) return original.bind(target);
      return async (...args: unknown[]) => {
        const started = process.hrtime.bigint();
        try {
          const result = await original.apply(target, args);
          observe(seconds(started), true, args, result);
          return result;
        } catch (error) {
          observe(seconds(started), false, args, undefined);
          throw error;
        }
      };
    },
  });
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpSeconds: Histogram<'method' | 'route'>;
  private readonly quotaRefusals: Counter<'route'>;
  private readonly renderSeconds: Histogram<'format' | 'outcome'>;
  private readonly appendSeconds: Histogram<'outcome'>;
  private readonly mails: Counter<'outcome' | 'tag'>;
  private readonly webhooks: Counter<'outcome'>;
  private lagSource: ProjectorLagSource | null = null;
  private health: { snapshot(): HealthReport } | null = null;
  private renderStats: (() => { queued: number; busy: number; ready: number; workers: number }) | null = null;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'jsonable_http_requests_total',
      help: 'HTTP requests by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpSeconds = new Histogram({
      name: 'jsonable_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern',
      labelNames: ['method', 'route'],
      buckets: SECONDS,
      registers,
    });
    this.quotaRefusals = new Counter({
      name: 'jsonable_quota_refusals_total',
      help: 'Requests refused with 402 (plan quota or plan limit) by route',
      labelNames: ['route'],
      registers,
    });
    this.renderSeconds = new Histogram({
      name: 'jsonable_render_duration_seconds',
      help: 'Table renders (queue wait included) by format and outcome',
      labelNames: ['format', 'outcome'],
      buckets: SECONDS,
      registers,
    });
    this.appendSeconds = new Histogram({
      name: 'jsonable_event_store_append_duration_seconds',
      help: 'Event store appends by outcome',
      labelNames: ['outcome'],
      buckets: FAST_SECONDS,
      registers,
    });
    this.mails = new Counter({
      name: 'jsonable_mail_messages_total',
      help: 'Mail messages by outcome (sent, failed) and kind',
      labelNames: ['outcome', 'tag'],
      registers,
    });
    this.webhooks = new Counter({
      name: 'jsonable_billing_webhooks_total',
      help: 'Billing webhooks by outcome',
      labelNames: ['outcome'],
      registers,
    });

    const self = this;
    new Gauge({
      name: 'jsonable_render_queue_depth',
      help: 'Renders waiting for a worker',
      registers,
      collect() {
        this.set(self.renderStats?.().queued ?? 0);
      },
    });
    new Gauge({
      name: 'jsonable_render_workers',
      help: 'Render worker threads by state',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = self.renderStats?.();
        if (!stats) return;
        this.set({ state: 'busy' }, stats.busy);
        this.set({ state: 'ready' }, stats.ready);
        this.set({ state: 'total' }, stats.workers);
      },
    });
    const STATUS = { operational: 0, degraded: 1, unavailable: 2 } as const;
    new Gauge({
      name: 'jsonable_health_status',
      help: 'What /api/jsonable/status says: 0 operational, 1 degraded, 2 unavailable',
      registers,
      collect() {
        const report = self.health?.snapshot();
        if (report) this.set(STATUS[report.status]);
      },
    });
    new Gauge({
      name: 'jsonable_health_problems',
      help: 'Current problems by component and kind (1 while present; see docs/operations.md, Faults)',
      labelNames: ['component', 'problem'],
      registers,
      collect() {
        const report = self.health?.snapshot();
        if (!report) return;
        this.reset();
        for (const c of report.components) this.set({ component: c.component, problem: c.kind }, 1);
      },
    });
    // One measurement per scrape feeds the three lag gauges (prom-client collects each in turn).
    let measured: { at: number; done: Promise<void> } | null = null;
    const measure = () => {
      if (!measured || Date.now() - measured.at > 1000)
        measured = { at: Date.now(), done: this.measureLag(eventsBehind, secondsBehind, head) };
      return measured.done;
    };
    const eventsBehind: Gauge<'projection'> = new Gauge({
      name: 'jsonable_projector_lag_events',
      help: `Events in the log a projection has not handled yet (counted up to ${LAG_COUNT_LIMIT})`,
      labelNames: ['projection'],
      registers,
      collect: () => measure(),
    });
    const secondsBehind: Gauge<'projection'> = new Gauge({
      name: 'jsonable_projector_lag_seconds',
      help: 'Age of the oldest event a projection has not handled yet (0 when caught up)',
      labelNames: ['projection'],
      registers,
      collect: () => measure(),
    });
    const head: Gauge = new Gauge({
      name: 'jsonable_event_store_head_position',
      help: 'Position of the last event in the log',
      registers,
      collect: () => measure(),
    });
  }

  private async measureLag(
    eventsBehind: Gauge<'projection'>,
    secondsBehind: Gauge<'projection'>,
    head: Gauge,
  ): Promise<void> {
    const source = this.lagSource;
    if (!source) return;
    const position = await source.eventStore.headPosition();
    head.set(position);
    const byCheckpoint = new Map<number, Promise<{ events: number; seconds: number }>>();
    const behind = (checkpoint: number) => {
      let found = byCheckpoint.get(checkpoint);
      if (!found) {
        found =
          checkpoint >= position
            ? Promise.resolve({ events: 0, seconds: 0 })
            : source.eventStore.readAll({ after: checkpoint, maxCount: LAG_COUNT_LIMIT }).then((events) => ({
                events: events.length,
                seconds: events[0] ? Math.max(0, (Date.now() - Date.parse(events[0].createdAt)) / 1000) : 0,
              }));
        byCheckpoint.set(checkpoint, found);
      }
      return found;
    };
    await Promise.all(
      source.projections.map(async (projection) => {
        const checkpoint = (await source.docs.getCheckpoint(checkpointName(projection.name, projection.version))) ?? 0;
        const { events, seconds } = await behind(checkpoint);
        const labels = { projection: `${projection.name}@v${projection.version}` };
        eventsBehind.set(labels, events);
        secondsBehind.set(labels, seconds);
      }),
    );
  }

  /** Koa middleware (outermost): counts and times every request by the route pattern that answered it. */
  http(): Middleware<AppState> {
    return async (ctx, next) => {
      const started = process.hrtime.bigint();
      try {
        await next();
      } finally {
        const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        const route =
          typeof matched === 'string'
            ? matched
            : ctx.path.startsWith('/api/') || ctx.path === '/api'
              ? 'unmatched'
              : 'web';
        this.httpRequests.inc({ method: ctx.method, route, status: String(ctx.status) });
        this.httpSeconds.observe({ method: ctx.method, route }, seconds(started));
        if (ctx.status === 402) this.quotaRefusals.inc({ route });
      }
    };
  }

  eventStore(store: EventStore): EventStore {
    return timed(store, 'append', (s, ok) => this.appendSeconds.observe({ outcome: ok ? 'ok' : 'error' }, s));
  }

  renderer<R extends TableRenderer>(renderer: R): R {
    const stats = (renderer as { stats?: unknown }).stats;
    if (typeof stats === 'function')
      this.renderStats = () => stats.call(renderer) as ReturnType<NonNullable<AppMetrics['renderStats']>>;
    return timed(renderer, 'render', (s, ok, args, result) => {
      const format =
        (result as { format?: string } | undefined)?.format ??
        (args[0] as { format?: string } | undefined)?.format ??
        'unknown';
      this.renderSeconds.observe({ format, outcome: ok ? 'ok' : 'error' }, s);
    });
  }

  mailer(mailer: Mailer): Mailer {
    return timed(mailer, 'send', (_s, ok, args) => {
      this.mails.inc({
        outcome: ok ? 'sent' : 'failed',
        tag: (args[0] as { tag?: string } | undefined)?.tag ?? 'other',
      });
    });
  }

  webhook(outcome: WebhookOutcome): void {
    this.webhooks.inc({ outcome });
  }

  /** The process's health monitor (the status route's state), read at scrape time without probing. */
  watchHealth(health: { snapshot(): HealthReport }): void {
    this.health = health;
  }

  /** Where the projector lag is read from (the stores and this build's projections). */
  watchProjections(source: ProjectorLagSource): void {
    this.lagSource = source;
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** Constant-time comparison of the presented bearer token with the configured one. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return presented.length > 0 && timingSafeEqual(digest(presented), digest(token));
}

/** GET /metrics on the public app: only with the token. */
export function metricsRoute(metrics: AppMetrics, token: string): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    if (!tokenMatches(ctx.get('Authorization'), token)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.body = 'Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n';
      return;
    }
    const { contentType, body } = await metrics.text();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  };
}

/** A listener of its own that answers GET /metrics and nothing else (METRICS_PORT). */
export async function startMetricsServer(
  metrics: AppMetrics,
  port: number,
  host: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    metrics.text().then(
      ({ contentType, body }) =>
        res
          .writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) =>
        res
          .writeHead(500, { 'Content-Type': 'text/plain' })
          .end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
