/**
 * The fault contract (domain/testing/fault.contract.ts) on the embedded adapters: each driver
 * behind a fault-injecting wrapper that throws what it really throws — better-sqlite3's
 * SqliteError codes and Node's fs errno errors (the lists in support/driver-faults.ts, shared
 * with the server adapters' runs).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DependencyFault } from '@jsonable/domain/faults';
import { faulty, faultSwitch } from '@jsonable/domain/testing/fault-injection';
import {
  testBlobStoreFaults,
  testDocumentStoreFaults,
  testEventStoreFaults,
} from '@jsonable/domain/testing/fault.contract';
import { FileBlobStore } from '../src/files/blob-store';
import { SqliteDocumentStore } from '../src/sqlite/document-store';
import { SqliteEventStore } from '../src/sqlite/event-store';
import type { WriterFault } from '../src/sqlite/writer';
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
  const port = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), {
    driver: (db) => faulty(db, faults.armed),
    sweepIntervalMs: 0,
  });
  return harness(port, faults, () => port.close());
});

testBlobStoreFaults('Files', FS_FAULTS, async () => {
  const faults = faultSwitch();
  const port = new FileBlobStore(join(dir, 'blobs'), { fs: faulty(fsPromises, faults.armed) });
  return harness(port, faults, () => port.close());
});

/**
 * Large batches are committed by the document store's writer thread on its own connection, which
 * the wrapper above cannot reach: the thread throws the same SqliteError codes itself, half-way
 * through a batch (after its first statement) or at COMMIT, and the error must come back across
 * the thread as the same fault, with the batch and its checkpoint rolled back whole.
 */
describe('SQLite document store — faults on the writer thread', () => {
  let inject: (fault: WriterFault | null) => void = () => undefined;
  const store = new SqliteDocumentStore(join(dir, 'writer-thread.sqlite'), {
    sweepIntervalMs: 0,
    backgroundBatchOps: 1,
    writerFaults: (i) => (inject = i),
  });
  afterAll(async () => {
    inject(null);
    await store.close();
  });

  const cases = SQLITE_FAULTS.flatMap((fault) =>
    (['step', 'commit'] as const).map((at) => [fault.label, at, fault] as const),
  );
  it.each(cases)(
    '%s at %s: the batch fails typed, nothing of it is written, the same store writes it next',
    async (label, at, fault) => {
      const collection = `writer_${randomUUID().slice(0, 8)}`;
      const checkpoint = `writer-${randomUUID()}`;
      await store.ensureCollection({ name: collection, indexes: [] });
      const docs = (n: number) =>
        Array.from({ length: 40 }, (_, i) => ({ op: 'put' as const, collection, doc: { id: `d${i}`, n } }));
      await store.applyBatch(docs(1), { name: checkpoint, position: 1 });

      // The thread throws what better-sqlite3 throws: the same SqliteError as the list's.
      const real = fault.error() as InstanceType<typeof Database.SqliteError>;
      inject({ code: real.code, message: real.message, at });
      const failed = await store.applyBatch(docs(2), { name: checkpoint, position: 2 }).then(
        () => null,
        (e: unknown) => e,
      );
      inject(null);
      expect(failed).toBeInstanceOf(DependencyFault);
      const f = failed as DependencyFault;
      expect({ component: f.component, kind: f.kind, retryable: f.retryable }).toEqual({
        component: 'document-store',
        kind: fault.kind,
        retryable: fault.retryable,
      });
      expect(f.detail).toContain(label);
      // Rolled back whole: every document and the checkpoint as the first batch left them.
      expect(await store.getCheckpoint(checkpoint)).toBe(1);
      expect((await store.find(collection, {})).every((d) => d.n === 1)).toBe(true);
      expect(await store.count(collection)).toBe(40);

      await store.applyBatch(docs(3), { name: checkpoint, position: 3 });
      expect(await store.getCheckpoint(checkpoint)).toBe(3);
      expect((await store.find(collection, {})).every((d) => d.n === 3)).toBe(true);
    },
  );
});
