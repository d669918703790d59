/**
 * Worker thread of wal-checkpointer.ts: its own SQLite connections to the embedded stores' files,
 * on which it runs a PASSIVE checkpoint every `intervalMs`. PASSIVE never waits for readers or
 * writers and copies only committed frames, so it changes neither what the server reads nor what
 * survives a crash; it only moves the copying and the fsyncs off the server's main thread.
 * Plain CommonJS: no TypeScript loader runs in this thread.
 */
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const { files, intervalMs } = workerData;
const dbs = files.map((file) => {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  return { file, db, failed: false };
});

function checkpointAll() {
  for (const entry of dbs) {
    try {
      entry.db.pragma('wal_checkpoint(PASSIVE)');
      entry.failed = false;
    } catch (error) {
      // Another process checkpointing the same file (a ROLE=api and a ROLE=projector process
      // share it) is expected: its checkpoint does the work. Anything else: say it once per streak.
      const code = error && error.code;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') continue;
      if (!entry.failed)
        parentPort.postMessage({ type: 'warning', file: entry.file, message: String(error && error.message) });
      entry.failed = true;
    }
  }
}

const timer = setInterval(checkpointAll, intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  for (const { db } of dbs) db.close();
  parentPort.postMessage({ type: 'stopped' });
  parentPort.close();
});
parentPort.postMessage({ type: 'ready' });
