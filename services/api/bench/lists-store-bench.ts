/**
 * Read-model side of lists at scale (issue #30), side by side in one run: the images collection
 * as it was (v2: compound indexes, `$contains` scanning) and as it is (v4: plus the trigram
 * substring index of searchText and the kept total of image_counts), each filled with N synthetic
 * image documents of one account (1 in 8 titled "Invoice n", 1 in 50 without a project), then the
 * queries a list answer runs, timed directly on the SqliteDocumentStore (no HTTP). For where the
 * time of a search and of a total goes; the HTTP figures come from `npm run bench:lists`.
 *
 *   N=100000 npx tsx services/api/bench/lists-store-bench.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { searchTextOf } from '@jsonable/read-models/images/images.projection';
import { renderedData } from '@jsonable/read-models/images/testing';

const N = Number(process.env.N ?? 100000);
const variants: Record<string, string[][]> = {
  v2: [
    ['listUserId', 'createdAt', 'id'],
    ['listUserId', 'projectId', 'createdAt', 'id'],
    ['listUserId', 'format', 'createdAt', 'id'],
  ],
  v4: [
    ['listUserId', 'createdAt', 'id'],
    ['listUserId', 'projectId', 'createdAt', 'id'],
    ['listUserId', 'format', 'createdAt', 'id'],
  ],
};
const formats = ['png', 'svg', 'jpeg', 'pdf'] as const;
for (const [name, compounds] of Object.entries(variants).filter(([n]) =>
  (process.env.V ?? 'v2,v4').split(',').includes(n),
)) {
  const dir = mkdtempSync(join(tmpdir(), 's30-micro-'));
  const docs = new SqliteDocumentStore(join(dir, 'rm.sqlite'), { sweepIntervalMs: 0 });
  await docs.ensureCollection({
    name: 'images',
    indexes: ['userId', 'projectId', 'filename'],
    compoundIndexes: compounds,
    ...(name === 'v4' ? { substringIndexes: ['searchText'] } : {}),
  });
  const t0 = Date.UTC(2025, 0, 1);
  for (let b = 0; b < N; b += 2000) {
    const ops = [];
    for (let i = b; i < Math.min(N, b + 2000); i++) {
      const title = i % 8 === 2 ? `Invoice ${i}` : `Report ${i}`;
      const filename = `${title.toLowerCase().replace(' ', '-')}-${i.toString(36)}abc.${formats[i % 4]}`;
      // The document the images projection writes for a TableRendered (its fields but the event's own).
      const { imageId, plan, idempotencyKey, requestHash, renderedAt, ...image } = renderedData(i, {
        projectId: i % 50 === 0 ? null : `p${i % 2}`,
        filename,
        blobKey: `images/${filename}`,
        format: formats[i % 4]!,
        title,
      });
      ops.push({
        op: 'put' as const,
        collection: 'images',
        doc: {
          id: `img${i.toString().padStart(7, '0')}`,
          ...image,
          createdAt: new Date(t0 + i * 60000).toISOString(),
          deleted: false,
          listUserId: 'u1',
          searchText: searchTextOf(title, filename),
          dataExpiresAt: 1,
          position: i + 1,
        },
      });
    }
    await docs.applyBatch(ops);
  }
  const time = async (label: string, f: () => Promise<unknown>) => {
    const ts: number[] = [];
    for (let i = 0; i < 3; i++) await f();
    for (let i = 0; i < 15; i++) {
      const s = performance.now();
      await f();
      ts.push(performance.now() - s);
    }
    ts.sort((a, b) => a - b);
    console.log(`${name.padEnd(9)} ${label.padEnd(40)} p50 ${ts[7]!.toFixed(1)} p95 ${ts[14]!.toFixed(1)}`);
  };
  const sort: Array<[string, 1 | -1]> = [
    ['createdAt', -1],
    ['id', -1],
  ];
  await time('count all', () => docs.count('images', { listUserId: 'u1' }));
  if (name === 'v4') {
    await docs.ensureCollection({ name: 'image_counts', indexes: [] });
    await docs.applyBatch([{ op: 'put', collection: 'image_counts', doc: { id: 'u1|*|*', count: N } }]);
    await time('total from image_counts (get)', () => docs.get('image_counts', 'u1|*|*'));
  }
  await time('count project', () => docs.count('images', { listUserId: 'u1', projectId: 'p1' }));
  await time('page all', () => docs.find('images', { listUserId: 'u1' }, { sort, limit: 101 }));
  await time('count q=invoice 1', () =>
    docs.count('images', { listUserId: 'u1', searchText: { $contains: 'invoice 1' } }),
  );
  await time('page q=invoice 1', () =>
    docs.find('images', { listUserId: 'u1', searchText: { $contains: 'invoice 1' } }, { sort, limit: 101 }),
  );
  await time('count q=zzz', () => docs.count('images', { listUserId: 'u1', searchText: { $contains: 'zzz' } }));
  await time('page q=zzz', () =>
    docs.find('images', { listUserId: 'u1', searchText: { $contains: 'zzz' } }, { sort, limit: 101 }),
  );
  await time('count project q=zzz', () =>
    docs.count('images', { listUserId: 'u1', projectId: 'p1', searchText: { $contains: 'zzz' } }),
  );
  if (process.env.PLAN)
    console.log(
      docs.explainFind('images', { listUserId: 'u1', searchText: { $contains: 'invoice 1' } }, { sort, limit: 101 }),
    );
  await docs.close();
}
