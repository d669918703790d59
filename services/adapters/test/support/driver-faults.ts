/**
 * The drivers' real error shapes, one list per driver, and the fault harnesses that put each
 * adapter's driver behind the fault-injecting wrapper (domain/testing/fault-injection.ts). Shared
 * by every run of the fault contract (domain/testing/fault.contract.ts): the embedded adapters in
 * faults.test.ts (always run), the server adapters' translation without a server in
 * faults-servers.test.ts, and the same contract — translation, nothing half-written, the same
 * instance working again once the fault clears — against real servers in mongodb.test.ts and
 * eventstoredb.test.ts (run where a container runtime or a server URL exists).
 */
import Database from 'better-sqlite3';
import {
  MongoClient,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';
import { DeadlineExceededError, NotLeaderError, UnavailableError } from '@kurrent/kurrentdb-client';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { BlobStore, EventStore } from '@jsonable/domain/ports';
import { errnoError, faulty, faultSwitch } from '@jsonable/domain/testing/fault-injection';
import type { FaultHarness, InjectedFault } from '@jsonable/domain/testing/fault.contract';
import { EsdbEventStore } from '../../src/eventstoredb/event-store';
import { MongoDocumentStore } from '../../src/mongodb/document-store';
import { GridFsBlobStore } from '../../src/mongodb/gridfs-blob-store';

const sqlite = (code: string, message: string) => () => new Database.SqliteError(message, code);

/** What better-sqlite3 throws when the disk is full, the file stays locked, or the disk fails. */
export const SQLITE_FAULTS: InjectedFault[] = [
  { label: 'SQLITE_FULL', error: sqlite('SQLITE_FULL', 'database or disk is full'), kind: 'no_space', retryable: true },
  { label: 'SQLITE_BUSY', error: sqlite('SQLITE_BUSY', 'database is locked'), kind: 'busy', retryable: true },
  {
    label: 'SQLITE_BUSY_SNAPSHOT',
    error: sqlite('SQLITE_BUSY_SNAPSHOT', 'database is locked'),
    kind: 'busy',
    retryable: true,
  },
  {
    label: 'SQLITE_IOERR_WRITE',
    error: sqlite('SQLITE_IOERR_WRITE', 'disk I/O error'),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'SQLITE_CANTOPEN',
    error: sqlite('SQLITE_CANTOPEN', 'unable to open database file'),
    kind: 'unreachable',
    retryable: true,
  },
];

/** What node:fs throws on a full disk, a full quota, a failing disk, too many open files. */
export const FS_FAULTS: InjectedFault[] = [
  {
    label: 'ENOSPC',
    error: () => errnoError('ENOSPC', 'write', 'no space left on device'),
    kind: 'no_space',
    retryable: true,
  },
  {
    label: 'EDQUOT',
    error: () => errnoError('EDQUOT', 'write', 'disk quota exceeded'),
    kind: 'no_space',
    retryable: true,
  },
  { label: 'EIO', error: () => errnoError('EIO', 'fsync', 'i/o error'), kind: 'unreachable', retryable: true },
  { label: 'EMFILE', error: () => errnoError('EMFILE', 'open', 'too many open files'), kind: 'busy', retryable: true },
];

const mongoServerError = (code: number, codeName: string, errmsg: string) => () =>
  new MongoServerError({ ok: 0, code, codeName, errmsg });

/** What the mongodb driver throws: a full disk, no primary, a dropped connection, timeouts, conflicts. */
export const MONGO_FAULTS: InjectedFault[] = [
  {
    label: 'OutOfDiskSpace 14031',
    error: mongoServerError(14031, 'OutOfDiskSpace', 'Detected out of disk space'),
    kind: 'no_space',
    retryable: true,
  },
  {
    label: 'No space left on device',
    error: mongoServerError(8, 'UnknownError', 'WiredTiger error (28) No space left on device'),
    kind: 'no_space',
    retryable: true,
  },
  {
    label: 'MongoServerSelectionError',
    error: () =>
      new MongoServerSelectionError('Server selection timed out after 30000 ms', {
        servers: new Map(),
        type: 'Unknown',
      } as never),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'MongoNetworkError',
    error: () => new MongoNetworkError('connection 2 to 10.0.0.7:27017 closed'),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'NotWritablePrimary 10107',
    error: mongoServerError(10107, 'NotWritablePrimary', 'not primary'),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'PrimarySteppedDown 189',
    error: mongoServerError(189, 'PrimarySteppedDown', 'primary stepped down'),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'MongoNetworkTimeoutError',
    error: () => new MongoNetworkTimeoutError('connection 3 timed out'),
    kind: 'timeout',
    retryable: true,
  },
  {
    label: 'MaxTimeMSExpired 50',
    error: mongoServerError(50, 'MaxTimeMSExpired', 'operation exceeded time limit'),
    kind: 'timeout',
    retryable: true,
  },
  {
    label: 'WriteConflict 112',
    error: mongoServerError(112, 'WriteConflict', 'Write conflict during plan execution'),
    kind: 'busy',
    retryable: true,
  },
  {
    label: 'LockTimeout 24',
    error: mongoServerError(24, 'LockTimeout', 'Unable to acquire lock'),
    kind: 'busy',
    retryable: true,
  },
];

const grpc = (code: number, details: string) =>
  ({
    code,
    details,
    message: `${code} ${details}`,
    metadata: { 'leader-endpoint-host': 'node2', 'leader-endpoint-port': '2113' },
  }) as never;

/** What the KurrentDB client throws: no connection, leader lost, deadline exceeded, refused socket. */
export const KURRENT_FAULTS: InjectedFault[] = [
  {
    label: 'UnavailableError',
    error: () => new UnavailableError(grpc(14, 'No connection established')),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'NotLeaderError',
    error: () => new NotLeaderError(grpc(5, 'Leader info available')),
    kind: 'unreachable',
    retryable: true,
  },
  {
    label: 'DeadlineExceededError',
    error: () => new DeadlineExceededError(grpc(4, 'Deadline exceeded')),
    kind: 'timeout',
    retryable: true,
  },
  {
    label: 'ECONNREFUSED',
    error: () => errnoError('ECONNREFUSED', 'connect', 'connection refused'),
    kind: 'unreachable',
    retryable: true,
  },
];

/** A harness over a port whose driver is already behind `faulty(…, armed)`. */
export function harness<Port>(
  port: Port,
  faults: ReturnType<typeof faultSwitch>,
  close: () => Promise<void>,
): FaultHarness<Port> {
  return { port, inject: (e) => (e ? faults.arm(e) : faults.disarm()), close };
}

/** The MongoDB document store over a connected client behind the wrapper (its own client). */
export async function mongoDocumentStoreHarness(url: string, dbName: string): Promise<FaultHarness<DocumentStore>> {
  const faults = faultSwitch();
  const client = await new MongoClient(url).connect();
  return harness(MongoDocumentStore.over(faulty(client, faults.armed), dbName), faults, () => client.close());
}

/** The GridFS blob store over a connected client behind the wrapper (its own client). */
export async function gridFsBlobStoreHarness(url: string, dbName: string): Promise<FaultHarness<BlobStore>> {
  const faults = faultSwitch();
  const client = await new MongoClient(url).connect();
  return harness(new GridFsBlobStore(faulty(client, faults.armed).db(dbName)), faults, () => client.close());
}

/** The KurrentDB/EventStoreDB event store with its client behind the wrapper. */
export async function esdbEventStoreHarness(url: string): Promise<FaultHarness<EventStore>> {
  const faults = faultSwitch();
  const port = new EsdbEventStore(url, { driver: (client) => faulty(client, faults.armed) });
  return harness(port, faults, () => port.close());
}
