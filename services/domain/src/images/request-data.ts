/**
 * The request JSON of a stored image, kept 30 days beside it (SPEC §1) as a document in the
 * operational store rather than a second file: one small write instead of a file, its fsync and
 * its folder's fsync on every render. Events never hold it (they keep its size and shape).
 */
import type { Doc, DocumentStore } from '@jsonable/read-models/ports';
import { MicroBatcher } from '../runtime/micro-batcher';

export const REQUEST_DATA = 'image_request_data';

export interface RequestDataDoc extends Doc {
  id: string;
  userId: string;
  period: number;
  /** Epoch ms of the render; retention counts from here. */
  createdAtMs: number;
  /** The image file written beside it: until TableRendered is appended, this document is the
   *  trace that lets the sweep find the file of a render that crashed before its event. */
  blobKey: string;
  payload: unknown;
}

const ensured = new WeakSet<object>();
async function ensure(docs: DocumentStore): Promise<void> {
  if (ensured.has(docs)) return;
  await docs.ensureCollection({ name: REQUEST_DATA, indexes: ['createdAtMs'] });
  ensured.add(docs);
}

/** Per store, the documents of one turn written in one batch (see saveRequestData). */
const batches = new MicroBatcher<DocumentStore, RequestDataDoc>(async (docs, batch) => {
  await docs.applyBatch(batch.map(({ item }) => ({ op: 'put' as const, collection: REQUEST_DATA, doc: item })));
  for (const member of batch) member.resolve();
});

/**
 * Writes the document. The documents of renders that reach this point in the same turn of the
 * event loop (any users) are written in one batch, one transaction instead of one each; every
 * caller resolves once that batch is committed, and a failed batch fails each of its callers.
 */
export async function saveRequestData(docs: DocumentStore, doc: RequestDataDoc): Promise<void> {
  await ensure(docs);
  await batches.add(docs, doc);
}

export async function deleteRequestData(docs: DocumentStore, imageId: string): Promise<void> {
  await ensure(docs);
  await docs.applyBatch([{ op: 'delete', collection: REQUEST_DATA, id: imageId }]);
}

export async function getRequestData(docs: DocumentStore, imageId: string): Promise<RequestDataDoc | null> {
  await ensure(docs);
  return docs.get<RequestDataDoc>(REQUEST_DATA, imageId);
}

/** Request data created in (afterMs, beforeMs] (or up to beforeMs without afterMs), oldest first. */
export async function requestDataUpTo(
  docs: DocumentStore,
  beforeMs: number,
  limit: number,
  afterMs?: number,
): Promise<RequestDataDoc[]> {
  await ensure(docs);
  return docs.find<RequestDataDoc>(
    REQUEST_DATA,
    { createdAtMs: afterMs === undefined ? { $lte: beforeMs } : { $gt: afterMs, $lte: beforeMs } },
    { sort: [['createdAtMs', 1]], limit },
  );
}
