/**
 * The app the HTTP harnesses drive: createApp with the real SQLite event and document stores and
 * file blobs in a temporary folder, the real projector, the outbox mailer, and a clock the tests
 * can move. The accounts and render harnesses add their own helpers on top of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import { createMailer } from '@jsonable/adapters/mail/index';
import { FileBlobStore } from '@jsonable/adapters/files/blob-store';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import type { Clock, TableRenderer } from '@jsonable/domain/ports';
import { randomIds } from '@jsonable/domain/runtime/system';
import type { Projection } from '@jsonable/read-models/projection';
import { ActiveReadModels, ProjectionRunner, RegistryCache } from '@jsonable/projector';
import { createApp } from '../../src/app';
import type { CliContext } from '../../src/cli/commands';
import type { AppConfig, AppDeps, Logger } from '../../src/deps';
import type { ApiModule, AppState } from '../../src/module';
import { allProjections } from '../../src/read-models';

export const PUBLIC_URL = 'https://jsonable.test';

export interface TestAppOptions {
  /** The temporary folder's name prefix (`jsonable-<prefix>-`). */
  prefix: string;
  /**
   * Another harness's folder: this app opens its own stores, projector and app on the same files,
   * as a second API replica sharing the store would (the folder stays the first harness's to remove).
   */
  dir?: string;
  modules: ApiModule[];
  renderer: TableRenderer;
  logger: Logger;
  config: Partial<AppConfig> & Pick<AppConfig, 'bodyLimitBytes'>;
}

export interface TestApp {
  app: Koa<AppState>;
  server: ReturnType<Koa<AppState>['callback']>;
  deps: AppDeps;
  dir: string;
  /** Moves the clock forward (sessions, links and rate-limit windows follow it). */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), `jsonable-${options.prefix}-`));
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
  const docs = new SqliteDocumentStore(join(dir, 'read-models.sqlite'), {
    now: () => clock.now().getTime(),
    sweepIntervalMs: 0,
  });
  const blobs = new FileBlobStore(join(dir, 'blobs'));
  const projections = allProjections(options.modules);
  const registry = new RegistryCache(docs);
  const readModels = new ActiveReadModels(docs, projections, registry);
  const runner = new ProjectionRunner({
    eventStore,
    docs,
    projections,
    registry,
    onSwitch: () => readModels.refresh(),
  });
  runner.start();
  // A second replica's projector waits for the lease the first one holds; it serves from the
  // stored checkpoints meanwhile (waitForPosition).
  if (!options.dir) await runner.whenCaughtUp();

  const config: AppConfig = {
    port: 0,
    publicUrl: PUBLIC_URL,
    dataDir: dir,
    secureCookies: false,
    trustProxy: true,
    webDist: null,
    stripe: null,
    ...options.config,
  };
  const deps: AppDeps = {
    config,
    logger: options.logger,
    eventStore,
    docs,
    readModels,
    blobs,
    mailer: createMailer({}, dir, options.logger),
    renderer: options.renderer,
    clock,
    ids: randomIds,
    waitForProjections: async (position, timeoutMs) => {
      await runner.waitForPosition(position, timeoutMs);
    },
  };
  const app = createApp(deps, options.modules);
  return {
    app,
    server: app.callback(),
    deps,
    dir,
    advance: (ms) => {
      offset += ms;
    },
    async close() {
      await runner.stop();
      await eventStore.close();
      await docs.close();
      await blobs.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `replay --verify` over `projections` on the app's stores, once the projector has caught up with
 * the log: its exit code and printed lines.
 */
export async function replayVerify(
  deps: AppDeps,
  projections: readonly Projection[],
): Promise<{ code: number; output: string }> {
  const { replayCommand } = await import('../../src/cli/replay');
  await deps.waitForProjections(await deps.eventStore.headPosition());
  const lines: string[] = [];
  const code = await replayCommand.run(
    { values: { verify: true }, positionals: [] },
    {
      config: deps.config as CliContext['config'],
      logger: deps.logger,
      eventStore: deps.eventStore,
      docs: deps.docs,
      readModels: deps.readModels,
      blobs: deps.blobs,
      clock: deps.clock,
      ids: deps.ids,
      modules: [],
      projections,
      out: (line) => lines.push(line),
    },
  );
  return { code, output: lines.join('\n') };
}
