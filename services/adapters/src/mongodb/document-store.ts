/**
 * The server DocumentStore: MongoDB (`mongodb` driver).
 *
 * Each read-model collection is a MongoDB collection `rm.<name>` holding
 * `{ _id: id, doc: <the document>, expiresAt: Date | null }`: keeping the document under `doc`
 * means no document field can clash with `_id` or the expiry field. Declared fields get an index on
 * `doc.<field>`; expiring collections get a TTL index on `expiresAt` (MongoDB removes expired
 * documents about once a minute) and every read filters them out meanwhile.
 *
 * applyBatch runs in a multi-document transaction together with the checkpoint. MongoDB only has
 * transactions on a replica set (a single-node replica set is enough: `mongod --replSet rs0` and
 * `rs.initiate()`); against a standalone server applyBatch fails loudly rather than writing half.
 *
 * Filters translate one-to-one: MongoDB's own comparison is already type-bracketed (1 ≠ true,
 * $lt on a number only matches numbers), null matches null or missing, and strings compare by
 * UTF-8 bytes under the default collation — the semantics documents/filter.ts pins down.
 */
import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
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
} from '@jsonable/read-models/ports';
import { checkpointList } from '../documents/checkpoints';
import { checkPaging, keysetOf, normaliseFilter, type Condition } from '../documents/filter';
import { assertCollectionName, assertFieldName } from '../documents/names';
import { guardMethods } from '../faults/guard';
import { mongoTranslator } from '../faults/mongodb';
import { escapeRegExp } from './regexp';

interface Stored {
  _id: string;
  doc: Doc;
  expiresAt: Date | null;
  /** Bumped by every batch fenced on this document (see applyBatch); not part of the document. */
  fencedWrites?: number;
}

interface CollectionMeta {
  _id: string;
  expiring: boolean;
  indexes: string[];
}

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

const mongoName = (collection: string): string => `rm.${assertCollectionName(collection)}`;
const path = (field: string): string => (field === 'id' ? '_id' : `doc.${assertFieldName(field)}`);

function conditionQuery(condition: Condition): Document {
  switch (condition.kind) {
    case 'eq':
      return { [path(condition.field)]: condition.value };
    case 'ne':
      return { [path(condition.field)]: { $ne: condition.value } };
    case 'in':
      return { [path(condition.field)]: { $in: condition.values } };
    case 'range':
      return { [path(condition.field)]: { [condition.op]: condition.value } };
    case 'contains':
      // A regular expression also matches an array holding a matching string: only strings count.
      return { [path(condition.field)]: { $regex: escapeRegExp(condition.value), $not: { $type: 'array' } } };
  }
}

/**
 * "After this position in the sort order": the lexicographic OR. Over a compound index of the
 * sort fields MongoDB bounds each branch on the index and merges them in sort order.
 */
function keysetQuery(keys: NonNullable<ReturnType<typeof keysetOf>>): Document {
  return {
    $or: keys.map((k, i) => {
      const branch: Document = {};
      for (let j = 0; j < i; j++) branch[path(keys[j]!.field)] = keys[j]!.value;
      branch[path(k.field)] = { [k.direction === 1 ? '$gt' : '$lt']: k.value };
      return branch;
    }),
  };
}

function notExpired(now: Date): Document {
  return { expiresAt: { $not: { $lte: now } } };
}

export class MongoDocumentStore implements DocumentStore {
  private readonly known = new Map<string, boolean>();

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName = 'jsonable'): Promise<MongoDocumentStore> {
    const client = new MongoClient(url);
    try {
      await client.connect();
    } catch (error) {
      throw mongoTranslator('document-store')(error) ?? error;
    }
    return new MongoDocumentStore(client, client.db(dbName));
  }

  /** Over a client that is connected or connects on first use (the fault contract wraps one). */
  static over(client: MongoClient, dbName = 'jsonable'): MongoDocumentStore {
    return new MongoDocumentStore(client, client.db(dbName));
  }

  private collection(name: string): Collection<Stored> {
    return this.db.collection<Stored>(mongoName(name));
  }

  private get meta(): Collection<CollectionMeta> {
    return this.db.collection<CollectionMeta>('rm_collections');
  }

  private get checkpoints(): Collection<{ _id: string; position: number }> {
    return this.db.collection<{ _id: string; position: number }>('rm_checkpoints');
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const name = mongoName(spec.name);
    const indexes = [...new Set(spec.indexes)].filter((field) => assertFieldName(field) !== 'id');
    const expiring = spec.expiring === true;
    const existing = await this.db.listCollections({ name }, { nameOnly: true }).toArray();
    if (existing.length === 0) {
      await this.db.createCollection(name).catch((error: unknown) => {
        // Another process created it first.
        if (!(error instanceof MongoServerError && error.code === 48)) throw error;
      });
    }
    const collection = this.collection(spec.name);
    for (const field of indexes) await collection.createIndex({ [`doc.${field}`]: 1 });
    for (const list of spec.compoundIndexes ?? []) {
      if (list.length === 0) throw new Error(`An empty compound index on ${spec.name}`);
      // Ascending throughout: MongoDB walks a compound index backwards for a sort that is
      // descending on every field.
      await collection.createIndex(Object.fromEntries(list.map((field) => [path(field), 1] as const)));
    }
    if (expiring) await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await this.meta.updateOne({ _id: spec.name }, { $set: { expiring, indexes } }, { upsert: true });
    this.known.set(spec.name, expiring);
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const found = await this.collection(collection).findOne({ _id: id, ...notExpired(new Date()) });
    return found ? (found.doc as T) : null;
  }

  private query(filter: Filter | undefined, keyset: ReturnType<typeof keysetOf> = null): Document {
    const parts = normaliseFilter(filter).map(conditionQuery);
    if (keyset) parts.push(keysetQuery(keyset));
    parts.push(notExpired(new Date()));
    return { $and: parts };
  }

  async find<T extends Doc = Doc>(collection: string, filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    checkPaging(options);
    const query = this.query(filter, keysetOf(options.sort, options.after));
    if (options.limit === 0) return [];
    const sort: Array<[string, 1 | -1]> = (options.sort ?? []).map(([field, direction]) => {
      if (direction !== 1 && direction !== -1) throw new Error(`Sort direction of ${field} must be 1 or -1`);
      return [path(field), direction];
    });
    // _id last: equal sort keys come back in one stable order (the SQLite adapter does the same).
    if (!sort.some(([field]) => field === '_id')) sort.push(['_id', 1]);
    let cursor = this.collection(collection)
      .find(query, { projection: { doc: 1 } })
      .sort(sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    const rows = await cursor.toArray();
    return rows.map((row) => row.doc as T);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return this.collection(collection).countDocuments(this.query(filter));
  }

  private async isExpiring(collection: string, session?: ClientSession): Promise<boolean> {
    const cached = this.known.get(collection);
    if (cached !== undefined) return cached;
    const meta = await this.meta.findOne({ _id: collection }, { session });
    if (!meta) throw new Error(`Collection ${collection} does not exist (ensureCollection first)`);
    this.known.set(collection, meta.expiring);
    return meta.expiring;
  }

  private async stored(collection: string, doc: Doc, session?: ClientSession): Promise<Stored> {
    if (doc === null || typeof doc !== 'object' || typeof doc.id !== 'string' || doc.id.length === 0) {
      throw new Error('A document needs a non-empty string id');
    }
    const expiring = await this.isExpiring(collection, session);
    let expiresAt: Date | null = null;
    if (expiring && doc.expiresAt !== undefined && doc.expiresAt !== null) {
      if (typeof doc.expiresAt !== 'number' || !Number.isFinite(doc.expiresAt)) {
        throw new Error(`expiresAt of ${collection}/${doc.id} must be epoch milliseconds`);
      }
      expiresAt = new Date(doc.expiresAt);
    }
    return { _id: doc.id, doc, expiresAt };
  }

  async applyBatch(ops: DocOp[], checkpoint?: Checkpoint | readonly Checkpoint[], fence?: Fence): Promise<void> {
    const checkpoints = checkpointList(checkpoint);
    for (const op of ops) assertCollectionName(op.collection);
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        if (fence) {
          // A write, not a read: a transaction that reads a document another one then changes
          // still commits under snapshot isolation, but two that write the same document conflict.
          // So a lease takeover racing this batch makes one of them retry, and the retry of this
          // one finds the new token and gives up, having written nothing.
          const held = await this.collection(fence.collection).updateOne(
            { _id: fence.id, [path(fence.field)]: fence.value },
            { $inc: { fencedWrites: 1 } },
            { session },
          );
          if (held.matchedCount === 0) throw new FencedWriteError(fence);
        }
        // Consecutive operations on one collection go as one ordered bulk write.
        let i = 0;
        while (i < ops.length) {
          const collection = ops[i]!.collection;
          const bulk: Array<AnyBulkWriteOperation<Stored>> = [];
          for (; i < ops.length && ops[i]!.collection === collection; i++) {
            const op = ops[i]!;
            if (op.op === 'put') {
              const stored = await this.stored(collection, op.doc, session);
              bulk.push({ replaceOne: { filter: { _id: stored._id }, replacement: stored, upsert: true } });
            } else {
              await this.isExpiring(collection, session);
              bulk.push({ deleteOne: { filter: { _id: op.id } } });
            }
          }
          await this.collection(collection).bulkWrite(bulk, { session, ordered: true });
        }
        if (checkpoints.length > 0) {
          await this.checkpoints.bulkWrite(
            checkpoints.map((c) => ({
              updateOne: { filter: { _id: c.name }, update: { $set: { position: c.position } }, upsert: true },
            })),
            { session, ordered: true },
          );
        }
      });
    } finally {
      await session.endSession();
    }
  }

  async getCheckpoint(name: string): Promise<number | null> {
    return (await this.checkpoints.findOne({ _id: name }))?.position ?? null;
  }

  async dropCollection(collection: string): Promise<void> {
    try {
      await this.collection(collection).drop();
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
    await this.meta.deleteOne({ _id: collection });
    this.known.delete(collection);
  }

  /** Single-document atomic operations, so no transaction (and no replica set) is needed here. */
  async putIf(collection: string, doc: Doc, expectedVersion: number | null): Promise<boolean> {
    const stored = await this.stored(collection, doc);
    const target = this.collection(collection);
    const now = new Date();
    if (expectedVersion === null) {
      try {
        await target.insertOne(stored);
        return true;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      // Present: only an expired document may be taken over.
      const replaced = await target.replaceOne({ _id: stored._id, expiresAt: { $lte: now } }, stored);
      return replaced.matchedCount === 1;
    }
    const replaced = await target.replaceOne(
      { _id: stored._id, 'doc.version': expectedVersion, ...notExpired(now) },
      stored,
    );
    return replaced.matchedCount === 1;
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** For the GridFS store created from the same connection. */
  database(): Db {
    return this.db;
  }
}

// The driver's errors (server selection, network, timeouts, server codes) leave the adapter as faults.
guardMethods(
  MongoDocumentStore.prototype,
  ['ensureCollection', 'get', 'find', 'count', 'applyBatch', 'getCheckpoint', 'dropCollection', 'putIf', 'ping'],
  mongoTranslator('document-store'),
);
