/**
 * @jsonable/adapters — the only package that imports storage and provider drivers.
 * Other areas use createStores() and the ports; the classes are exported for tests and tools.
 */
export { createStores, type StoreOptions, type Stores } from './stores';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite/event-store';
export { SqliteDocumentStore, type SqliteDocumentStoreOptions } from './sqlite/document-store';
export {
  startWalCheckpointer,
  WAL_CHECKPOINT_INTERVAL_MS,
  type WalCheckpointer,
  type WalCheckpointerLogger,
} from './sqlite/wal-checkpointer';
export { FileBlobStore } from './files/blob-store';
export { assertBlobKey } from './files/blob-key';
export {
  backupDataDir,
  BackupError,
  checkBackup,
  liveProcesses,
  markDataDirLive,
  restoreDataDir,
  type BackupManifest,
} from './backup';
