/**
 * The fault contract (domain/testing/fault.contract.ts) on the embedded adapters: each driver
 * behind a fault-injecting wrapper that throws what it really throws — better-sqlite3's
 * SqliteError codes and Node's fs errno errors.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { errnoError, faulty, faultSwitch } from '@jsonable/domain/testing/fault-injection';
import { testBlobStoreFaults, testDocumentStoreFaults, testEventStoreFaults, type InjectedFault } from '@jsonable/domain/testing/fault.contract';
import { FileBlobStore } from '../src/files/blob-store';
import { SqliteDocumentStore } from '../src/sqlite/document-store';
import { SqliteEventStore } from '../src/sqlite/event-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sqlite = (code: string, message: string) => () => new Database.SqliteError(message, code);

/** What better-sqlite3 throws when the disk is full, the file stays locked, or the disk fails. */
export const SQLITE_FAULTS: InjectedFault[] = [
  { label: 'SQLITE_FULL', error: sqlite('SQLITE_FULL', 'database or disk is full'), kind: 'no_space', retryable: true },
  { label: 'SQLITE_BUSY', error: sqlite('SQLITE_BUSY', 'database is locked'), kind: 'busy', retryable: true },
  { label: 'SQLITE_BUSY_SNAPSHOT', error: sqlite('SQLITE_BUSY_SNAPSHOT', 'database is locked'), kind: 'busy', retryable: true },
  { label: 'SQLITE_IOERR_WRITE', error: sqlite('SQLITE_IOERR_WRITE', 'disk I/O error'), kind: 'unreachable', retryable: true },
  { label: 'SQLITE_CANTOPEN', error: sqlite('SQLITE_CANTOPEN', 'unable to open database file'), kind: 'unreachable', retryable: true },
];

/** What node:fs throws on a full disk, a full quota, a failing disk, too many open files. */
export const FS_FAULTS: InjectedFault[] = [
  { label: 'ENOSPC', error: () => errnoError('ENOSPC', 'write', 'no space left on device'), kind: 'no_space', retryable: true },
  { label: 'EDQUOT', error: () => errnoError('EDQUOT', 'write', 'disk quota exceeded'), kind: 'no_space', retryable: true },
  { label: 'EIO', error: () => errnoError('EIO', 'fsync', 'i/o error'), kind: 'unreachable', retryable: true },
  { label: 'EMFILE', error: () => errnoError('EMFILE', 'open', 'too many open files'), kind: 'busy', retryable: true },
];

testEventStoreFaults('SQLite', SQLITE_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new SqliteEventStore(join(dir, 'events.sqlite'), { driver: (db) => faulty(db, faults.armed) });
  return { port, inject: (e) => (e ? faults.arm(e) : faults.disarm()), close: () => port.close() };
});

testDocumentStoreFaults('SQLite', SQLITE_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), { driver: (db) => faulty(db, faults.armed), sweepIntervalMs: 0 });
  return { port, inject: (e) => (e ? faults.arm(e) : faults.disarm()), close: () => port.close() };
});

testBlobStoreFaults('Files', FS_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new FileBlobStore(join(dir, 'blobs'), { fs: faulty(fsPromises, faults.armed) });
  return { port, inject: (e) => (e ? faults.arm(e) : faults.disarm()), close: () => port.close() };
});
