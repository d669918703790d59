/**
 * Helpers for projection specs in every context:
 *
 *   const docs = await runProjectionTwice(usersProjection, [
 *     { type: 'UserRegistered', data: { … }, streamId: 'user-1' },
 *   ]);
 *   expect(docs.users).toEqual([{ id: 'u1', … }]);
 *
 * Events go through the same code path as in production (batch overlay, checkpoint, atomic
 * batch) against a real SQLite DocumentStore in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import type { RecordedEvent } from '@jsonable/domain/ports';
import type { Doc, DocumentStore } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { ProjectionInstance } from './instance';

/** An event as a spec writes it; the rest of the recorded shape is filled in. */
export interface SpecEvent {
  type: string;
  data: unknown;
  streamId?: string;
  metadata?: Record<string, unknown>;
  /** ISO time of the append (default: 2026-01-01T00:00:00.000Z plus one second per event). */
  createdAt?: string;
}

/** Every logical collection of the projection → its documents sorted by id. */
export type ProjectedDocs = Record<string, Doc[]>;

const BASE_TIME = Date.parse('2026-01-01T00:00:00.000Z');

/** Gives spec events positions 1…n, ids, and per-stream revisions. */
export function recordEvents(events: readonly SpecEvent[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return events.map((e, i) => {
    const streamId = e.streamId ?? 'spec-stream';
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      streamId,
      type: e.type,
      data: e.data,
      metadata: e.metadata ?? {},
      revision,
      position: i + 1,
      createdAt: e.createdAt ?? new Date(BASE_TIME + i * 1000).toISOString(),
    };
  });
}

async function withTempStore<T>(run: (docs: DocumentStore) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'jsonable-projection-'));
  const docs = new SqliteDocumentStore(join(dir, 'docs.db'), { sweepIntervalMs: 0 });
  try {
    return await run(docs);
  } finally {
    await docs.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function snapshot(docs: DocumentStore, instance: ProjectionInstance): Promise<ProjectedDocs> {
  const out: ProjectedDocs = {};
  for (const spec of instance.projection.collections) {
    out[spec.name] = await docs.find(instance.physical(spec.name), {}, { sort: [['id', 1]] });
  }
  return out;
}

/**
 * Projects the events in batches of `batchSize` (default: all in one batch) into a fresh store
 * and returns the documents. `deliverTwice` hands every batch over a second time, as a
 * subscription does after a crash between commit and acknowledgement.
 */
export async function projectEvents(
  projection: Projection,
  events: ReadonlyArray<SpecEvent | RecordedEvent>,
  options: { batchSize?: number; deliverTwice?: boolean } = {},
): Promise<ProjectedDocs> {
  const recorded = events.every((e): e is RecordedEvent => 'position' in e)
    ? ([...events] as RecordedEvent[])
    : recordEvents(events as SpecEvent[]);
  return withTempStore(async (docs) => {
    const instance = new ProjectionInstance(projection, docs, { freeze: true });
    await instance.open();
    const size = Math.max(1, options.batchSize ?? (recorded.length || 1));
    for (let i = 0; i < recorded.length; i += size) {
      const batch = recorded.slice(i, i + size);
      await instance.apply(batch);
      if (options.deliverTwice) {
        await instance.apply(batch);
        // A redelivery may also overlap the previous batch.
        await instance.apply(recorded.slice(Math.max(0, i - 1), i + size));
      }
    }
    return snapshot(docs, instance);
  });
}

/**
 * The projection spec every context runs: all events in one batch, then every event in its own
 * batch delivered twice, must give the same documents (so overlay reads inside a batch and
 * committed reads across batches agree, and redelivery changes nothing). Returns the documents.
 */
export async function runProjectionTwice(
  projection: Projection,
  events: ReadonlyArray<SpecEvent | RecordedEvent>,
): Promise<ProjectedDocs> {
  const once = await projectEvents(projection, events);
  const twice = await projectEvents(projection, events, { batchSize: 1, deliverTwice: true });
  expect(twice, `${projection.name}: delivering every event twice, one per batch, changed the documents`).toEqual(once);
  return once;
}
