/** Real embedded stores in a temporary folder, wired into AppDeps the way server.ts does it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileBlobStore } from '@jsonable/adapters/files/blob-store';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import { OutboxMailer, outboxDir } from '@jsonable/adapters/mail/index';
import type { TableRenderer } from '@jsonable/domain/ports';
import { randomIds, systemClock } from '@jsonable/domain/runtime/system';
import { ActiveReadModels, createCheckpointWaiter, RegistryCache } from '@jsonable/projector';
import type { AppConfig, AppDeps, Logger } from '../src/deps';
import { createLogger } from '../src/logger';

export interface PlatformFixture {
  dir: string;
  deps: AppDeps;
  lines: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The platform tests never render; a call would be a bug in the test. */
const noRenderer: TableRenderer = {
  render: () => Promise.reject(new Error('the platform tests do not render tables')),
  close: async () => {},
};

export function platformFixture(config: Partial<AppConfig> = {}): PlatformFixture {
  const dir = mkdtempSync(join(tmpdir(), 'jsonable-platform-'));
  const lines: Array<Record<string, unknown>> = [];
  const logger: Logger = createLogger({
    level: 'info',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
  const docs = new SqliteDocumentStore(join(dir, 'read-models.sqlite'), { sweepIntervalMs: 0 });
  const blobs = new FileBlobStore(join(dir, 'blobs'));
  const registry = new RegistryCache(docs);
  const wait = createCheckpointWaiter({ docs, registry, projections: [] });
  const deps: AppDeps = {
    config: {
      port: 0,
      publicUrl: 'http://127.0.0.1',
      dataDir: dir,
      bodyLimitBytes: 1024 * 1024,
      secureCookies: false,
      trustProxy: false,
      webDist: null,
      stripe: null,
      ...config,
    },
    logger,
    eventStore,
    docs,
    readModels: new ActiveReadModels(docs, [], registry),
    blobs,
    mailer: new OutboxMailer(outboxDir(dir), 'Jsonable <no-reply@localhost>', logger),
    renderer: noRenderer,
    clock: systemClock,
    ids: randomIds,
    waitForProjections: async (position, timeoutMs) => {
      await wait(position, timeoutMs);
    },
  };
  return {
    dir,
    deps,
    lines,
    async close() {
      await eventStore.close().catch(() => undefined);
      await docs.close().catch(() => undefined);
      await blobs.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
