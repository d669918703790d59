/**
 * Online backup and restore of the embedded default (a DATA_DIR of events.sqlite,
 * readmodels.sqlite and blobs/), safe while a server runs on it.
 *
 * Consistency comes from the order of the copies, which follows the order the server writes in:
 * 1. the read models first (SQLite online backup API, one snapshot): their checkpoints then never
 *    point past the events copied next — after a restore the projector just catches up;
 * 2. the events (same API, one snapshot);
 * 3. the blob files last: a render writes its file BEFORE it appends TableRendered, so every
 *    image the copied log mentions was on disk before step 2 and is copied in step 3 (unless it
 *    was deleted in between, which the log copied in step 2 does not know yet). Files written
 *    after step 2 are orphans in the backup, which the sweep removes like any orphan.
 * The manifest is written last: a backup without it is incomplete and restore refuses it.
 *
 * Each SQLite copy is made in ONE backup step (all pages under one read transaction). In WAL
 * mode writers go on meanwhile, and SQLite never has to restart the copy because a page changed.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';

export const BACKUP_FORMAT = 'jsonable-embedded-backup';
const MANIFEST = 'backup.json';
const EVENTS = 'events.sqlite';
const READ_MODELS = 'readmodels.sqlite';
const BLOBS = 'blobs';
const LIVE = '.live';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** Position of the last event in the copy. */
  eventsHead: number;
  events: number;
  readModelsBytes: number;
  eventsBytes: number;
  blobs: { files: number; bytes: number };
}

export class BackupError extends Error {
  override name = 'BackupError';
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Copies one live SQLite database to `target` in one step of the online backup API. */
async function backupSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`${source} does not exist: is this the server's DATA_DIR?`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    // The first step copies nothing and reports the page count; returning "all" makes the next
    // step copy every page under one read transaction.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/** `PRAGMA quick_check` of a copy, plus the events' head and count when it is the event log. */
function checkSqlite(file: string, kind: 'events' | 'read models'): { head: number; events: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file}: the ${kind} copy is damaged (${String(check)})`);
    if (kind !== 'events') return { head: 0, events: 0 };
    const row = db.prepare('SELECT coalesce(max(position), 0) AS head, count(*) AS events FROM events').get() as {
      head: number;
      events: number;
    };
    return row;
  } finally {
    db.close();
  }
}

/** Every finished blob file under `root` (temp files of puts in flight are skipped). */
async function* blobFiles(root: string, dir = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* blobFiles(root, path);
    else if (entry.isFile() && entry.name.endsWith('~blob')) yield relative(root, path);
  }
}

/** Copies the blob files; a file deleted meanwhile is skipped. Returns what was copied. */
async function copyBlobs(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const made = new Set<string>();
  for await (const rel of blobFiles(from)) {
    const target = join(to, rel);
    const folder = dirname(target);
    if (!made.has(folder)) {
      await fs.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    try {
      // A put renames a new file over the old one; the copy reads whichever inode it opened.
      await fs.copyFile(join(from, rel), target, fs.constants.COPYFILE_FICLONE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files++;
    bytes += (await fs.stat(target)).size;
  }
  return { files, bytes };
}

async function fsyncTree(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await fsyncTree(join(dir, entry.name));
    else if (entry.isFile()) {
      const handle = await fs.open(join(dir, entry.name), 'r');
      await handle.sync().finally(() => handle.close());
    }
  }
  const handle = await fs.open(dir, 'r');
  await handle.sync().finally(() => handle.close());
}

/** Makes a consistent copy of the embedded stores under `dataDir` into `target` (new or empty). */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  const from = resolve(dataDir);
  const to = resolve(target);
  if (to === from || to.startsWith(`${from}/`))
    throw new BackupError(`The backup folder must be outside DATA_DIR (${from})`);
  if (!(await isEmptyOrMissing(to))) throw new BackupError(`${to} is not empty: back up into a new or empty folder`);
  for (const name of [EVENTS, READ_MODELS]) {
    if (!existsSync(join(from, name)))
      throw new BackupError(`${join(from, name)} does not exist: is ${from} the server's DATA_DIR?`);
  }
  await fs.mkdir(to, { recursive: true });
  await backupSqlite(join(from, READ_MODELS), join(to, READ_MODELS));
  await backupSqlite(join(from, EVENTS), join(to, EVENTS));
  const blobs = await copyBlobs(join(from, BLOBS), join(to, BLOBS));
  const { head, events } = checkSqlite(join(to, EVENTS), 'events');
  checkSqlite(join(to, READ_MODELS), 'read models');
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    eventsHead: head,
    events,
    readModelsBytes: (await fs.stat(join(to, READ_MODELS))).size,
    eventsBytes: (await fs.stat(join(to, EVENTS))).size,
    blobs,
  };
  await fsyncTree(to);
  await fs.writeFile(join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const handle = await fs.open(to, 'r');
  await handle.sync().finally(() => handle.close());
  return manifest;
}

/** Reads and checks a backup folder: manifest, both databases and the blob files it lists. */
export async function checkBackup(backupDir: string): Promise<BackupManifest> {
  const dir = resolve(backupDir);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} has no readable ${MANIFEST}: not a Jsonable backup, or an unfinished one`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new BackupError(`${dir}/${MANIFEST} is not a Jsonable embedded backup (version 1)`);
  const events = checkSqlite(join(dir, EVENTS), 'events');
  if (events.head !== manifest.eventsHead || events.events !== manifest.events) {
    throw new BackupError(
      `${dir}/${EVENTS} holds ${events.events} events up to ${events.head}; the manifest says ${manifest.events} up to ${manifest.eventsHead}`,
    );
  }
  checkSqlite(join(dir, READ_MODELS), 'read models');
  let files = 0;
  for await (const file of blobFiles(join(dir, BLOBS))) if (file) files++;
  if (files !== manifest.blobs.files)
    throw new BackupError(`${dir}/${BLOBS} holds ${files} files; the manifest says ${manifest.blobs.files}`);
  return manifest;
}

// ---- Which processes use a data folder ----------------------------------------------------

export interface LiveProcess {
  pid: number;
  host: string;
  startedAt: string;
  role: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks `dataDir` as used by this process until the returned function is called (a server
 * calls it at start and on shutdown). A SIGKILLed process leaves its mark behind; readers
 * check whether that process still runs.
 */
export function markDataDirLive(dataDir: string, role: string): () => void {
  const dir = join(resolve(dataDir), LIVE);
  const file = join(dir, `${hostname()}-${process.pid}.json`);
  const entry: LiveProcess = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), role };
  // Synchronous: it runs once at start, before the server accepts anything.
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(entry));
  return () => {
    try {
      unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

/** The processes that have `dataDir` open: on this host those still running; on others, all. */
export function liveProcesses(dataDir: string): LiveProcess[] {
  const dir = join(resolve(dataDir), LIVE);
  if (!existsSync(dir)) return [];
  const found: LiveProcess[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    let entry: LiveProcess;
    try {
      entry = JSON.parse(readFileSync(join(dir, name), 'utf8')) as LiveProcess;
    } catch {
      continue;
    }
    if (entry.host === hostname() && !alive(entry.pid)) {
      rmSync(join(dir, name), { force: true });
      continue;
    }
    found.push(entry);
  }
  return found;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data folder's previous content was moved (null when there was none). */
  previous: string | null;
}

/**
 * Restores a backup into `dataDir`. Refuses while any process uses the folder. A folder with data
 * in it is not overwritten: it is moved aside to `<dataDir>.before-restore-<time>`.
 */
export async function restoreDataDir(backupDir: string, dataDir: string): Promise<RestoreResult> {
  const to = resolve(dataDir);
  const live = liveProcesses(to);
  if (live.length > 0) {
    const who = live.map((p) => `pid ${p.pid} on ${p.host} (${p.role}, since ${p.startedAt})`).join(', ');
    throw new BackupError(
      `${to} is in use by ${who}: stop the server first (restore never overwrites a live data folder)`,
    );
  }
  const manifest = await checkBackup(backupDir);
  const from = resolve(backupDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = join(dirname(to), `.${basename(to)}.restoring-${randomUUID().slice(0, 8)}`);
  try {
    await fs.mkdir(staging, { recursive: true });
    await fs.copyFile(join(from, EVENTS), join(staging, EVENTS));
    await fs.copyFile(join(from, READ_MODELS), join(staging, READ_MODELS));
    await fs.cp(join(from, BLOBS), join(staging, BLOBS), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await fsyncTree(staging);
    // Checked again just before the switch: a server may have started meanwhile.
    if (liveProcesses(to).length > 0)
      throw new BackupError(`${to} came into use during the restore: stop the server first`);
    let previous: string | null = null;
    if (!(await isEmptyOrMissing(to))) {
      previous = `${to}.before-restore-${stamp}`;
      await fs.rename(to, previous);
    } else if (existsSync(to)) {
      await fs.rmdir(to);
    }
    await fs.rename(staging, to);
    return { manifest, previous };
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
}
