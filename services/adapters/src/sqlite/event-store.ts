/**
 * The embedded EventStore: one SQLite file (better-sqlite3, WAL).
 *
 * Why this shape:
 * - `position` is the table's INTEGER PRIMARY KEY (the rowid). SQLite serialises writers, so the
 *   rowid handed out inside a committed write transaction is also the commit order, and a reader
 *   that sees position N has seen every position below it: `WHERE position > after` never skips
 *   an event that commits later with a smaller number (unlike sequences in MVCC servers).
 * - Every append runs in `BEGIN IMMEDIATE`, taking the write lock before reading the stream's
 *   revision, so two writers (also in two processes sharing the file) cannot both pass the
 *   expected-revision check; the other waits on busy_timeout.
 * - synchronous=NORMAL in WAL mode: a committed append survives a crash of the process (the WAL
 *   is in the OS page cache), only a power loss may lose the last transactions.
 * - Live delivery polls the file (another process may append) and is woken at once by appends
 *   made through this instance.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConcurrencyError } from '@jsonable/domain/errors';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@jsonable/domain/ports';
import { assertExpectedRevision, describeExpected, OpenSubscriptions } from '../events/shared';
import { guardMethods, translatingOnError } from '../faults/guard';
import { sqliteTranslator } from '../faults/sqlite';
import { pollingSubscription } from './polling-subscription';

const translate = sqliteTranslator('event-store');

interface ExistingIdRow {
  id: string;
  stream: string;
  revision: number;
  position: number;
}

export interface SqliteEventStoreOptions {
  /** Milliseconds a writer waits for another connection's lock before failing (default 5000). */
  busyTimeoutMs?: number;
  /** Wraps the connection (the fault contract puts a fault-injecting proxy around it). */
  driver?: (db: Database.Database) => Database.Database;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position   INTEGER PRIMARY KEY,
  stream     TEXT    NOT NULL,
  revision   INTEGER NOT NULL,
  id         TEXT    NOT NULL,
  type       TEXT    NOT NULL,
  data       TEXT    NOT NULL,
  metadata   TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  UNIQUE (stream, revision),
  UNIQUE (id)
);
`;

/** The columns every read selects, in this order (rows are read as arrays: see RawRow). */
const COLUMNS = 'position, stream, revision, id, type, data, metadata, created_at';

/**
 * A row as better-sqlite3's raw mode returns it: an array in COLUMNS order. Reading arrays
 * instead of one keyed object per row takes a measurable share off readAll, which a rebuild
 * of the read models spends a quarter of its time in.
 */
type RawRow = [
  position: number,
  stream: string,
  revision: number,
  id: string,
  type: string,
  data: string,
  metadata: string,
  createdAt: string,
];

function parseMetadata(text: string): Record<string, unknown> {
  // Most events carry no metadata; skip the parser for them (a fresh object each time all the same).
  return text === '{}' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

function toRecorded(row: RawRow): RecordedEvent {
  return {
    id: row[3],
    streamId: row[1],
    type: row[4],
    data: JSON.parse(row[5]) as unknown,
    metadata: parseMetadata(row[6]),
    revision: row[2],
    position: row[0],
    createdAt: row[7],
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly stmt;
  private readonly appendTx: (stream: string, events: NewEvent[], expected: ExpectedRevision) => AppendResult;
  private readonly wakers = new Set<() => void>();
  private readonly subscriptions = new OpenSubscriptions();
  private closed = false;

  constructor(
    readonly file: string,
    options: SqliteEventStoreOptions = {},
  ) {
    mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
    this.db = options.driver ? options.driver(db) : db;
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // The UNIQUE(id) index takes random uuids, so appends touch index pages all over the file: a
    // page cache that holds the index (64 MiB, allocated as used) saves re-reading them, and
    // memory-mapped reads save a copy per page on readAll. Durability is untouched.
    this.db.pragma('cache_size = -65536');
    this.db.pragma('mmap_size = 268435456');
    // Checkpoint every ~40 MB of WAL rather than ~4 MB: index pages dirtied by many appends are
    // copied into the file once per checkpoint. Checkpoints move committed data only.
    this.db.pragma('wal_autocheckpoint = 10000');
    this.db.exec(SCHEMA);
    this.stmt = {
      streamHead: this.db.prepare<[string], { revision: number; position: number }>(
        'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      existingId: this.db.prepare<[string], ExistingIdRow>(
        'SELECT id, stream, revision, position FROM events WHERE id = ?',
      ),
      insert: this.db.prepare<[string, number, string, string, string, string, string]>(
        'INSERT INTO events (stream, revision, id, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db
        .prepare<[string, number], RawRow>(
          `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`,
        )
        .raw(true),
      readAll: this.db
        .prepare<[number, number], RawRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
        .raw(true),
      head: this.db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events'),
      ping: this.db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
    };
    const tx = this.db.transaction((stream: string, events: NewEvent[], expected: ExpectedRevision) =>
      this.appendInTx(stream, events, expected),
    );
    this.appendTx = (stream, events, expected) => tx.immediate(stream, events, expected);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    if (stream.length === 0) throw new Error('Stream name must not be empty');
    const ids = new Set<string>();
    for (const event of events) {
      if (typeof event.id !== 'string' || event.id.length === 0) throw new Error('Every event needs an id');
      if (ids.has(event.id)) throw new Error(`Event id ${event.id} appears twice in one append`);
      ids.add(event.id);
    }
    const result = this.appendTx(stream, events, expected);
    if (events.length > 0) this.wakeSubscribers();
    return result;
  }

  /** Runs inside BEGIN IMMEDIATE: nobody else can write between the check and the inserts. */
  private appendInTx(stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    const head = this.stmt.streamHead.get(stream);
    const current = head ? head.revision : null;

    const retried = this.idempotentResult(stream, events, expected);
    if (retried) return retried;

    assertExpectedRevision(stream, expected, current);
    if (events.length === 0) {
      // Nothing to write: report where the stream stands (an empty stream reports -1 / head position).
      return { nextRevision: current ?? -1, position: head?.position ?? this.headSync() };
    }
    const createdAt = new Date().toISOString();
    let revision = current ?? -1;
    let position = 0;
    for (const event of events) {
      revision += 1;
      let info: Database.RunResult;
      try {
        info = this.stmt.insert.run(
          stream,
          revision,
          event.id,
          event.type,
          JSON.stringify(event.data ?? null),
          JSON.stringify(event.metadata ?? {}),
          createdAt,
        );
      } catch (error) {
        // The write lock rules out a (stream, revision) clash, so a unique violation is an id
        // that is already stored: the whole transaction rolls back.
        if (isUniqueViolation(error)) {
          throw new ConcurrencyError(stream, describeExpected(expected), `event id ${event.id} was already appended`);
        }
        throw error;
      }
      position = Number(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  }

  /**
   * Idempotent retry: when every id is already stored, in this stream, as one contiguous run in
   * the same order, and that run starts where `expected` says the append started, the earlier
   * append is reported again and nothing is written. Any other overlap with stored ids (some ids
   * new, ids in another stream, a different expected revision) is a ConcurrencyError: the caller
   * is racing itself or another writer and has to reload.
   */
  private idempotentResult(stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult | null {
    if (events.length === 0) return null;
    // Fast path: a fresh append's first id is unknown; a later id that clashes is caught by
    // UNIQUE(id) at insert time (see appendInTx).
    if (!this.stmt.existingId.get(events[0]!.id)) return null;
    const found = events.map((event) => this.stmt.existingId.get(event.id));
    const stored = found.filter((row): row is ExistingIdRow => row !== undefined);
    if (stored.length === 0) return null;
    const conflict = (why: string): ConcurrencyError => new ConcurrencyError(stream, describeExpected(expected), why);
    if (stored.length !== events.length) throw conflict('some of these event ids were already appended');
    const first = stored[0]!;
    const contiguous = stored.every((row, i) => row.stream === stream && row.revision === first.revision + i);
    if (!contiguous) throw conflict('these event ids were already appended elsewhere');
    const startedAt = first.revision - 1;
    const matches = expected === 'any' || (expected === 'no_stream' ? startedAt === -1 : expected === startedAt);
    if (!matches) throw conflict(`these event ids were already appended after revision ${startedAt}`);
    const last = stored[stored.length - 1]!;
    return { nextRevision: last.revision, position: last.position };
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.stmt.readStream.all(stream, Math.max(0, options.fromRevision ?? 0)).map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readAllSync(options.after ?? 0, options.maxCount ?? -1);
  }

  /** maxCount -1 = no limit (SQLite's LIMIT -1). */
  private readAllSync(after: number, maxCount: number): RecordedEvent[] {
    return this.stmt.readAll.all(after, maxCount).map(toRecorded);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const subscription = pollingSubscription({
      options: translatingOnError(options, translate),
      read: (after, max) => this.readAllSync(after, max),
      registerWaker: (wake) => {
        this.wakers.add(wake);
        return () => this.wakers.delete(wake);
      },
    });
    return this.subscriptions.track(subscription);
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.headSync();
  }

  private headSync(): number {
    return this.stmt.head.get()?.head ?? 0;
  }

  async ping(): Promise<void> {
    this.assertOpen();
    this.stmt.ping.get();
  }

  /**
   * Copies the WAL into the database file now (what the automatic checkpoint does every ~40 MB).
   * Benchmarks call it so that work deferred by the checkpoint interval is measured too.
   */
  checkpointWal(): void {
    this.assertOpen();
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.subscriptions.stopAll();
    this.closed = true;
    this.db.close();
  }

  private wakeSubscribers(): void {
    for (const wake of this.wakers) wake();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

// Driver errors leave the adapter as faults (no space, busy, unreachable): see faults/sqlite.ts.
guardMethods(
  SqliteEventStore.prototype,
  ['append', 'readStream', 'readAll', 'subscribeToAll', 'headPosition', 'ping'],
  translate,
);
