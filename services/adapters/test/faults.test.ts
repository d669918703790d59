/**
 * The fault contract (domain/testing/fault.contract.ts) on the embedded adapters: each driver
 * behind a fault-injecting wrapper that throws what it really throws — better-sqlite3's
 * SqliteError codes and Node's fs errno errors (the lists in support/driver-faults.ts, shared
 * with the server adapters' runs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { faulty, faultSwitch } from '@jsonable/domain/testing/fault-injection';
import { testBlobStoreFaults, testDocumentStoreFaults, testEventStoreFaults } from '@jsonable/domain/testing/fault.contract';
import { FileBlobStore } from '../src/files/blob-store';
import { SqliteDocumentStore } from '../src/sqlite/document-store';
import { SqliteEventStore } from '../src/sqlite/event-store';
import { FS_FAULTS, harness, SQLITE_FAULTS } from './support/driver-faults';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

testEventStoreFaults('SQLite', SQLITE_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new SqliteEventStore(join(dir, 'events.sqlite'), { driver: (db) => faulty(db, faults.armed) });
  return harness(port, faults, () => port.close());
});

testDocumentStoreFaults('SQLite', SQLITE_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), { driver: (db) => faulty(db, faults.armed), sweepIntervalMs: 0 });
  return harness(port, faults, () => port.close());
});

testBlobStoreFaults('Files', FS_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new FileBlobStore(join(dir, 'blobs'), { fs: faulty(fsPromises, faults.armed) });
  return harness(port, faults, () => port.close());
});
