/**
 * The embedded BlobStore: a folder (`<dataDir>/blobs`).
 *
 * Each blob is ONE file, `<folders>/<name>~blob`, holding a 4-byte header length, the JSON header
 * (contentType, length, metadata, createdAt) and then the bytes. One file, not data plus a sidecar,
 * because a put must replace bytes and their metadata together: it writes a temp file in the same
 * folder, fsyncs it, renames it over the old one (atomic on POSIX) and fsyncs the folder (one
 * fsync shared by the puts into that folder that finish their renames meanwhile: FolderSync). A reader
 * that opened the old file keeps reading the old inode, so a concurrent overwrite never mixes old
 * and new. Key segments never contain `~`, so a folder `images/` and a blob `images` cannot clash.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobInfo, BlobStore } from '@jsonable/domain/ports';
import { faultOfErrno } from '@jsonable/domain/faults';
import { guardMethods } from '../faults/guard';
import { assertBlobKey, assertBlobMetadata, assertBlobPrefix } from './blob-key';

const BLOB_SUFFIX = '~blob';
const TEMP_MARK = '~tmp-';
/** Temp files older than this are leftovers of a crashed put and are removed by list(). */
const STALE_TEMP_MS = 60 * 60 * 1000;
const MAX_HEADER = 1 << 20;

interface Header {
  contentType: string;
  length: number;
  metadata: Record<string, string>;
  createdAt: string;
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function readHeader(handle: FileHandle): Promise<{ header: Header; offset: number }> {
  const size = Buffer.alloc(4);
  await handle.read(size, 0, 4, 0);
  const headerLength = size.readUInt32BE(0);
  if (headerLength === 0 || headerLength > MAX_HEADER) throw new Error('Corrupt blob header');
  const raw = Buffer.alloc(headerLength);
  const { bytesRead } = await handle.read(raw, 0, headerLength, 4);
  if (bytesRead !== headerLength) throw new Error('Corrupt blob header');
  return { header: JSON.parse(raw.toString('utf8')) as Header, offset: 4 + headerLength };
}

/**
 * Writes every byte of `buffers` at the file's position. One writev may write fewer bytes than
 * asked without an error (a disk that fills up during the call: the kernel writes what fits and
 * returns the count; only the next write says ENOSPC), and Node hands that count back without
 * retrying, so the rest is written again until done or until the disk refuses with ENOSPC.
 */
async function writeAll(handle: FileHandle, buffers: readonly Uint8Array[]): Promise<void> {
  const rest = buffers.filter((buffer) => buffer.byteLength > 0);
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest);
    if (bytesWritten <= 0) throw Object.assign(new Error('EIO: a write made no progress'), { code: 'EIO' });
    let skip = bytesWritten;
    while (rest.length > 0 && skip >= rest[0]!.byteLength) skip -= rest.shift()!.byteLength;
    if (skip > 0) rest[0] = rest[0]!.subarray(skip);
  }
}

/** The file-system calls the store makes (the fault contract injects failures through them). */
export type BlobFs = Pick<typeof fsPromises, 'mkdir' | 'open' | 'readdir' | 'rename' | 'rm' | 'stat' | 'unlink'>;

async function fsyncFolder(fs: BlobFs, folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Group commit of a folder's fsync: a put whose rename has finished joins the next fsync that
 * has not started yet, so concurrent puts into one folder share one fsync (and its open and
 * close) instead of one each. An fsync that starts after a rename covers it, which is all a put
 * needs before it reports success; fsyncs of one folder run one after the other.
 */
class FolderSync {
  /** The next fsync, while it waits for the one in flight: later renames may still join it. */
  private next: Promise<void> | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly fs: BlobFs,
    private readonly folder: string,
  ) {}

  sync(): Promise<void> {
    if (this.next) return this.next;
    const previous = this.inFlight;
    const run = (async () => {
      await previous?.catch(() => undefined);
      // From here on, a rename that finishes may come after this fsync's start: it waits for the next one.
      this.next = null;
      await fsyncFolder(this.fs, this.folder);
    })();
    this.next = run;
    this.inFlight = run;
    void run
      .catch(() => undefined)
      .then(() => {
        if (this.inFlight === run) this.inFlight = null;
      });
    return run;
  }
}

export class FileBlobStore implements BlobStore {
  readonly root: string;
  /** Folders this instance created or found: no mkdir per put (a folder removed under us is recreated). */
  private readonly folders = new Set<string>();
  private readonly folderSyncs = new Map<string, FolderSync>();

  private readonly fs: BlobFs;

  /**
   * @param root the blobs folder itself (createStores passes `<dataDir>/blobs`).
   * @param options.fs the file-system calls (default node:fs/promises; the fault contract wraps them).
   */
  constructor(root: string, options: { fs?: BlobFs } = {}) {
    this.root = root;
    this.fs = options.fs ?? fsPromises;
  }

  private pathOf(key: string): { folder: string; file: string; name: string } {
    const segments = assertBlobKey(key).split('/');
    const name = segments.pop()!;
    const folder = join(this.root, ...segments);
    return { folder, file: join(folder, name + BLOB_SUFFIX), name };
  }

  async put(key: string, bytes: Uint8Array, contentType: string, metadata?: Record<string, string>): Promise<BlobInfo> {
    const { folder, file, name } = this.pathOf(key);
    if (typeof contentType !== 'string' || contentType.length === 0) throw new Error('A blob needs a content type');
    const header: Header = {
      contentType,
      length: bytes.byteLength,
      metadata: assertBlobMetadata(metadata),
      createdAt: new Date().toISOString(),
    };
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    const size = Buffer.alloc(4);
    size.writeUInt32BE(headerBytes.length, 0);

    const temp = join(folder, `${name}${TEMP_MARK}${randomBytes(6).toString('hex')}`);
    const handle = await this.createIn(folder, temp);
    try {
      await writeAll(handle, [size, headerBytes, bytes]);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await this.fs.unlink(temp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await this.fs.rename(temp, file);
    } catch (error) {
      await this.fs.unlink(temp).catch(() => undefined);
      throw error;
    }
    await this.syncFolder(folder);
    return { key, ...header };
  }

  /** Creates the temp file, making its folder first when this instance has not seen it yet. */
  private async createIn(folder: string, temp: string): Promise<FileHandle> {
    if (this.folders.has(folder)) {
      try {
        return await this.fs.open(temp, 'wx');
      } catch (error) {
        if (!isNotFound(error)) throw error;
        this.folders.delete(folder);
      }
    }
    await this.fs.mkdir(folder, { recursive: true });
    this.folders.add(folder);
    return this.fs.open(temp, 'wx');
  }

  private syncFolder(folder: string): Promise<void> {
    let sync = this.folderSyncs.get(folder);
    if (!sync) {
      sync = new FolderSync(this.fs, folder);
      this.folderSyncs.set(folder, sync);
    }
    return sync.sync();
  }

  /** The blob's file opened for reading, or null when there is none. */
  private async openBlob(key: string): Promise<FileHandle | null> {
    try {
      return await this.fs.open(this.pathOf(key).file, 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null> {
    const handle = await this.openBlob(key);
    if (!handle) return null;
    try {
      const { header, offset } = await readHeader(handle);
      // A file shorter (or longer) than its header says would be served cut short under a
      // Content-Length it cannot fill: say so before anything is sent.
      const { size } = await handle.stat();
      if (size !== offset + header.length) {
        throw new Error(`Corrupt blob ${key}: the file holds ${size - offset} bytes, its header says ${header.length}`);
      }
      // The stream reads from the open descriptor: a concurrent overwrite or delete cannot change
      // what this reader gets, and the stream closes the descriptor when it ends or is destroyed.
      const stream = handle.createReadStream({ start: offset, autoClose: true });
      return { info: { key, ...header }, stream };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    const handle = await this.openBlob(key);
    if (!handle) return null;
    try {
      return { key, ...(await readHeader(handle)).header };
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    const { file } = this.pathOf(key);
    try {
      await this.fs.unlink(file);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** Keys in byte order under the prefix; each blob's info is read as it is reached. */
  async *list(prefix: string): AsyncIterable<BlobInfo> {
    assertBlobPrefix(prefix);
    // Start at the deepest folder the prefix names, not at the root.
    const slash = prefix.lastIndexOf('/');
    const folderKey = slash >= 0 ? prefix.slice(0, slash) : '';
    const start = folderKey ? join(this.root, ...folderKey.split('/')) : this.root;
    yield* this.walk(start, folderKey ? `${folderKey}/` : '', prefix);
  }

  private async *walk(folder: string, keyPrefix: string, wanted: string): AsyncGenerator<BlobInfo> {
    let names: string[];
    try {
      names = await this.fs.readdir(folder);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    // Sort by the key each entry stands for, so blobs and folders interleave in key order.
    // A folder sorts as `name/`, which is where the keys inside it sort.
    const entries = names
      .map((entry) => {
        const blob = entry.endsWith(BLOB_SUFFIX);
        const key = keyPrefix + (blob ? entry.slice(0, -BLOB_SUFFIX.length) : entry);
        return { entry, key, order: Buffer.from(blob ? key : `${key}/`) };
      })
      .sort((a, b) => Buffer.compare(a.order, b.order));
    for (const { entry, key } of entries) {
      const path = join(folder, entry);
      if (entry.includes(TEMP_MARK)) {
        await this.removeStaleTemp(path);
        continue;
      }
      if (entry.endsWith(BLOB_SUFFIX)) {
        if (!key.startsWith(wanted)) continue;
        const info = await this.head(key).catch((error: unknown) => {
          if (isNotFound(error)) return null;
          throw error;
        });
        if (info) yield info;
        continue;
      }
      // A folder: descend only when keys under it can start with the prefix.
      const folderKey = `${key}/`;
      if (!(folderKey.startsWith(wanted) || wanted.startsWith(folderKey))) continue;
      let stats: Stats;
      try {
        stats = await this.fs.stat(path);
      } catch (error) {
        if (isNotFound(error)) continue;
        throw error;
      }
      if (stats.isDirectory()) yield* this.walk(path, folderKey, wanted);
    }
  }

  private async removeStaleTemp(path: string): Promise<void> {
    try {
      const stats = await this.fs.stat(path);
      if (Date.now() - stats.mtimeMs > STALE_TEMP_MS) await this.fs.rm(path, { force: true });
    } catch {
      // Gone already or being renamed by its put: nothing to clean.
    }
  }

  async ping(): Promise<void> {
    await this.fs.mkdir(this.root, { recursive: true });
    await this.fs.stat(this.root);
  }

  async close(): Promise<void> {
    // Nothing is held open between calls.
  }
}

// File-system errors (ENOSPC, EDQUOT, EIO, EMFILE…) leave the adapter as faults.
guardMethods(FileBlobStore.prototype, ['put', 'get', 'head', 'delete', 'list', 'ping'], (error) =>
  faultOfErrno(error, 'blob-store'),
);
