/**
 * better-sqlite3's errors → faults. SQLite reports a full disk (ENOSPC on a write) as SQLITE_FULL
 * ("database or disk is full"), a lock held past busy_timeout as SQLITE_BUSY (extended codes
 * SQLITE_BUSY_SNAPSHOT, …), and failing storage as SQLITE_IOERR_* / SQLITE_CANTOPEN /
 * SQLITE_READONLY. The writer thread's failures come back as SqliteErrors with the same codes.
 */
import Database from 'better-sqlite3';
import {
  BusyFault,
  faultOfErrno,
  NoSpaceFault,
  UnreachableFault,
  type DependencyFault,
  type FaultComponent,
} from '@jsonable/domain/faults';
import type { Translate } from './guard';

export function sqliteFault(error: unknown, component: FaultComponent): DependencyFault | null {
  if (!(error instanceof Database.SqliteError)) return faultOfErrno(error, component);
  const code = error.code;
  const detail = `${code}: ${error.message}`;
  if (code === 'SQLITE_FULL') return new NoSpaceFault(component, { detail, cause: error });
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new BusyFault(component, { detail, cause: error });
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY')) {
    return new UnreachableFault(component, { detail, cause: error });
  }
  return null;
}

export const sqliteTranslator =
  (component: FaultComponent): Translate =>
  (error) =>
    sqliteFault(error, component);
