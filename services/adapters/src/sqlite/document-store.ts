/**
 * The embedded DocumentStore: one SQLite file (better-sqlite3, WAL) holding one table per
 * collection, `(id TEXT PRIMARY KEY, doc TEXT JSON, expires_at INTEGER NULL, "v:field", "t:field"…)`
 * and a `_checkpoints` table written in the same transaction as the documents.
 *
 * Every declared field has two columns computed in JavaScript on write (field-columns.ts): its
 * value as `json_extract` would give it and its JSON type as `json_type` would, with an index on
 * the value. Filters therefore keep the strict JSON-type semantics of documents/filter.ts, but
 * SQLite never parses a document to write or index it (it used to, once per indexed field, in
 * `json_extract` expression indexes). Collections created before columns existed are migrated
 * in place by ensureCollection. Filters on undeclared fields still read the JSON.
 *
 * Large batches (a projector catching up or rebuilding) are committed by a writer thread on a
 * second connection (writer.ts), so SQLite's share of them runs on another core while the
 * projector handles its next batch; small ones are written at once on the calling thread.
 *
 * Identifiers are checked against strict patterns (documents/names.ts) and then double-quoted;
 * every value is a bound parameter. Writes take the write lock up front (BEGIN IMMEDIATE), so
 * putIf is a true compare-and-set also between two processes sharing the file.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  FencedWriteError,
  type Checkpoint,
  type CollectionSpec,
  type Doc,
  type DocOp,
  type DocumentStore,
  type Fence,
  type Filter,
  type FindOptions,
  type Scalar,
} from '@jsonable/read-models/ports';
import { checkpointList } from '../documents/checkpoints';
import { checkPaging, keysetOf, normaliseFilter, type Condition } from '../documents/filter';
import { assertCollectionName, assertFieldName } from '../documents/names';
import { guardMethods } from '../faults/guard';
import { sqliteTranslator } from '../faults/sqlite';
import { fieldColumns, typeColumn, valueColumn } from './field-columns';
import { BackgroundWriter, WriterFencedError, type WriterFault, type WriterFence } from './writer';

export interface SqliteDocumentStoreOptions {
  busyTimeoutMs?: number;
  /** How often expired documents are deleted (default 60 s); 0 turns the background sweep off. */
  sweepIntervalMs?: number;
  /** Milliseconds since the epoch; injectable for tests of expiry. */
  now?: () => number;
  /**
   * applyBatch calls with at least this many operations are committed by a writer thread on a
   * second connection (default 1,000; 0: every batch; Infinity: none), so that SQLite's part of
   * a projector's large batch runs on another core while the projector prepares the next one.
   * Small batches (live projection, API writes) are written at once on this thread.
   */
  backgroundBatchOps?: number;
  /** Wraps the connection (the fault contract puts a fault-injecting proxy around it). */
  driver?: (db: Database.Database) => Database.Database;
  /**
   * Fault tests of the writer thread (its own connection, which `driver` cannot wrap): called
   * once with a function that makes the thread throw a driver error (null: work again).
   */
  writerFaults?: (inject: (fault: WriterFault | null) => void) => void;
}

interface CollectionStatements {
  /** Fields that have value/type columns, in column order. */
  fields: readonly string[];
  columns: ReadonlySet<string>;
  /** Fields with a substring index, each with its FTS5 table (quoted). */
  substring: ReadonlyMap<string, string>;
  get: Database.Statement<[string, number], { doc: string }>;
  upsert: Database.Statement<unknown[]>;
  /** The same upsert for UPSERT_ROWS documents at once (prepared on first use). */
  upsertMany: Database.Statement<unknown[]> | null;
  /** SQL of upsertMany, kept until it is prepared. */
  upsertManySql: string;
  /**
   * The writer thread's upsert of 1 and of UPSERT_ROWS documents, each bound as its JSON text
   * alone: SQLite takes the id and the field columns from it with json_extract/json_type (what
   * field-columns.ts computes here), so only one string per document crosses to that thread.
   */
  jsonUpsertSql: string;
  jsonUpsertManySql: string;
  delete: Database.Statement<[string]>;
  current: Database.Statement<[string], { doc: string; expires_at: number | null }>;
  sweep: Database.Statement<[number]>;
}

const META_SCHEMA = `
CREATE TABLE IF NOT EXISTS _checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS _collections (name TEXT PRIMARY KEY, expiring INTEGER NOT NULL, indexes TEXT NOT NULL);
`;

/** Page cache per connection (KiB) and memory-mapped window of the file. */
const CACHE_KIB = 64 * 1024;
const MMAP_BYTES = 256 * 1024 * 1024;
const PAGE_BYTES = 16 * 1024;
/** WAL size that triggers a checkpoint (the file is reused, not grown, after each one). */
const WAL_CHECKPOINT_BYTES = 40 * 1024 * 1024;

const NO_COLUMNS: ReadonlySet<string> = new Set();

const DEFAULT_BACKGROUND_BATCH_OPS = 1000;

/**
 * Rows per multi-row upsert in applyBatch. One statement step per row costs a call across the
 * native boundary plus SQLite's per-statement work; a projector's batch writes thousands of new
 * documents to one collection in a row, and writing them 32 at a time took ~45 % of the CPU off
 * the SQLite side of those writes (95,000 image documents: ~280 vs ~500 ms).
 */
const UPSERT_ROWS = 32;

const NO_SUBSTRING: ReadonlyMap<string, string> = new Map();
const table = (collection: string): string => `"c:${assertCollectionName(collection)}"`;
const jsonPath = (field: string): string => `'$."${assertFieldName(field)}"'`;

/**
 * The SQL value of a field and its JSON type; `id` is the primary-key column itself, declared
 * fields are columns, anything else is read from the JSON.
 */
function fieldSql(field: string, columns: ReadonlySet<string>): { value: string; type: string } {
  if (field === 'id') return { value: 'id', type: `'text'` };
  if (columns.has(field)) return { value: valueColumn(field), type: typeColumn(field) };
  const path = jsonPath(field);
  return { value: `json_extract(doc, ${path})`, type: `json_type(doc, ${path})` };
}

/** better-sqlite3 binds no booleans; JSON true/false come back from json_extract as 1/0. */
function bindable(value: Exclude<Scalar, null>): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function jsonTypes(value: Exclude<Scalar, null>): string {
  if (typeof value === 'string') return `('text')`;
  if (typeof value === 'number') return `('integer', 'real')`;
  return value ? `('true')` : `('false')`;
}

/**
 * Whether `json_extract(...) = value` alone could match a value of another JSON type. json_extract
 * gives TEXT for strings but also for objects/arrays (their JSON text, starting with { or [), and
 * 1/0 for true/false, so only such operands need the (costly, it parses the document) json_type
 * check. The `id` column has TEXT affinity, which would turn a number operand into text: its type
 * check is a constant, so it is always kept.
 */
function equalityNeedsType(field: string, value: Exclude<Scalar, null>): boolean {
  if (field === 'id' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return value === 0 || value === 1;
  return value.startsWith('{') || value.startsWith('[');
}

/** Equality as SQL that can use the field's index; wrapped in `IS 1` where NULL must read as false. */
function equalsSql(field: string, value: Scalar, params: unknown[], columns: ReadonlySet<string>): string {
  const { value: v, type } = fieldSql(field, columns);
  if (value === null) return `(${v} IS NULL)`;
  params.push(bindable(value));
  return equalityNeedsType(field, value) ? `(${v} = ? AND ${type} IN ${jsonTypes(value)})` : `(${v} = ?)`;
}

const SQL_OPS = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;

function rangeSql(
  condition: Extract<Condition, { kind: 'range' }>,
  params: unknown[],
  columns: ReadonlySet<string>,
): string {
  const { field, op, value } = condition;
  const { value: v, type } = fieldSql(field, columns);
  const sqlOp = SQL_OPS[op];
  params.push(bindable(value));
  if (typeof value === 'number' && field !== 'id') {
    // SQLite orders every number before every TEXT. A numeric range therefore only needs the type
    // check when it could take in true/false (read back as 1/0); an upper-open range excludes
    // strings, objects and arrays with `< ''` instead of parsing the document.
    const takesBoolean = [0, 1].some((b) =>
      op === '$lt' ? b < value : op === '$lte' ? b <= value : op === '$gt' ? b > value : b >= value,
    );
    if (!takesBoolean) return op === '$gt' || op === '$gte' ? `(${v} ${sqlOp} ? AND ${v} < '')` : `(${v} ${sqlOp} ?)`;
  }
  const types = typeof value === 'boolean' ? `('true', 'false')` : jsonTypes(value);
  return `(${v} ${sqlOp} ? AND ${type} IN ${types})`;
}

/** The FTS5 table of a field's substring index, its triggers' names, and the shortest operand it answers. */
const substringTable = (collection: string, field: string): string => `s:${collection}:${field}`;
const SUBSTRING_TRIGGERS = ['insert', 'delete', 'update'] as const;
const TRIGRAM = 3;

/**
 * `$contains` through a field's trigram index: the FTS5 phrase query finds the rows holding every
 * trigram of the operand in a row, and instr() keeps the exact substring semantics (the index
 * only narrows). Operands shorter than a trigram (or holding NUL) cannot be looked up and scan as before.
 */
function containsSql(
  v: string,
  type: string,
  operand: string,
  params: unknown[],
  fts: string | undefined,
  probes: SubstringProbe[],
): string {
  params.push(operand);
  const exact = `instr(${v}, ?) > 0 AND ${type} = 'text'`;
  // FTS5's query parser ends a string at NUL: such an operand scans too.
  if (!fts || [...operand].length < TRIGRAM || operand.includes('\u0000')) return `(${exact})`;
  const match = `"${operand.replaceAll('"', '""')}"`;
  params.push(match);
  probes.push({ fts, match });
  return `(${exact} AND rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?))`;
}

/** A substring-index lookup of a query: its FTS5 table and MATCH string. */
interface SubstringProbe {
  fts: string;
  match: string;
}

/**
 * Up to this many substring-index matches, a query is driven by the matching rows (rowid lookups,
 * `NOT INDEXED`) rather than by an index of its other conditions: SQLite's planner, without
 * statistics, would walk e.g. every image of the account in the compound index and test each
 * against the match list, which costs the same for a word found nowhere as for one found everywhere.
 */
const SUBSTRING_DRIVES_UP_TO = 5000;

function conditionSql(
  condition: Condition,
  params: unknown[],
  columns: ReadonlySet<string>,
  substring: ReadonlyMap<string, string> = NO_SUBSTRING,
  probes: SubstringProbe[] = [],
): string {
  switch (condition.kind) {
    case 'eq':
      return equalsSql(condition.field, condition.value, params, columns);
    case 'ne':
      return `NOT (${equalsSql(condition.field, condition.value, params, columns)} IS 1)`;
    case 'in':
      if (condition.values.length === 0) return '0';
      return `(${condition.values.map((value) => `(${equalsSql(condition.field, value, params, columns)} IS 1)`).join(' OR ')})`;
    case 'range':
      return rangeSql(condition, params, columns);
    case 'contains': {
      const { value: v, type } = fieldSql(condition.field, columns);
      return containsSql(
        v,
        type,
        condition.value,
        params,
        columns.has(condition.field) ? substring.get(condition.field) : undefined,
        probes,
      );
    }
  }
}

/**
 * "After this position in the sort order" as SQL. With one direction throughout it is a row-value
 * comparison, which SQLite turns into a seek on a compound index of the same fields; mixed
 * directions spell out the lexicographic OR.
 */
function keysetSql(
  keys: NonNullable<ReturnType<typeof keysetOf>>,
  params: unknown[],
  columns: ReadonlySet<string>,
): string {
  const sqlOf = keys.map((k) => fieldSql(k.field, columns).value);
  if (keys.every((k) => k.direction === keys[0]!.direction)) {
    for (const k of keys) params.push(bindable(k.value));
    return `((${sqlOf.join(', ')}) ${keys[0]!.direction === 1 ? '>' : '<'} (${keys.map(() => '?').join(', ')}))`;
  }
  const alternatives = keys.map((k, i) => {
    const parts: string[] = [];
    for (let j = 0; j < i; j++) {
      parts.push(`${sqlOf[j]} = ?`);
      params.push(bindable(keys[j]!.value));
    }
    parts.push(`${sqlOf[i]} ${k.direction === 1 ? '>' : '<'} ?`);
    params.push(bindable(k.value));
    return `(${parts.join(' AND ')})`;
  });
  return `(${alternatives.join(' OR ')})`;
}

/** Name of a compound index; its fields are part of it, so a changed list is another index. */
const compoundIndexName = (collection: string, fields: readonly string[]): string =>
  `k:${collection}:${fields.join(',')}`;

function parseDoc<T extends Doc>(text: string): T {
  return JSON.parse(text) as T;
}

function assertDoc(doc: Doc): void {
  if (doc === null || typeof doc !== 'object' || typeof doc.id !== 'string' || doc.id.length === 0) {
    throw new Error('A document needs a non-empty string id');
  }
}

function isMissingTable(error: unknown): boolean {
  return error instanceof Database.SqliteError && /no such table/i.test(error.message);
}

export class SqliteDocumentStore implements DocumentStore {
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly statements = new Map<string, CollectionStatements>();
  private readonly queryCache = new Map<string, Database.Statement<unknown[], unknown>>();
  /** Collections known to exist, with whether they expire (loaded from _collections when unknown). */
  private readonly known = new Map<string, boolean>();
  private readonly sweepTimer: NodeJS.Timeout | null;
  private readonly checkpointGet;
  private readonly checkpointPut;
  private readonly collectionGet;
  private closed = false;
  private readonly backgroundBatchOps: number;
  private readonly writer: BackgroundWriter;
  /** The batch the writer thread is committing; every other write waits for it (one writer at a time). */
  private inFlight: Promise<void> | null = null;

  constructor(
    readonly file: string,
    options: SqliteDocumentStoreOptions = {},
  ) {
    mkdirSync(dirname(file), { recursive: true });
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    const db = new Database(file, { timeout: busyTimeoutMs });
    this.db = options.driver ? options.driver(db) : db;
    // Only takes effect on a new, empty file (an existing one keeps its page size). Read-model
    // rows carry a JSON document plus a column pair per declared field: 16 KiB pages hold more of
    // them, so a rebuild writes fewer pages to the WAL and splits fewer (measured ~25 % less CPU
    // per document written than 4 KiB pages).
    this.db.pragma(`page_size = ${PAGE_BYTES}`);
    this.db.pragma('journal_mode = WAL');
    const pageBytes = this.db.pragma('page_size', { simple: true }) as number;
    const pragmas = [
      'synchronous = NORMAL',
      // Read models are rewritten in big batches and read by index: a larger page cache keeps the
      // B-tree pages of a rebuild in memory, memory-mapped reads skip a copy per page, and index
      // builds sort in memory. None of these touch durability (WAL + synchronous=NORMAL).
      `cache_size = -${CACHE_KIB}`,
      `mmap_size = ${MMAP_BYTES}`,
      'temp_store = MEMORY',
      // Checkpoint the WAL every ~40 MB instead of every ~4 MB: a page rewritten by many batches
      // (B-tree pages of random ids) is copied into the file once per checkpoint, not once per
      // batch. Checkpoints only move committed data, so durability is the same.
      `wal_autocheckpoint = ${Math.ceil(WAL_CHECKPOINT_BYTES / pageBytes)}`,
    ];
    for (const pragma of pragmas) this.db.pragma(pragma);
    this.backgroundBatchOps = options.backgroundBatchOps ?? DEFAULT_BACKGROUND_BATCH_OPS;
    this.writer = new BackgroundWriter(file, busyTimeoutMs, pragmas, {
      injectable: options.writerFaults !== undefined,
    });
    options.writerFaults?.((fault) => this.writer.inject(fault));
    this.db.exec(META_SCHEMA);
    this.now = options.now ?? Date.now;
    this.checkpointGet = this.db.prepare<[string], { position: number }>(
      'SELECT position FROM _checkpoints WHERE name = ?',
    );
    this.checkpointPut = this.db.prepare<[string, number]>(
      'INSERT INTO _checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
    );
    this.collectionGet = this.db.prepare<[string], { expiring: number }>(
      'SELECT expiring FROM _collections WHERE name = ?',
    );
    const interval = options.sweepIntervalMs ?? 60_000;
    this.sweepTimer = interval > 0 ? setInterval(() => this.sweepExpiredSafely(), interval) : null;
    // The sweep is housekeeping: it must not keep a process alive that is otherwise done.
    this.sweepTimer?.unref();
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    this.assertOpen();
    if (this.inFlight) await this.writesSettled();
    const t = table(spec.name);
    const indexes = [...new Set(spec.indexes)].filter((field) => assertFieldName(field) !== 'id');
    const compounds = (spec.compoundIndexes ?? []).map((list) => {
      if (list.length === 0) throw new Error(`An empty compound index on ${spec.name}`);
      return list.map(assertFieldName);
    });
    const substring = [...new Set(spec.substringIndexes ?? [])].filter((field) => assertFieldName(field) !== 'id');
    const fields = [...new Set([...indexes, ...(spec.indexLater ?? []), ...compounds.flat(), ...substring])].filter(
      (field) => assertFieldName(field) !== 'id',
    );
    const expiring = spec.expiring === true;
    this.db
      .transaction(() => {
        const columns = fields.map((field) => `, ${valueColumn(field)}, ${typeColumn(field)}`).join('');
        this.db.exec(
          `CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL, expires_at INTEGER${columns})`,
        );
        const existing = this.columnFields(spec.name);
        for (const field of fields) {
          if (existing.includes(field)) continue;
          // A collection from before field columns (or a newly declared field): add and fill them
          // from the stored JSON once; from now on writes keep them current.
          const path = jsonPath(field);
          this.db.exec(`ALTER TABLE ${t} ADD COLUMN ${valueColumn(field)}`);
          this.db.exec(`ALTER TABLE ${t} ADD COLUMN ${typeColumn(field)}`);
          this.db.exec(
            `UPDATE ${t} SET ${valueColumn(field)} = json_extract(doc, ${path}), ${typeColumn(field)} = json_type(doc, ${path})`,
          );
        }
        for (const field of existing) {
          // An index the spec no longer declares goes: SQLite's planner has no statistics and takes
          // any usable index, so a leftover index on a two-valued field (`deleted`) would be chosen
          // over a selective one (`userId`) and scan half the table. Its columns stay and stay current.
          if (!indexes.includes(field)) this.db.exec(`DROP INDEX IF EXISTS "f:${spec.name}:${field}"`);
        }
        for (const field of indexes) {
          // The json_extract expression index of earlier versions gives way to the column's.
          this.db.exec(`DROP INDEX IF EXISTS "i:${spec.name}:${field}"`);
          this.db.exec(`CREATE INDEX IF NOT EXISTS "f:${spec.name}:${field}" ON ${t} (${valueColumn(field)})`);
        }
        const wanted = new Set(compounds.map((list) => compoundIndexName(spec.name, list)));
        const present = this.db
          .prepare<[string, string], { name: string }>(
            `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE ?`,
          )
          .all(`c:${spec.name}`, `k:${spec.name}:%`);
        for (const { name } of present) if (!wanted.has(name)) this.db.exec(`DROP INDEX IF EXISTS "${name}"`);
        for (const list of compounds) {
          const columns = list.map((field) => (field === 'id' ? 'id' : valueColumn(field))).join(', ');
          this.db.exec(`CREATE INDEX IF NOT EXISTS "${compoundIndexName(spec.name, list)}" ON ${t} (${columns})`);
        }
        if (expiring)
          this.db.exec(`CREATE INDEX IF NOT EXISTS "x:${spec.name}" ON ${t} (expires_at) WHERE expires_at IS NOT NULL`);
        this.ensureSubstringIndexes(spec.name, substring);
        this.db
          .prepare(
            'INSERT INTO _collections (name, expiring, indexes) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET expiring = excluded.expiring, indexes = excluded.indexes',
          )
          .run(spec.name, expiring ? 1 : 0, JSON.stringify(indexes));
      })
      .immediate();
    this.known.set(spec.name, expiring);
    this.statements.delete(spec.name);
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    this.assertOpen();
    const s = this.statementsFor(collection);
    if (!s) return null;
    const row = this.tolerateDropped(collection, () => s.get.get(id, this.now()));
    return row ? parseDoc<T>(row.doc) : null;
  }

  async find<T extends Doc = Doc>(collection: string, filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    this.assertOpen();
    const { sql, params, exists } = this.findSql(collection, filter, options);
    if (!exists) return [];
    const rows = this.tolerateDropped(collection, () => this.prepared<{ doc: string }>(sql).all(...params)) ?? [];
    return rows.map((row) => parseDoc<T>(row.doc));
  }

  /** SQLite's query plan of a find (tests and benchmarks check that pages are read by an index). */
  explainFind(collection: string, filter?: Filter, options: FindOptions = {}): string[] {
    this.assertOpen();
    const { sql, params } = this.findSql(collection, filter, options);
    return this.db
      .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params)
      .map((row) => row.detail);
  }

  private findSql(
    collection: string,
    filter: Filter | undefined,
    options: FindOptions,
  ): { sql: string; params: unknown[]; exists: boolean } {
    checkPaging(options);
    const columns = this.columnsOf(collection);
    const keyset = keysetOf(options.sort, options.after);
    const { where, params, from } = this.whereSql(collection, filter, columns ?? NO_COLUMNS, keyset);
    const order = (options.sort ?? []).map(([field, direction]) => {
      if (direction !== 1 && direction !== -1) throw new Error(`Sort direction of ${field} must be 1 or -1`);
      return `${fieldSql(assertFieldName(field), columns ?? NO_COLUMNS).value} ${direction === 1 ? 'ASC' : 'DESC'}`;
    });
    // id last: equal sort keys come back in one stable order (MongoDB's adapter does the same).
    if (!(options.sort ?? []).some(([field]) => field === 'id')) order.push('id ASC');
    const orderBy = `ORDER BY ${order.join(', ')}`;
    let sql = `SELECT ${from.driven ? 'rowid' : 'doc'} FROM ${from.table} WHERE ${where} ${orderBy}`;
    if (options.limit !== undefined || options.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit ?? -1, options.skip ?? 0);
    }
    // Driven by substring matches, the rows are sorted by their keys and rowid alone; only the
    // page's documents are read afterwards (sorting whole documents cost more than finding them).
    if (from.driven) sql = `SELECT doc FROM ${table(collection)} WHERE rowid IN (${sql}) ${orderBy}`;
    return { sql, params, exists: columns !== null };
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    this.assertOpen();
    const columns = this.columnsOf(collection);
    const { where, params, from } = this.whereSql(collection, filter, columns ?? NO_COLUMNS, null);
    const sql = `SELECT COUNT(*) AS n FROM ${from.table} WHERE ${where}`;
    if (!columns) return 0;
    const row = this.tolerateDropped(collection, () => this.prepared<{ n: number }>(sql).get(...params));
    return row?.n ?? 0;
  }

  async applyBatch(ops: DocOp[], checkpoint?: Checkpoint | readonly Checkpoint[], fence?: Fence): Promise<void> {
    this.assertOpen();
    for (const op of ops) if (op.op === 'put') assertDoc(op.doc);
    const checkpoints = checkpointList(checkpoint);
    if (this.inFlight) await this.writesSettled();
    if (ops.length > 0 && ops.length >= this.backgroundBatchOps) return this.applyInBackground(ops, checkpoints, fence);
    this.db
      .transaction(() => {
        // Under the write lock (BEGIN IMMEDIATE): nobody can move the fence between check and commit.
        if (fence) this.checkFence(fence);
        this.walkBatch(
          ops,
          (s, id) => s.delete.run(id),
          (s, collection, docs) => {
            if (docs.length === 1) return this.upsert(s, collection, docs[0]!);
            const params: unknown[] = [];
            for (const doc of docs) this.rowParams(params, s, collection, doc);
            (s.upsertMany ??= this.db.prepare(s.upsertManySql)).run(params);
          },
        );
        for (const c of checkpoints) this.checkpointPut.run(c.name, c.position);
      })
      .immediate();
  }

  /**
   * applyBatch on the writer thread: the statements are built here, in the order the synchronous
   * path runs them, and committed there in one transaction (fence included). Puts send only the
   * document's JSON text and SQLite derives the id and field columns from it (jsonUpsertSql), so
   * this thread's share of a put is JSON.stringify; the property test in the adapter's tests
   * checks that both paths store the same rows. Until the batch is settled every other write of
   * this store waits (writesSettled), so writes keep their order; reads meanwhile see the store
   * as it was before the batch, as they would before a synchronous applyBatch.
   */
  private async applyInBackground(ops: DocOp[], checkpoints: readonly Checkpoint[], fence?: Fence): Promise<void> {
    let writerFence: WriterFence | null = null;
    if (fence) {
      const s = this.statementsFor(fence.collection);
      if (!s) throw new FencedWriteError(fence);
      writerFence = { sql: s.current.source, id: fence.id, field: fence.field, value: fence.value };
    }
    const batch = this.writer.begin(writerFence);
    let committing: Promise<void>;
    try {
      this.walkBatch(
        ops,
        (s, id) => batch.step(s.delete.source, [id]),
        (s, collection, docs) => {
          if (this.known.get(collection)) {
            // Expiring collections (operational data) carry expires_at: bound like the synchronous path.
            const params: unknown[] = [];
            for (const doc of docs) this.rowParams(params, s, collection, doc);
            batch.step(docs.length === 1 ? s.upsert.source : s.upsertManySql, params);
          } else {
            batch.documents(
              docs.length === 1 ? s.jsonUpsertSql : s.jsonUpsertManySql,
              docs.map((doc) => JSON.stringify(doc)),
            );
          }
        },
      );
      for (const c of checkpoints) batch.step(this.checkpointPut.source, [c.name, c.position]);
      committing = batch.end();
    } catch (error) {
      batch.abort();
      throw error;
    }
    const settled = committing.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight = settled;
    void settled.then(() => {
      if (this.inFlight === settled) this.inFlight = null;
    });
    try {
      await committing;
    } catch (error) {
      if (error instanceof WriterFencedError && fence) throw new FencedWriteError(fence);
      throw error;
    }
  }

  /**
   * Walks a batch as the statements that write it, in order: a delete each, and puts in runs of
   * one collection, UPSERT_ROWS documents per statement (the rest one by one). A projector's batch
   * is long runs of one collection, so statements are looked up once per run.
   */
  private walkBatch(
    ops: DocOp[],
    onDelete: (s: CollectionStatements, id: string) => void,
    onPuts: (s: CollectionStatements, collection: string, docs: Doc[]) => void,
  ): void {
    let collection: string | null = null;
    let s: CollectionStatements | null = null;
    for (let i = 0; i < ops.length;) {
      const op = ops[i]!;
      if (op.collection !== collection || s === null) {
        s = this.requireStatements(op.collection);
        collection = op.collection;
      }
      if (op.op === 'delete') {
        onDelete(s, op.id);
        i++;
        continue;
      }
      // Rows of one statement are applied in order, so a run keeps the ops' order.
      const docs: Doc[] = [];
      for (let n = i + (this.putRun(ops, i) >= UPSERT_ROWS ? UPSERT_ROWS : 1); i < n; i++)
        docs.push((ops[i] as Extract<DocOp, { op: 'put' }>).doc);
      onPuts(s, collection, docs);
    }
  }

  /** Waits until no batch is being committed by the writer thread (another may start right after). */
  private async writesSettled(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    this.assertOpen();
  }

  private checkFence(fence: Fence): void {
    const s = this.statementsFor(fence.collection);
    const row = s ? s.current.get(fence.id) : undefined;
    const doc = row ? parseDoc<Doc>(row.doc) : null;
    if (!doc || doc[fence.field] !== fence.value) throw new FencedWriteError(fence);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    this.assertOpen();
    return this.checkpointGet.get(name)?.position ?? null;
  }

  async dropCollection(collection: string): Promise<void> {
    this.assertOpen();
    if (this.inFlight) await this.writesSettled();
    const t = table(collection);
    this.db
      .transaction(() => {
        // Dropping the table drops its triggers; the substring indexes are tables of their own.
        this.db.exec(`DROP TABLE IF EXISTS ${t}`);
        for (const field of this.substringFields(collection))
          this.db.exec(`DROP TABLE IF EXISTS "${substringTable(collection, field)}"`);
        this.db.prepare('DELETE FROM _collections WHERE name = ?').run(collection);
      })
      .immediate();
    this.known.delete(collection);
    this.statements.delete(collection);
  }

  async putIf(collection: string, doc: Doc, expectedVersion: number | null): Promise<boolean> {
    this.assertOpen();
    assertDoc(doc);
    if (this.inFlight) await this.writesSettled();
    return this.db
      .transaction(() => {
        const s = this.requireStatements(collection);
        const now = this.now();
        const row = s.current.get(doc.id);
        // An expired document counts as absent: an expired lease or rate-limit window can be taken anew.
        const live = row && (row.expires_at === null || row.expires_at > now) ? parseDoc<Doc>(row.doc) : null;
        const version = live === null ? null : typeof live.version === 'number' ? live.version : undefined;
        if (version !== expectedVersion) return false;
        this.upsert(s, collection, doc);
        return true;
      })
      .immediate();
  }

  /** Deletes expired documents of every expiring collection; returns how many. */
  async sweepExpired(): Promise<number> {
    this.assertOpen();
    if (this.inFlight) await this.writesSettled();
    return this.sweepSync();
  }

  async ping(): Promise<void> {
    this.assertOpen();
    this.db.prepare('SELECT 1').get();
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
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // A batch the writer thread is committing finishes first: its caller is told the outcome.
    while (this.inFlight) await this.inFlight;
    await this.writer.close();
    this.db.close();
  }

  private sweepSync(): number {
    const expiring = this.db.prepare<[], { name: string }>('SELECT name FROM _collections WHERE expiring = 1').all();
    let removed = 0;
    const now = this.now();
    for (const { name } of expiring) {
      const s = this.statementsFor(name);
      if (s) removed += this.tolerateDropped(name, () => s.sweep.run(now).changes) ?? 0;
    }
    return removed;
  }

  private sweepExpiredSafely(): void {
    // While the writer thread holds the write lock the sweep would only wait for it: next time.
    if (this.closed || this.inFlight) return;
    try {
      this.sweepSync();
    } catch {
      // A busy file or a collection dropped meanwhile: the next sweep tries again.
    }
  }

  private upsert(s: CollectionStatements, collection: string, doc: Doc): void {
    const params: unknown[] = [];
    this.rowParams(params, s, collection, doc);
    s.upsert.run(params);
  }

  /** Appends one document's row (id, JSON, expiry, field columns) to a statement's parameters. */
  private rowParams(params: unknown[], s: CollectionStatements, collection: string, doc: Doc): void {
    params.push(doc.id, JSON.stringify(doc), this.expiryOf(collection, doc));
    fieldColumns(params, doc, s.fields);
  }

  /** How many puts into ops[start]'s collection follow from `start` on (at most UPSERT_ROWS). */
  private putRun(ops: DocOp[], start: number): number {
    const collection = ops[start]!.collection;
    let n = 0;
    while (n < UPSERT_ROWS && start + n < ops.length) {
      const op = ops[start + n]!;
      if (op.op !== 'put' || op.collection !== collection) break;
      n++;
    }
    return n;
  }

  /** Fields that have value/type columns in the collection's table (from the table itself). */
  private columnFields(collection: string): string[] {
    const rows = this.db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('c:${assertCollectionName(collection)}')`)
      .all();
    const names = new Set(rows.map((row) => row.name));
    return rows
      .filter((row) => row.name.startsWith('v:') && names.has(`t:${row.name.slice(2)}`))
      .map((row) => row.name.slice(2));
  }

  private whereSql(
    collection: string,
    filter: Filter | undefined,
    columns: ReadonlySet<string>,
    keyset: ReturnType<typeof keysetOf>,
  ): { where: string; params: unknown[]; from: { table: string; driven: boolean } } {
    const params: unknown[] = [];
    const substring = this.statements.get(collection)?.substring ?? NO_SUBSTRING;
    const probes: SubstringProbe[] = [];
    const parts = normaliseFilter(filter).map((condition) =>
      conditionSql(condition, params, columns, substring, probes),
    );
    if (keyset) parts.push(keysetSql(keyset, params, columns));
    // Only expiring collections set expires_at. Elsewhere the clause is left out: it reads the
    // row, so a count or a page that an index could answer alone would visit every row.
    if (this.known.get(collection) !== false) {
      params.push(this.now());
      parts.push('(expires_at IS NULL OR expires_at > ?)');
    }
    const driven = probes.some((probe) => this.substringMatchesAtMost(probe, SUBSTRING_DRIVES_UP_TO));
    return {
      where: parts.length > 0 ? parts.join(' AND ') : '1',
      params,
      from: { table: driven ? `${table(collection)} NOT INDEXED` : table(collection), driven },
    };
  }

  /** Whether a substring-index lookup finds at most `limit` rows (reads at most limit + 1 of them). */
  private substringMatchesAtMost(probe: SubstringProbe, limit: number): boolean {
    const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM ${probe.fts} WHERE ${probe.fts} MATCH ? LIMIT ?)`;
    return (this.prepared<{ n: number }>(sql).get(probe.match, limit + 1)?.n ?? 0) <= limit;
  }

  private expiryOf(collection: string, doc: Doc): number | null {
    if (!this.known.get(collection)) return null;
    const expiresAt = doc.expiresAt;
    if (expiresAt === undefined || expiresAt === null) return null;
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) {
      throw new Error(`expiresAt of ${collection}/${doc.id} must be epoch milliseconds`);
    }
    return Math.floor(expiresAt);
  }

  /** Whether the collection exists (asking the file when this instance has not seen it yet). */
  private exists(collection: string): boolean {
    assertCollectionName(collection);
    if (this.known.has(collection)) return true;
    const row = this.collectionGet.get(collection);
    if (!row) return false;
    this.known.set(collection, row.expiring === 1);
    return true;
  }

  private statementsFor(collection: string): CollectionStatements | null {
    if (!this.exists(collection)) return null;
    let s = this.statements.get(collection);
    if (!s) {
      const t = table(collection);
      const fields = this.columnFields(collection);
      const columns = [
        'id',
        'doc',
        'expires_at',
        ...fields.flatMap((field) => [valueColumn(field), typeColumn(field)]),
      ];
      const row = `(${columns.map(() => '?').join(', ')})`;
      const onConflict = `ON CONFLICT(id) DO UPDATE SET ${columns
        .slice(1)
        .map((column) => `${column} = excluded.${column}`)
        .join(', ')}`;
      const upsertSql = (rows: number): string =>
        `INSERT INTO ${t} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')} ${onConflict}`;
      // Rows are taken from VALUES in order (column1: the JSON text); WHERE true parses the upsert.
      // A number is stored as the REAL that JavaScript binds on the synchronous path (an integer
      // past 2^53 read exactly by json_extract would not equal the double a filter binds).
      const fromJson = `json_extract(column1, '$."id"'), column1, NULL${fields
        .map((field) => {
          const path = jsonPath(field);
          const type = `json_type(column1, ${path})`;
          return `, CASE ${type} WHEN 'integer' THEN CAST(json_extract(column1, ${path}) AS REAL) WHEN 'true' THEN 1.0 WHEN 'false' THEN 0.0 ELSE json_extract(column1, ${path}) END, ${type}`;
        })
        .join('')}`;
      const jsonUpsertSql = (rows: number): string =>
        `INSERT INTO ${t} (${columns.join(', ')}) SELECT ${fromJson} FROM (VALUES ${Array.from({ length: rows }, () => '(?)').join(', ')}) WHERE true ${onConflict}`;
      s = {
        fields,
        columns: new Set(fields),
        substring: new Map(
          this.substringFields(collection).map((field) => [field, `"${substringTable(collection, field)}"`]),
        ),
        get: this.db.prepare(`SELECT doc FROM ${t} WHERE id = ? AND (expires_at IS NULL OR expires_at > ?)`),
        upsert: this.db.prepare(upsertSql(1)),
        upsertMany: null,
        upsertManySql: upsertSql(UPSERT_ROWS),
        jsonUpsertSql: jsonUpsertSql(1),
        jsonUpsertManySql: jsonUpsertSql(UPSERT_ROWS),
        delete: this.db.prepare(`DELETE FROM ${t} WHERE id = ?`),
        current: this.db.prepare(`SELECT doc, expires_at FROM ${t} WHERE id = ?`),
        sweep: this.db.prepare(`DELETE FROM ${t} WHERE expires_at IS NOT NULL AND expires_at <= ?`),
      };
      this.statements.set(collection, s);
    }
    return s;
  }

  /** Fields of the collection that have a substring index (from the schema). */
  private substringFields(collection: string): string[] {
    const prefix = substringTable(assertCollectionName(collection), '');
    return this.db
      .prepare<[string, string], { name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, length(?)) = ? AND sql LIKE 'CREATE VIRTUAL TABLE%'`,
      )
      .all(prefix, prefix)
      .map((row) => row.name.slice(prefix.length))
      .filter((field) => !field.includes(':'));
  }

  /**
   * One FTS5 trigram table per substring-indexed field (contentless: it holds the trigrams and
   * rowids, not a second copy of the text), kept current by triggers on the collection's table,
   * so every write path (this connection, the writer thread, a rebuild) maintains it. A new one
   * is filled from the rows already there; one no longer declared is dropped with its triggers.
   * Runs inside ensureCollection's transaction.
   */
  private ensureSubstringIndexes(collection: string, fields: readonly string[]): void {
    const t = table(collection);
    for (const field of this.substringFields(collection)) {
      if (fields.includes(field)) continue;
      for (const trigger of SUBSTRING_TRIGGERS)
        this.db.exec(`DROP TRIGGER IF EXISTS "${substringTable(collection, field)}:${trigger}"`);
      this.db.exec(`DROP TABLE IF EXISTS "${substringTable(collection, field)}"`);
    }
    const present = new Set(this.substringFields(collection));
    for (const field of fields) {
      const name = substringTable(collection, field);
      const fts = `"${name}"`;
      const v = valueColumn(field);
      const type = typeColumn(field);
      if (!present.has(field)) {
        this.db.exec(
          `CREATE VIRTUAL TABLE ${fts} USING fts5(${v}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
        );
        this.db.exec(`INSERT INTO ${fts} (rowid, ${v}) SELECT rowid, ${v} FROM ${t} WHERE ${type} = 'text'`);
      }
      this.db.exec(
        `CREATE TRIGGER IF NOT EXISTS "${name}:insert" AFTER INSERT ON ${t} WHEN new.${type} = 'text' ` +
          `BEGIN INSERT INTO ${fts} (rowid, ${v}) VALUES (new.rowid, new.${v}); END`,
      );
      this.db.exec(
        `CREATE TRIGGER IF NOT EXISTS "${name}:delete" AFTER DELETE ON ${t} WHEN old.${type} = 'text' ` +
          `BEGIN DELETE FROM ${fts} WHERE rowid = old.rowid; END`,
      );
      // Upserts rewrite every column: only a changed value touches the index.
      this.db.exec(
        `CREATE TRIGGER IF NOT EXISTS "${name}:update" AFTER UPDATE OF ${v}, ${type} ON ${t} ` +
          `WHEN old.${v} IS NOT new.${v} OR old.${type} IS NOT new.${type} ` +
          `BEGIN DELETE FROM ${fts} WHERE rowid = old.rowid; INSERT INTO ${fts} (rowid, ${v}) SELECT new.rowid, new.${v} WHERE new.${type} = 'text'; END`,
      );
    }
  }

  /** The collection's field columns; null when it does not exist. */
  private columnsOf(collection: string): ReadonlySet<string> | null {
    const s = this.tolerateDropped(collection, () => this.statementsFor(collection));
    return s ? s.columns : null;
  }

  private requireStatements(collection: string): CollectionStatements {
    const s = this.statementsFor(collection);
    if (!s) throw new Error(`Collection ${collection} does not exist (ensureCollection first)`);
    return s;
  }

  /** Another process may drop a collection between our check and the query: read it as empty. */
  private tolerateDropped<R>(collection: string, run: () => R): R | null {
    try {
      return run();
    } catch (error) {
      if (!isMissingTable(error)) throw error;
      this.known.delete(collection);
      this.statements.delete(collection);
      return null;
    }
  }

  /** Queries differ only by their filter's shape, so a small cache of prepared statements pays off. */
  private prepared<R>(sql: string): Database.Statement<unknown[], R> {
    let statement = this.queryCache.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[], unknown>(sql);
      if (this.queryCache.size >= 256) this.queryCache.delete(this.queryCache.keys().next().value!);
      this.queryCache.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], R>;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The document store is closed');
  }
}

// Driver errors (also the writer thread's) leave the adapter as faults: see faults/sqlite.ts.
guardMethods(
  SqliteDocumentStore.prototype,
  [
    'ensureCollection',
    'get',
    'find',
    'count',
    'applyBatch',
    'getCheckpoint',
    'dropCollection',
    'putIf',
    'sweepExpired',
    'ping',
  ],
  sqliteTranslator('document-store'),
);
