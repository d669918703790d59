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

  it('drops an index the spec no longer declares, so the planner takes the selective one', async () => {
    const file = join(dir, 'undeclared.sqlite');
    const ds = new SqliteDocumentStore(file, { sweepIntervalMs: 0 });
    await ds.ensureCollection({ name: 'imgs', indexes: ['userId', 'deleted'] });
    await ds.applyBatch([
      { op: 'put', collection: 'imgs', doc: { id: 'a', userId: 'u1', deleted: false } },
      { op: 'put', collection: 'imgs', doc: { id: 'b', userId: 'u2', deleted: false } },
      { op: 'put', collection: 'imgs', doc: { id: 'c', userId: 'u1', deleted: true } },
    ]);
    await ds.ensureCollection({ name: 'imgs', indexes: ['userId'] });
    // The field's columns stay current for filters after the index is gone.
    await ds.applyBatch([{ op: 'put', collection: 'imgs', doc: { id: 'd', userId: 'u1', deleted: false } }]);
    expect((await ds.find('imgs', { userId: 'u1', deleted: false })).map((d) => d.id)).toEqual(['a', 'd']);
    await ds.close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(file, { readonly: true });
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:imgs' AND name LIKE 'f:%'`).pluck().all();
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "c:imgs" WHERE ("v:userId" = ?) AND ("v:deleted" = ? AND "t:deleted" IN ('false'))`)
      .all('u1', 0) as Array<{ detail: string }>;
    db.close();
    expect(indexes).toEqual(['f:imgs:userId']);
    expect(plan.map((row) => row.detail).join(' ')).toContain('f:imgs:userId');
  });

  it('applies long runs of puts (written many rows per statement) in order with deletes between them', async () => {
    const ds = new SqliteDocumentStore(join(dir, 'runs.sqlite'), { sweepIntervalMs: 0 });
    await ds.ensureCollection({ name: 'runs', indexes: ['n'] });
    await ds.ensureCollection({ name: 'other', indexes: [] });
    const put = (collection: string, id: string, n: number) => ({ op: 'put' as const, collection, doc: { id, n } });
    const ops = [
      ...Array.from({ length: 70 }, (_, i) => put('runs', `d${i}`, i)),
      // The same id twice inside one run: the later put wins.
      put('runs', 'd5', 500),
      { op: 'delete' as const, collection: 'runs', id: 'd1' },
      ...Array.from({ length: 40 }, (_, i) => put('runs', `d${i + 60}`, 1000 + i)),
      put('other', 'o', 1),
      { op: 'delete' as const, collection: 'runs', id: 'd2' },
      put('runs', 'd2', 2000),
    ];
    await ds.applyBatch(ops, { name: 'runs@v1', position: 7 });
    const docs = await ds.find<{ id: string; n: number }>('runs', {}, { sort: [['id', 1]] });
    const expected = new Map<string, number>();
    for (let i = 0; i < 70; i++) expected.set(`d${i}`, i);
    expected.set('d5', 500);
    expected.delete('d1');
    for (let i = 0; i < 40; i++) expected.set(`d${i + 60}`, 1000 + i);
    expected.set('d2', 2000);
    expect(new Map(docs.map((d) => [d.id, d.n]))).toEqual(expected);
    expect(await ds.count('runs', { n: { $gte: 1000 } })).toBe(41);
    expect(await ds.get('other', 'o')).toEqual({ id: 'o', n: 1 });
    expect(await ds.getCheckpoint('runs@v1')).toBe(7);
    await ds.close();
  });
});
