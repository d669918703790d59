import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pushField } from '../src/sqlite/field-columns';
import { SqliteDocumentStore } from '../src/sqlite/document-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-columns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite field columns', () => {
  it('hold what json_extract and json_type report for the serialised document', () => {
    const db = new Database(':memory:');
    const sql = db.prepare<[string, string], { v: unknown; t: string | null }>(
      `SELECT json_extract(?, '$."f"') AS v, json_type(?, '$."f"') AS t`,
    );
    const compare = db.prepare<[unknown, unknown], { same: number }>('SELECT ? IS ? AS same');
    const value = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        undefined,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        -0,
        1e21,
        2 ** 53,
        1.5,
        true,
        false,
        new Date(0),
      ),
      // Past int64 and up to where JSON.stringify switches to an exponent.
      fc.constantFrom(2 ** 63, -(2 ** 63), 2 ** 64, 999999999999999900000, -1e20),
    );
    fc.assert(
      fc.property(value, (v) => {
        const doc = { id: 'x', f: v };
        const json = JSON.stringify(doc);
        const expected = sql.get(json, json)!;
        const out: unknown[] = [];
        pushField(out, v);
        expect(out[1]).toBe(expected.t);
        // SQLite's own comparison: 5 and 5.0 are the same value, as they are to the index.
        expect(compare.get(out[0], expected.v)!.same).toBe(1);
      }),
      { numRuns: 500 },
    );
    db.close();
  });

  it('migrates a collection stored with json_extract expression indexes to columns', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE _collections (name TEXT PRIMARY KEY, expiring INTEGER NOT NULL, indexes TEXT NOT NULL);
      INSERT INTO _collections VALUES ('images@v1', 0, '["projectId","size"]');
      CREATE TABLE "c:images@v1" (id TEXT PRIMARY KEY, doc TEXT NOT NULL, expires_at INTEGER);
      CREATE INDEX "i:images@v1:projectId" ON "c:images@v1" (json_extract(doc, '$."projectId"'));`);
    const insert = old.prepare('INSERT INTO "c:images@v1" (id, doc) VALUES (?, ?)');
    insert.run('a', JSON.stringify({ id: 'a', projectId: 'p1', size: 3 }));
    insert.run('b', JSON.stringify({ id: 'b', projectId: 'p1', size: true }));
    insert.run('c', JSON.stringify({ id: 'c', projectId: 'p2', size: 1 }));
    old.close();

    const ds = new SqliteDocumentStore(file, { sweepIntervalMs: 0 });
    await ds.ensureCollection({ name: 'images@v1', indexes: ['projectId', 'size'] });
    expect((await ds.find('images@v1', { projectId: 'p1' })).map((d) => d.id)).toEqual(['a', 'b']);
    expect((await ds.find('images@v1', { size: 1 })).map((d) => d.id)).toEqual(['c']);
    expect((await ds.find('images@v1', { size: true })).map((d) => d.id)).toEqual(['b']);
    await ds.applyBatch([{ op: 'put', collection: 'images@v1', doc: { id: 'd', projectId: 'p2', size: 1 } }]);
    expect((await ds.find('images@v1', { projectId: 'p2' }, { sort: [['id', -1]] })).map((d) => d.id)).toEqual([
      'd',
      'c',
    ]);
    await ds.close();

    const db = new Database(file, { readonly: true });
    const indexes = db
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c:images@v1'`)
      .all();
    db.close();
    expect(indexes.map((i) => i.name)).not.toContain('i:images@v1:projectId');
    expect(indexes.map((i) => i.name)).toContain('f:images@v1:projectId');
  });

  it('fills columns for fields declared to be indexed later, before their index exists', async () => {
    const ds = new SqliteDocumentStore(join(dir, 'later.sqlite'), { sweepIntervalMs: 0 });
    await ds.ensureCollection({ name: 'users@v2', indexes: [], indexLater: ['email'] });
    await ds.applyBatch([
      { op: 'put', collection: 'users@v2', doc: { id: 'u1', email: 'a@x' } },
      { op: 'put', collection: 'users@v2', doc: { id: 'u2', email: 'b@x' } },
    ]);
    await ds.ensureCollection({ name: 'users@v2', indexes: ['email'] });
    expect((await ds.find('users@v2', { email: 'b@x' })).map((d) => d.id)).toEqual(['u2']);
    await ds.close();
  });
});
