/**
 * RenderService's group commit: renders of one usage stream whose files are stored in the same
 * turn of the event loop share one append. These tests release the file writes of a whole batch
 * at once (a gate in front of the real file store), so the group is deterministic, and check that
 * the guarantees of single appends still hold: the exact expected revision, the quota, the
 * Idempotency-Key, another writer winning the race, and a failed append losing nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usageStream } from '@jsonable/domain/usage/streams';
import { ConflictError, PaymentRequiredError } from '@jsonable/domain/errors';
import type { BlobStore, EventStore, RenderOutput, TableRenderer } from '@jsonable/domain/ports';
import { randomIds, systemClock } from '@jsonable/domain/runtime/system';
import { RenderService, type RenderTableInput, type RenderTableResult } from '@jsonable/domain/usage/render-table';
import { createStores, type Stores } from '@jsonable/adapters';

const PNG: RenderOutput = {
  bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]),
  format: 'png',
  contentType: 'image/png',
  width: 10,
  height: 10,
  size: 11,
  rows: 1,
  columns: 1,
  title: null,
  warnings: [],
};
const renderer: TableRenderer = { render: async () => PNG, close: async () => undefined };

/** Stores each file, then holds its put until release(), so that they all finish in the same turn. */
function gatedBlobs(inner: BlobStore): BlobStore & { release(): void; waiting(): number } {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const store = Object.create(inner) as BlobStore & { release(): void; waiting(): number };
  store.put = async (...args) => {
    const info = await inner.put(...args);
    waiting++;
    await gate;
    waiting--;
    return info;
  };
  store.release = () => {
    open();
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  store.waiting = () => waiting;
  return store;
}

/** Counts appends and their events; `before` runs ahead of the next append (another writer). */
function countingEvents(
  inner: EventStore,
): EventStore & { appends: number[]; before: (() => Promise<void>) | null; failNext: Error | null } {
  const store = Object.create(inner) as EventStore & {
    appends: number[];
    before: (() => Promise<void>) | null;
    failNext: Error | null;
  };
  store.appends = [];
  store.before = null;
  store.failNext = null;
  store.append = async (stream, events, expected) => {
    const before = store.before;
    store.before = null;
    if (before) await before();
    if (store.failNext) {
      const error = store.failNext;
      store.failNext = null;
      throw error;
    }
    store.appends.push(events.length);
    return inner.append(stream, events, expected);
  };
  return store;
}

let dir: string;
let stores: Stores;
let blobs: ReturnType<typeof gatedBlobs>;
let events: ReturnType<typeof countingEvents>;
let service: RenderService;
const registeredAt = new Date().toISOString();

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-render-group-'));
  stores = await createStores({ dataDir: dir });
  blobs = gatedBlobs(stores.blobs);
  events = countingEvents(stores.eventStore);
  service = new RenderService({
    eventStore: events,
    blobs,
    docs: stores.docs,
    renderer,
    clock: systemClock,
    ids: randomIds,
  });
});
afterEach(async () => {
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
});

function input(userId: string, overrides: Partial<RenderTableInput> = {}): RenderTableInput {
  return {
    keep: 'counted',
    userId,
    registeredAt,
    planTier: 'free',
    projectId: null,
    source: 'api_key',
    request: { data: [{ a: 1 }], styles: {}, options: {} },
    payload: { data: [{ a: 1 }] },
    projectStyles: null,
    idempotencyKey: null,
    requestHash: 'h',
    ...overrides,
  };
}

/** Starts the renders, waits until every file write is held at the gate, then releases them together. */
async function renderTogether(inputs: RenderTableInput[]): Promise<PromiseSettledResult<RenderTableResult>[]> {
  const running = Promise.allSettled(inputs.map((i) => service.render(i)));
  while (blobs.waiting() < inputs.length) await new Promise((resolve) => setTimeout(resolve, 1));
  blobs.release();
  return running;
}

async function storedImages(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of stores.blobs.list('images/')) if (info.metadata.userId === userId) keys.push(info.key);
  return keys;
}

describe('RenderService group commit', () => {
  it('appends the renders of one turn together, in revision order, one event and one file each', async () => {
    const results = await renderTogether(Array.from({ length: 8 }, () => input('u1')));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(events.appends).toEqual([8]);
    const stream = await stores.eventStore.readStream(usageStream('u1', 0));
    expect(stream.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const ids = results.map((r) => (r as PromiseFulfilledResult<RenderTableResult>).value.image.imageId);
    expect(new Set(stream.map((e) => (e.data as { imageId: string }).imageId))).toEqual(new Set(ids));
    // Each answer's position covers its own event (read-your-writes waits for it).
    for (const r of results) {
      const { image, position } = (r as PromiseFulfilledResult<RenderTableResult>).value;
      expect(position).toBeGreaterThanOrEqual(
        stream.find((e) => (e.data as { imageId: string }).imageId === image.imageId)!.position,
      );
    }
    expect((await storedImages('u1')).sort()).toEqual(
      stream.map((e) => (e.data as { blobKey: string }).blobKey).sort(),
    );
  });

  it('decides each member on the state of the ones before it: exactly the allowance passes', async () => {
    // Free: 25 tables. 22 first, then 6 in one group: 3 pass, 3 are refused and leave no file.
    for (let i = 0; i < 22; i++) {
      const one = renderTogether([input('u2')]);
      expect((await one)[0]!.status).toBe('fulfilled');
    }
    const results = await renderTogether(Array.from({ length: 6 }, () => input('u2')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toBeInstanceOf(PaymentRequiredError);
    expect(await stores.eventStore.readStream(usageStream('u2', 0))).toHaveLength(25);
    expect(await storedImages('u2')).toHaveLength(25);
  });

  it('answers the same Idempotency-Key twice in one group with one image; another body with it is a 409', async () => {
    const [first, second] = await renderTogether([
      input('u3', { idempotencyKey: 'k', requestHash: 'same' }),
      input('u3', { idempotencyKey: 'k', requestHash: 'same' }),
    ]);
    const a = (first as PromiseFulfilledResult<RenderTableResult>).value;
    const b = (second as PromiseFulfilledResult<RenderTableResult>).value;
    expect(b.image.imageId).toBe(a.image.imageId);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(b.position).toBe(a.position);
    expect(await stores.eventStore.readStream(usageStream('u3', 0))).toHaveLength(1);
    expect(await storedImages('u3')).toEqual([a.image.blobKey]);

    // Two new bodies under one new key in one group: whichever comes first is recorded, the other is a 409.
    const raced = await renderTogether([
      input('u3', { idempotencyKey: 'k2', requestHash: 'one' }),
      input('u3', { idempotencyKey: 'k2', requestHash: 'two' }),
    ]);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((raced.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(await stores.eventStore.readStream(usageStream('u3', 0))).toHaveLength(2);
    expect(await storedImages('u3')).toHaveLength(2);
  });

  it('re-decides the whole group when another writer appended first, with the exact expected revision', async () => {
    // Another process records 24 renders between this process's read and its append: of the
    // group of 3, only 1 still fits the Free allowance of 25.
    await renderTogether([input('u4')]);
    events.before = async () => {
      const model = (await stores.eventStore.readStream(usageStream('u4', 0)))[0]!.data as object;
      const foreign = Array.from({ length: 23 }, (_, i) => ({
        id: randomIds.uuid(),
        type: 'TableRendered',
        data: { ...model, imageId: `foreign-${i}` },
      }));
      await stores.eventStore.append(usageStream('u4', 0), foreign, 0);
    };
    const results = await renderTogether(Array.from({ length: 3 }, () => input('u4')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stream = await stores.eventStore.readStream(usageStream('u4', 0));
    expect(stream.map((e) => e.revision)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(await storedImages('u4')).toHaveLength(2);
  });

  it('fails every member of a group whose append fails, and deletes their files', async () => {
    events.failNext = new Error('disk full');
    const results = await renderTogether(Array.from({ length: 4 }, () => input('u5')));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(await stores.eventStore.readStream(usageStream('u5', 0))).toHaveLength(0);
    expect(await storedImages('u5')).toHaveLength(0);
    // The next render goes through as usual.
    expect((await renderTogether([input('u5')]))[0]!.status).toBe('fulfilled');
  });
});
