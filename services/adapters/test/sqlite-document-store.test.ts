import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDocumentStore } from '@jsonable/read-models/testing/document-store.contract';
import { SqliteDocumentStore } from '../src/sqlite/document-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every call opens another connection to the same file, as a second process would.
testDocumentStore('SQLite', async () => new SqliteDocumentStore(join(dir, 'readmodels.sqlite')));

describe('SQLite DocumentStore specifics', () => {
  it('sweeps expired documents out of the file', async () => {
    let now = 1_000_000;
    const ds = new SqliteDocumentStore(join(dir, 'sweep.sqlite'), { now: () => now, sweepIntervalMs: 0 });
    await ds.ensureCollection({ name: 'sessions', indexes: [], expiring: true });
    await ds.applyBatch([
      { op: 'put', collection: 'sessions', doc: { id: 'a', expiresAt: now + 10 } },
      { op: 'put', collection: 'sessions', doc: { id: 'b', expiresAt: now + 1000 } },
    ]);
    now += 500;
    expect(await ds.sweepExpired()).toBe(1);
    expect(await ds.sweepExpired()).toBe(0);
    now += 1000;
    expect(await ds.get('sessions', 'b')).toBeNull();
    expect(await ds.sweepExpired()).toBe(1);
    await ds.close();
  });

  it('uses the declared indexes for filters and sorts', async () => {
    const file = join(dir, 'plan.sqlite');
    const ds = new SqliteDocumentStore(file);
    await ds.ensureCollection({ name: 'images@v1', indexes: ['projectId', 'createdAt'] });
    await ds.close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(file, { readonly: true });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "c:images@v1" WHERE ("v:projectId" = ? AND "t:projectId" IN ('text'))`)
      .all('p1') as Array<{ detail: string }>;
    db.close();
    expect(plan.map((row) => row.detail).join(' ')).toContain('USING INDEX');
  });
});
