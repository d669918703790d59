/**
 * Picks the storage adapters: the embedded default (SQLite files and a folder under dataDir) unless
 * server URLs are given. The server drivers are imported dynamically, so the embedded path never
 * loads @kurrent/kurrentdb-client or mongodb.
 */
import { join } from 'node:path';
import { makeBlobFilesPrivate, makeDataDirPrivate } from './files/private-data';
import type { FaultComponent } from '@jsonable/domain/faults';
import type { BlobStore, EventStore } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';

export interface StoreOptions {
  /** Folder of the embedded stores (events.sqlite, readmodels.sqlite, blobs/). */
  dataDir: string;
  /** EVENTSTORE_URL, e.g. `esdb://eventstore:2113?tls=false`: events go to EventStoreDB. */
  eventStoreUrl?: string;
  /** MONGO_URL, e.g. `mongodb://mongo:27017/?replicaSet=rs0`: read models and blobs go to MongoDB. */
  mongoUrl?: string;
  /** MongoDB database name (default `jsonable`). */
  mongoDb?: string;
}

export interface Stores {
  eventStore: EventStore;
  docs: DocumentStore;
  blobs: BlobStore;
  /** Closes every store (subscriptions first, then connections). */
  close(): Promise<void>;
}

/** Opening an embedded store fails as a fault too (a full disk, a file locked or unreadable). */
async function opening<T>(component: FaultComponent, open: () => T): Promise<T> {
  const { sqliteFault } = await import('./faults/sqlite');
  try {
    return open();
  } catch (error) {
    throw sqliteFault(error, component) ?? error;
  }
}

async function openEventStore(options: StoreOptions): Promise<EventStore> {
  if (options.eventStoreUrl) {
    const { EsdbEventStore } = await import('./eventstoredb/event-store');
    return new EsdbEventStore(options.eventStoreUrl);
  }
  const { SqliteEventStore } = await import('./sqlite/event-store');
  return opening('event-store', () => new SqliteEventStore(join(options.dataDir, 'events.sqlite')));
}

async function openDocsAndBlobs(options: StoreOptions): Promise<{ docs: DocumentStore; blobs: BlobStore }> {
  if (options.mongoUrl) {
    const { MongoDocumentStore } = await import('./mongodb/document-store');
    const { GridFsBlobStore } = await import('./mongodb/gridfs-blob-store');
    const docs = await MongoDocumentStore.connect(options.mongoUrl, options.mongoDb ?? 'jsonable');
    // One connection pool for both; the document store owns and closes it.
    return { docs, blobs: new GridFsBlobStore(docs.database()) };
  }
  const { SqliteDocumentStore } = await import('./sqlite/document-store');
  const { FileBlobStore } = await import('./files/blob-store');
  return {
    docs: await opening('document-store', () => new SqliteDocumentStore(join(options.dataDir, 'readmodels.sqlite'))),
    blobs: new FileBlobStore(join(options.dataDir, 'blobs')),
  };
}

export async function createStores(options: StoreOptions): Promise<Stores> {
  if (!options.eventStoreUrl || !options.mongoUrl) makeDataDirPrivate(options.dataDir);
  // Blob files of an older version (0644) become 0600, once per DATA_DIR.
  if (!options.mongoUrl) await makeBlobFilesPrivate(join(options.dataDir, 'blobs'));
  const eventStore = await openEventStore(options);
  let docsAndBlobs: { docs: DocumentStore; blobs: BlobStore };
  try {
    docsAndBlobs = await openDocsAndBlobs(options);
  } catch (error) {
    await eventStore.close();
    throw error;
  }
  const { docs, blobs } = docsAndBlobs;
  let closing: Promise<void> | null = null;
  return {
    eventStore,
    docs,
    blobs,
    close: () =>
      (closing ??= (async () => {
        const results = await Promise.allSettled([eventStore.close(), blobs.close(), docs.close()]);
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
      })()),
  };
}
