// The SQLite document store's writer thread (see writer.ts): a second connection to the same
// file that commits large batches while the main thread goes on, e.g. a projector preparing its
// next batch. It knows nothing of documents: the main thread sends finished SQL and parameters.
// A batch arrives as 'begin' (BEGIN IMMEDIATE and the fence check), any number of 'steps'
// messages, each run as soon as it arrives, and 'end' (COMMIT) or 'abort' (ROLLBACK): the main
// thread sends statements while it builds them, so nothing of a batch piles up on either side,
// and the batch is committed or rolled back whole.
// Plain JavaScript on purpose: it only needs better-sqlite3, and loads without a TypeScript loader.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ file: string, busyTimeoutMs: number, pragmas: string[], injectable: boolean }} */
const { file, busyTimeoutMs, pragmas, injectable } = workerData;
const db = new Database(file, { timeout: busyTimeoutMs });
for (const pragma of pragmas) db.pragma(pragma);

/** Prepared statements by SQL text; a schema change re-prepares them inside SQLite. */
const statements = new Map();
function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statements.size >= 256) statements.delete(statements.keys().next().value);
    statements.set(sql, statement);
  }
  return statement;
}

const begin = db.prepare('BEGIN IMMEDIATE');
const commit = db.prepare('COMMIT');

/** The batch being written: its id, and the first error (the rest of it is then skipped). */
let current = null;

/**
 * Fault tests only (workerData.injectable): a driver error this thread throws itself, after the
 * first statement of a steps message ('step') or instead of COMMIT ('commit'). See WriterFault.
 * @type {{ code: string, message: string, at: 'step' | 'commit' } | null}
 */
let injected = null;
function injectedAt(at) {
  if (injected && injected.at === at) throw new Database.SqliteError(injected.message, injected.code);
}

function failure(error, fenced = false) {
  return {
    fenced,
    message: error instanceof Error ? error.message : String(error),
    code: typeof error?.code === 'string' ? error.code : undefined,
  };
}

/** The texts a 'documents' step packed into one string (see WriterStep in writer.ts). */
function slices(text, lengths) {
  const out = new Array(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
    out[i] = text.slice(at, at + lengths[i]);
    at += lengths[i];
  }
  return out;
}

function rollback() {
  if (db.inTransaction) db.exec('ROLLBACK');
}

parentPort.on('message', (message) => {
  switch (message.type) {
    case 'begin': {
      current = { id: message.id, error: null };
      try {
        begin.run();
        const fence = message.fence;
        if (fence) {
          const row = prepared(fence.sql).get(fence.id);
          const doc = row ? JSON.parse(row.doc) : null;
          if (!doc || doc[fence.field] !== fence.value) {
            current.error = failure(new Error('fenced'), true);
            rollback();
          }
        }
      } catch (error) {
        current.error = failure(error);
        rollback();
      }
      return;
    }
    case 'steps': {
      if (!current || current.id !== message.id || current.error) return;
      try {
        for (const step of message.steps) {
          prepared(step[0]).run(step.length === 3 ? slices(step[1], step[2]) : step[1]);
          injectedAt('step');
        }
      } catch (error) {
        current.error = failure(error);
        rollback();
      }
      return;
    }
    case 'end':
    case 'abort': {
      if (!current || current.id !== message.id) return;
      const batch = current;
      current = null;
      if (!batch.error) {
        try {
          if (message.type === 'end') {
            injectedAt('commit');
            commit.run();
          } else rollback();
        } catch (error) {
          batch.error = failure(error);
          rollback();
        }
      }
      parentPort.postMessage(batch.error ? { id: batch.id, ok: false, ...batch.error } : { id: batch.id, ok: true });
      return;
    }
    case 'inject':
      if (injectable) injected = message.fault;
      return;
    case 'close':
      rollback();
      db.close();
      parentPort.close();
      return;
  }
});
