/**
 * The composition root: configuration → stores → projector → renderer, mailer → app → listen.
 * main.ts calls startServer with process.env; the web e2e tests and the API benches call it with
 * their own env (a temporary DATA_DIR, port 0).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMailer, QueueingMailer } from '@jsonable/adapters/mail/index';
import {
  createStores,
  markDataDirLive,
  SqliteDocumentStore,
  SqliteEventStore,
  startWalCheckpointer,
  type Stores,
} from '@jsonable/adapters';
import type { TableRenderer } from '@jsonable/domain/ports';
import type { ReadModels } from '@jsonable/read-models/projection';
import { randomIds, systemClock } from '@jsonable/domain/runtime/system';
import { ActiveReadModels, createCheckpointWaiter, ProjectionRunner, RegistryCache } from '@jsonable/projector';
import { createRenderPool } from '@jsonable/render/pool/index';
import { createApp } from './app';
import { loadConfig, type Env, type ServerConfig } from './config';
import type { AppDeps, Logger } from './deps';
import { HealthMonitor } from '@jsonable/domain/health/monitor';
import { diskProbe, logHealthChanges, monitorMailer, monitorStores, projectorProbe, storeProbe } from './health';
import { startJobs, type JobsHandle } from './jobs';
import { createLogger } from './logger';
import { AppMetrics, startMetricsServer } from './metrics';
import type { ApiModule } from './module';
import { modules as registeredModules } from './modules/index';
import { allProjections } from './read-models';

export interface StartServerOptions {
  /** Environment to configure from (default process.env). */
  env?: Env;
  /** Overrides HOST / PORT (tests: 127.0.0.1 and 0). */
  host?: string;
  port?: number;
  /** Context modules (default: the registry in modules/index.ts). */
  modules?: ApiModule[];
  logger?: Logger;
  /**
   * Replaces the render pool (the API bench's fixed-bytes mode measures everything around the
   * engine with it). The server closes it on shutdown like its own pool.
   */
  renderer?: TableRenderer;
}

export interface RunningServer {
  url: string;
  config: ServerConfig;
  deps: AppDeps;
  /** GET /metrics on its own port (METRICS_PORT), or null. */
  metricsUrl: string | null;
  /** The projector of this process (null when ROLE=api). */
  projector: ProjectionRunner | null;
  /** Graceful: stop accepting, finish in-flight requests, stop projector and jobs, close everything. */
  close(): Promise<void>;
}

/**
 * The embedded default (SQLite files and a folder under DATA_DIR), or EventStoreDB and MongoDB
 * when their URLs are set.
 */
export function openStores(config: ServerConfig): Promise<Stores> {
  return createStores({
    dataDir: config.dataDir,
    ...(config.eventStoreUrl ? { eventStoreUrl: config.eventStoreUrl } : {}),
    ...(config.mongoUrl ? { mongoUrl: config.mongoUrl, mongoDb: config.mongoDb } : {}),
  });
}

/**
 * The ports every process (the server, a CLI command) takes from its opened stores, with the
 * system clock and random ids.
 */
export function systemPorts(stores: Pick<Stores, 'eventStore' | 'docs' | 'blobs'>, readModels: ReadModels) {
  return {
    eventStore: stores.eventStore,
    docs: stores.docs,
    readModels,
    blobs: stores.blobs,
    clock: systemClock,
    ids: randomIds,
  };
}

/** Starts the pool on first use: a ROLE=projector process only renders if a job asks it to. */
function lazyRenderer(create: () => TableRenderer): TableRenderer {
  let pool: TableRenderer | null = null;
  return {
    render: (input, options) => (pool ??= create()).render(input, options),
    close: async () => {
      await pool?.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  if (options.host !== undefined) config.host = options.host;
  if (options.port !== undefined) config.port = options.port;
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const modules = options.modules ?? registeredModules;
  const projections = allProjections(modules);

  const cleanups: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => logger.error('shutdown step failed', { error }));
    }
  };

  try {
    // Marks DATA_DIR as in use (restore refuses a live folder); removed after the stores close.
    if (!config.eventStoreUrl || !config.mongoUrl) {
      const unmark = markDataDirLive(config.dataDir, config.role);
      cleanups.push(async () => unmark());
    }
    const opened = await openStores(config);
    cleanups.push(() => opened.close());

    // Health: every store call reports its faults and recoveries; probes add pings, free disk
    // space under DATA_DIR and the projector (health.ts). The embedded stores share that disk.
    const health = new HealthMonitor(
      Date.now,
      new Set([
        ...(config.eventStoreUrl ? [] : ['event-store']),
        ...(config.mongoUrl ? [] : ['document-store', 'blob-store']),
      ]),
    );
    logHealthChanges(health, logger.child({ component: 'health' }));
    health.addProbe(storeProbe('event-store', () => opened.eventStore.ping()));
    health.addProbe(storeProbe('document-store', () => opened.docs.ping()));
    health.addProbe(diskProbe(config.dataDir, config.minFreeDiskBytes, health));
    const monitored = { ...opened, ...monitorStores(opened, health) };
    // Metrics only when they are served somewhere (their own port, or the public one with a token).
    const metrics = config.metricsPort !== null || config.metricsToken ? new AppMetrics() : undefined;
    const stores = metrics ? { ...monitored, eventStore: metrics.eventStore(monitored.eventStore) } : monitored;
    // The embedded SQLite files are checkpointed off the main thread (adapters' sqlite/wal-checkpointer.ts).
    const sqliteFiles = [opened.eventStore, opened.docs].flatMap((store) =>
      store instanceof SqliteEventStore || store instanceof SqliteDocumentStore ? [store.file] : [],
    );
    if (sqliteFiles.length > 0) {
      const checkpointer = await startWalCheckpointer(sqliteFiles, {
        logger: logger.child({ component: 'wal-checkpointer' }),
      });
      cleanups.push(() => checkpointer.stop());
    }

    const registry = new RegistryCache(stores.docs);
    const readModels = new ActiveReadModels(stores.docs, projections, registry);
    let projector: ProjectionRunner | null = null;
    let waitForProjections: AppDeps['waitForProjections'];
    if (config.role !== 'api') {
      const runner = new ProjectionRunner({
        eventStore: stores.eventStore,
        docs: stores.docs,
        projections,
        registry,
        logger: logger.child({ component: 'projector' }),
        onSwitch: () => readModels.refresh(),
      });
      projector = runner;
      health.addProbe(projectorProbe(runner, opened.eventStore));
      // A store that recovers (disk space freed, server back) ends the projector's backoff.
      health.onChange((component, now) => {
        if (!now && component !== 'projector') runner.retryNow();
      });
      waitForProjections = async (position, timeoutMs) => {
        await runner.waitForPosition(position, timeoutMs);
      };
    } else {
      const wait = createCheckpointWaiter({ docs: stores.docs, registry, projections });
      waitForProjections = async (position, timeoutMs) => {
        await wait(position, timeoutMs);
      };
    }

    const createPool = () =>
      createRenderPool({
        ...(config.renderWorkers ? { size: config.renderWorkers } : {}),
        ...(typeof config.renderQueue === 'number' ? { maxQueue: config.renderQueue } : {}),
        ...(typeof config.renderMemoryMb === 'number' ? { memoryBudgetMb: config.renderMemoryMb } : {}),
      });
    const pool = options.renderer ?? (config.role === 'projector' ? lazyRenderer(createPool) : createPool());
    cleanups.push(() => pool.close());
    const renderer = metrics ? metrics.renderer(pool) : pool;
    const monitoredMailer = monitorMailer(
      createMailer(
        {
          mailgunApiKey: config.mailgun?.apiKey ?? null,
          mailgunDomain: config.mailgun?.domain ?? null,
          mailgunUrl: config.mailgun?.url ?? null,
          from: config.mailgun?.from ?? null,
        },
        config.dataDir,
        logger.child({ component: 'mail' }),
      ),
      health,
    );
    // Mail the provider cannot take now is queued in the document store and retried with backoff
    // by the mail.deliver-queued job (modules/mail.ts).
    const mailer = new QueueingMailer(
      metrics ? metrics.mailer(monitoredMailer) : monitoredMailer,
      stores.docs,
      logger.child({ component: 'mail' }),
    );
    metrics?.watchHealth(health);
    metrics?.watchProjections({ eventStore: stores.eventStore, docs: stores.docs, projections });
    let metricsUrl: string | null = null;
    if (metrics && config.metricsPort !== null) {
      const served = await startMetricsServer(metrics, config.metricsPort, config.metricsHost);
      cleanups.push(() => served.close());
      metricsUrl = served.url;
      logger.info('metrics', { url: served.url });
    }

    const deps: AppDeps = {
      config,
      logger,
      ...systemPorts(stores, readModels),
      mailer,
      renderer,
      waitForProjections,
      health,
      ...(metrics ? { metrics } : {}),
    };

    // Probed in the background too, so that a failure and its recovery are logged when they
    // happen, not when someone asks.
    const healthTimer = setInterval(() => void health.check().catch(() => undefined), 15_000);
    healthTimer.unref();
    cleanups.push(async () => clearInterval(healthTimer));

    if (projector) {
      const runner = projector;
      runner.start();
      cleanups.push(() => runner.stop());
    }
    let jobs: JobsHandle | null = null;
    if (config.role !== 'api') {
      jobs = startJobs(modules, deps);
      const handle = jobs;
      cleanups.push(() => handle.stop());
    }

    // Listen before building the app so that, with PORT=0, public links use the real port.
    const server = createServer();
    server.keepAliveTimeout = 5000;
    const address = await listen(server, config.port, config.host);
    const linkHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${linkHost.includes(':') ? `[${linkHost}]` : linkHost}:${address.port}`;
    if (!env.PUBLIC_URL) config.publicUrl = url;
    config.port = address.port;
    // A projector-only process still answers the status route, for health checks.
    const app =
      config.role === 'projector'
        ? createApp({ ...deps, config: { ...config, webDist: null } }, [])
        : createApp(deps, modules);
    server.on('request', app.callback());

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        logger.info('shutting down', { role: config.role });
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Requests still running after the grace period are cut off.
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        force.unref();
        await stopped;
        clearTimeout(force);
        await closeAll();
        logger.info('stopped');
      })());

    logger.info('listening', {
      url,
      role: config.role,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      web: config.webDist ?? 'not built',
      projections: projections.map((p) => `${p.name}@v${p.version}`),
      // Without Stripe users are told to contact support; the operator changes plans by hand.
      billing: config.stripe ? 'stripe' : 'off (change a plan with: npm run cli -- set-plan <email> <tier>)',
    });
    return { url, config, deps, projector, metricsUrl, close };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
