import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDocumentStore } from '@jsonable/read-models/testing/document-store.contract';
import { SqliteDocumentStore } from '../src/sqlite/document-store';
import { imagesProjection } from '@jsonable/read-models/images/images.projection';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every call opens another connection to the same file, as a second process would.
testDocumentStore('SQLite', async () => new SqliteDocumentStore(join(dir, 'readmodels.sqlite')));
// The same contract with every batch committed by the writer thread (large batches take that path).
testDocumentStore(
  'SQLite, batches on the writer thread',
  async () => new SqliteDocumentStore(join(dir, 'readmodels-writer.sqlite'), { backgroundBatchOps: 0 }),
);

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
      .prepare(
        `EXPLAIN QUERY PLAN SELECT doc FROM "c:images@v1" WHERE ("v:projectId" = ? AND "t:projectId" IN ('text'))`,
      )
      .all('p1') as Array<{ detail: string }>;
    db.close();
    expect(plan.map((row) => row.detail).join(' ')).toContain('USING INDEX');
  });

  it('reads a page of a list from its compound index: a seek, no sort, the index matching the most equalities', async () => {
    const ds = new SqliteDocumentStore(join(dir, 'pages.sqlite'), { sweepIntervalMs: 0 });
    await ds.ensureCollection(imagesProjection.collections[0]!);
    const sort: Array<[string, 1 | -1]> = [
      ['createdAt', -1],
      ['id', -1],
    ];
    const after = ['2026-01-01T00:00:00.000Z', 'x'];
    const plan = (filter: Record<string, unknown>) =>
      ds.explainFind('images', filter as never, { sort, limit: 101, after }).join(' | ');
    expect(plan({ listUserId: 'u' })).toContain('k:images:listUserId,createdAt,id');
    expect(plan({ listUserId: 'u', projectId: 'p' })).toContain('k:images:listUserId,projectId,createdAt,id');
    expect(plan({ listUserId: 'u', format: 'svg' })).toContain('k:images:listUserId,format,createdAt,id');
    expect(plan({ listUserId: 'u', searchText: { $contains: 'x' }, createdAt: { $gte: '2025-01-01' } })).toContain(
      'k:images:listUserId,createdAt,id',
    );
    for (const filter of [
      { listUserId: 'u' },
      { listUserId: 'u', projectId: 'p' },
      { listUserId: 'u', format: 'svg' },
    ]) {
      expect(plan(filter)).not.toContain('TEMP B-TREE');
    }
    // A project's count never reads a row: the index covers it.
    await ds.applyBatch([
      {
        op: 'put',
        collection: 'images',
        doc: { id: 'a', listUserId: 'u', projectId: 'p', createdAt: '2026-01-01', format: 'png', searchText: 'a' },
      },
    ]);
    expect(await ds.count('images', { listUserId: 'u', projectId: 'p' })).toBe(1);
    // A search of 3 characters or more is driven by the trigram index while it matches few images
    // (rowid lookups of the matches), and only the page's documents are read after sorting.
    expect(plan({ listUserId: 'u', searchText: { $contains: 'invoice' } })).toMatch(
      /^SEARCH c:images USING INTEGER PRIMARY KEY \(rowid=\?\).*SCAN s:images:searchText VIRTUAL TABLE/,
    );
    expect(plan({ listUserId: 'u', searchText: { $contains: 'invoice' } })).not.toContain('k:images:');
    await ds.close();
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
    const indexes = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:imgs' AND name LIKE 'f:%'`)
      .pluck()
      .all();
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT doc FROM "c:imgs" WHERE ("v:userId" = ?) AND ("v:deleted" = ? AND "t:deleted" IN ('false'))`,
      )
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

  it('writes on the writer thread exactly the rows the synchronous path writes (field columns included)', async () => {
    const field = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        undefined,
        0,
        1,
        -0,
        1.5,
        2 ** 53 + 2,
        -35993697174320110,
        2 ** 63,
        1e21,
        true,
        false,
        '{"a":1}',
        '[1]',
        '',
      ),
    );
    const docs = fc.uniqueArray(
      fc.record(
        { id: fc.string({ minLength: 1, maxLength: 12 }), a: field, b: field, nested: fc.jsonValue() },
        { requiredKeys: ['id'] },
      ),
      { selector: (d) => d.id, minLength: 1, maxLength: 80 },
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(docs, async (list) => {
        run++;
        const files = [join(dir, `same-sync-${run}.sqlite`), join(dir, `same-writer-${run}.sqlite`)];
        for (const [i, file] of files.entries()) {
          const ds = new SqliteDocumentStore(file, {
            sweepIntervalMs: 0,
            backgroundBatchOps: i === 0 ? Number.POSITIVE_INFINITY : 0,
          });
          await ds.ensureCollection({ name: 'docs', indexes: ['a', 'b'] });
          await ds.applyBatch(
            list.map((doc) => ({ op: 'put' as const, collection: 'docs', doc })),
            { name: 'same@v1', position: run },
          );
          await ds.close();
        }
        const Database = (await import('better-sqlite3')).default;
        const db = new Database(files[0]!);
        db.exec(`ATTACH DATABASE '${files[1]!}' AS w`);
        const columns = ['id', 'doc', 'expires_at', '"v:a"', '"t:a"', '"v:b"', '"t:b"'];
        // Every row of either file has a row in the other with the same value in every column,
        // stored as the same type (IS: NULL equals NULL).
        const unmatched = db
          .prepare(
            `SELECT COUNT(*) AS n FROM main."c:docs" m FULL JOIN w."c:docs" x ON m.id = x.id
             WHERE ${columns.map((c) => `NOT (m.${c} IS x.${c} AND typeof(m.${c}) = typeof(x.${c}))`).join(' OR ')}`,
          )
          .get() as { n: number };
        db.close();
        expect(unmatched.n).toBe(0);
      }),
      { numRuns: 40 },
    );
    // Each run opens two stores and starts a writer thread: allow for a loaded machine.
  }, 120_000);

  it('keeps the order of writes: a batch sent to the writer thread lands before the writes called after it', async () => {
    const ds = new SqliteDocumentStore(join(dir, 'order.sqlite'), { sweepIntervalMs: 0, backgroundBatchOps: 100 });
    await ds.ensureCollection({ name: 'docs', indexes: ['n'] });
    const big = Array.from({ length: 500 }, (_, i) => ({
      op: 'put' as const,
      collection: 'docs',
      doc: { id: `d${i}`, n: 1, version: 1 },
    }));
    // None of these is awaited before the next is called.
    const writes = [
      ds.applyBatch(big, { name: 'order@v1', position: 1 }),
      ds.applyBatch([{ op: 'put', collection: 'docs', doc: { id: 'd7', n: 2, version: 2 } }], {
        name: 'order@v1',
        position: 2,
      }),
      ds.putIf('docs', { id: 'd8', n: 3, version: 3 }, 1),
      ds.applyBatch([...big.slice(10, 300), { op: 'delete', collection: 'docs', id: 'd9' }], {
        name: 'order@v1',
        position: 3,
      }),
    ];
    const [, , swapped] = await Promise.all(writes);
    expect(swapped).toBe(true);
    expect(await ds.get('docs', 'd7')).toEqual({ id: 'd7', n: 2, version: 2 });
    expect(await ds.get('docs', 'd8')).toEqual({ id: 'd8', n: 3, version: 3 });
    expect(await ds.get('docs', 'd9')).toBeNull();
    expect(await ds.count('docs', { n: 1 })).toBe(497);
    expect(await ds.getCheckpoint('order@v1')).toBe(3);
    await ds.close();
  });

  it('finishes a batch on the writer thread before it closes, and reports a failed one without writing any of it', async () => {
    const file = join(dir, 'closing.sqlite');
    const ds = new SqliteDocumentStore(file, { sweepIntervalMs: 0, backgroundBatchOps: 10 });
    await ds.ensureCollection({ name: 'docs', indexes: [] });
    await ds.ensureCollection({ name: 'gone', indexes: [] });
    const ops = Array.from({ length: 50 }, (_, i) => ({
      op: 'put' as const,
      collection: 'docs',
      doc: { id: `d${i}` },
    }));
    // Another connection drops a collection the next batch writes to last: SQLite refuses that
    // statement on the writer thread, and the whole batch is rolled back.
    const other = new SqliteDocumentStore(file, { sweepIntervalMs: 0 });
    await other.dropCollection('gone');
    await other.close();
    await expect(
      ds.applyBatch([...ops, { op: 'put', collection: 'gone', doc: { id: 'g' } }], { name: 'closing@v1', position: 1 }),
    ).rejects.toThrow(/no such table/);
    expect(await ds.count('docs')).toBe(0);
    expect(await ds.getCheckpoint('closing@v1')).toBeNull();
    // Still usable; close() waits for the batch in flight, which then is in the file.
    const pending = ds.applyBatch(ops, { name: 'closing@v1', position: 2 });
    await ds.close();
    await pending;
    const reopened = new SqliteDocumentStore(file, { sweepIntervalMs: 0 });
    expect(await reopened.count('docs')).toBe(50);
    expect(await reopened.getCheckpoint('closing@v1')).toBe(2);
    await reopened.close();
  });
});
