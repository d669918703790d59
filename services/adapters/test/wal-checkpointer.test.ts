import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@jsonable/adapters';
import { startWalCheckpointer, type WalCheckpointer } from '../src/sqlite/wal-checkpointer';

let dir: string;
let store: SqliteDocumentStore;
let checkpointer: WalCheckpointer | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-wal-'));
  store = new SqliteDocumentStore(join(dir, 'docs.sqlite'));
});
afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = null;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const size = (file: string) => statSync(file).size;

describe('WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread, while the store keeps writing and reading', async () => {
    await store.ensureCollection({ name: 'things', indexes: [] });
    const payload = 'x'.repeat(4000);
    const ops = Array.from({ length: 500 }, (_, i) => ({
      op: 'put' as const,
      collection: 'things',
      doc: { id: `t${i}`, payload },
    }));
    await store.applyBatch(ops);
    // Well under the store's own auto-checkpoint size: the rows are still only in the WAL.
    const before = size(join(dir, 'docs.sqlite'));
    expect(before).toBeLessThan(1_000_000);

    checkpointer = await startWalCheckpointer([join(dir, 'docs.sqlite')], { intervalMs: 5 });
    // The file grows page by page while a checkpoint copies: wait for the whole batch (~2 MB), not
    // for the first page (a fresh clone's CI run once looked at 966,656 bytes mid-copy).
    const deadline = Date.now() + 10_000;
    while (size(join(dir, 'docs.sqlite')) <= 1_000_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(size(join(dir, 'docs.sqlite'))).toBeGreaterThan(1_000_000);

    await store.applyBatch([{ op: 'put', collection: 'things', doc: { id: 'after', payload } }]);
    expect(await store.get('things', 'after')).toEqual({ id: 'after', payload });
    expect(await store.count('things')).toBe(501);
  });

  it('stops its thread and closes its connections', async () => {
    checkpointer = await startWalCheckpointer([join(dir, 'docs.sqlite')], { intervalMs: 5 });
    await checkpointer.stop();
    checkpointer = null;
    // The file is free for the store to be closed and removed (afterEach) without a worker left holding it.
    expect(await store.count('things')).toBe(0);
  });

  it('refuses to start on a file that does not exist', async () => {
    await expect(startWalCheckpointer([join(dir, 'missing.sqlite')])).rejects.toThrow();
  });
});
