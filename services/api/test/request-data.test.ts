/**
 * The request JSON documents of renders that finish in the same turn are written in one batch:
 * each caller resolves once its document is committed, and a failed batch fails every caller.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getRequestData, saveRequestData, type RequestDataDoc } from '@jsonable/domain/images/request-data';
import type { DocumentStore } from '@jsonable/read-models/ports';
import { createStores, type Stores } from '@jsonable/adapters';

let dir: string;
let stores: Stores;
let batches: number[];
let failNext: Error | null;
let docs: DocumentStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-request-data-'));
  stores = await createStores({ dataDir: dir });
  batches = [];
  failNext = null;
  const inner = stores.docs;
  docs = Object.create(inner) as DocumentStore;
  docs.applyBatch = async (ops, checkpoint) => {
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    batches.push(ops.length);
    return inner.applyBatch(ops, checkpoint);
  };
});
afterEach(async () => {
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
});

const doc = (id: string): RequestDataDoc => ({
  id,
  userId: `u-${id}`,
  period: 0,
  createdAtMs: Date.now(),
  blobKey: `images/${id}.png`,
  payload: { data: [{ id }] },
});

describe('saveRequestData', () => {
  it('writes the documents of one turn in one batch, each caller resolving once it is stored', async () => {
    await saveRequestData(docs, doc('warm')); // creates the collection
    batches = [];
    const ids = Array.from({ length: 6 }, (_, i) => `d${i}`);
    await Promise.all(
      ids.map(async (id) => {
        await saveRequestData(docs, doc(id));
        expect((await getRequestData(docs, id))?.payload).toEqual({ data: [{ id }] });
      }),
    );
    expect(batches).toEqual([6]);
    // A later turn starts a new batch.
    await saveRequestData(docs, doc('later'));
    expect(batches).toEqual([6, 1]);
  });

  it('fails every caller of a batch that could not be written, and stores none of them', async () => {
    await saveRequestData(docs, doc('warm'));
    failNext = new Error('disk full');
    const results = await Promise.allSettled(['a', 'b', 'c'].map((id) => saveRequestData(docs, doc(id))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const id of ['a', 'b', 'c']) expect(await getRequestData(docs, id)).toBeNull();
    await saveRequestData(docs, doc('a'));
    expect(await getRequestData(docs, 'a')).not.toBeNull();
  });
});
