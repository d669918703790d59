/**
 * The mongodb driver's errors → faults. Server errors carry a numeric code (the server's error
 * codes table); driver errors are classes (server selection failed, network error or timeout,
 * client-side operation timeout). GridFS surfaces the same errors.
 */
import {
  MongoError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
} from 'mongodb';
import {
  BusyFault,
  NoSpaceFault,
  TimeoutFault,
  UnreachableFault,
  type DependencyFault,
  type FaultComponent,
} from '@jsonable/domain/faults';
import type { Translate } from './guard';
import { networkFault } from './network';

/** OutOfDiskSpace; and the write errors of a full WiredTiger volume or user quota. */
const NO_SPACE_CODES = new Set([14031, 12501]);
/** MaxTimeMSExpired, NetworkTimeout, ExceededTimeLimit, WriteConcernTimeout/Failed. */
const TIMEOUT_CODES = new Set([50, 89, 262, 64]);
/** HostUnreachable, HostNotFound, ShutdownInProgress, PrimarySteppedDown, NotWritablePrimary, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary, InterruptedAtShutdown, InterruptedDueToReplStateChange. */
const UNREACHABLE_CODES = new Set([6, 7, 91, 189, 10107, 13435, 13436, 11600, 11602]);
/** LockTimeout, WriteConflict, LockBusy, LockConflict. */
const BUSY_CODES = new Set([24, 112, 46, 211]);

export function mongoFault(error: unknown, component: FaultComponent): DependencyFault | null {
  if (!(error instanceof MongoError)) return networkFault(error, component);
  const code = typeof error.code === 'number' ? error.code : null;
  const detail = `${error.name}${code !== null ? ` ${code}` : ''}: ${error.message}`;
  const options = { detail, cause: error };
  if (
    (code !== null && NO_SPACE_CODES.has(code)) ||
    /no space left on device|disk (is )?full|quota exceeded/i.test(error.message)
  ) {
    return new NoSpaceFault(component, options);
  }
  if (error instanceof MongoNetworkTimeoutError || error instanceof MongoOperationTimeoutError)
    return new TimeoutFault(component, options);
  if (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError
  ) {
    return new UnreachableFault(component, options);
  }
  if (error instanceof MongoWriteConcernError) return new TimeoutFault(component, options);
  if (error instanceof MongoServerError && code !== null) {
    if (TIMEOUT_CODES.has(code)) return new TimeoutFault(component, options);
    if (UNREACHABLE_CODES.has(code)) return new UnreachableFault(component, options);
    if (BUSY_CODES.has(code)) return new BusyFault(component, options);
  }
  if (error.hasErrorLabel('TransientTransactionError')) return new BusyFault(component, options);
  return null;
}

export const mongoTranslator =
  (component: FaultComponent): Translate =>
  (error) =>
    mongoFault(error, component);
