/**
 * The server BlobStore: MongoDB GridFS (`GridFSBucket`, bucket `blobs`), file name = blob key.
 *
 * A put uploads a NEW GridFS file and only then removes the older files of that key, so a reader
 * never sees a half-written blob: until the upload completes, the previous file is the newest one.
 * Every read picks the newest file of a key (uploadDate, then _id); two racing puts converge on the
 * same survivor because both keep only the newest. contentType and the caller's metadata live in
 * the GridFS file's `metadata` (GridFS's own contentType field is deprecated).
 */
import { GridFSBucket, MongoClient, MongoRuntimeError, type Db, type GridFSFile, type ObjectId } from 'mongodb';
import type { BlobInfo, BlobStore } from '@jsonable/domain/ports';
import { assertBlobKey, assertBlobMetadata, assertBlobPrefix } from '../files/blob-key';
import { escapeRegExp } from './regexp';
import { guardMethods } from '../faults/guard';
import { mongoTranslator } from '../faults/mongodb';

interface FileMetadata {
  contentType: string;
  metadata: Record<string, string>;
}

const NEWEST_FIRST = { uploadDate: -1, _id: -1 } as const;

function toInfo(file: GridFSFile): BlobInfo {
  const meta = (file.metadata ?? {}) as Partial<FileMetadata>;
  return {
    key: file.filename,
    contentType: meta.contentType ?? 'application/octet-stream',
    length: file.length,
    metadata: meta.metadata ?? {},
    createdAt: file.uploadDate.toISOString(),
  };
}

export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  /** @param owned a client this store closes on close() (none when it shares another store's). */
  constructor(
    private readonly db: Db,
    private readonly owned: MongoClient | null = null,
  ) {
    this.bucket = new GridFSBucket(db, { bucketName: 'blobs' });
  }

  static async connect(url: string, dbName = 'jsonable'): Promise<GridFsBlobStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new GridFsBlobStore(client.db(dbName), client);
  }

  private async newest(key: string): Promise<GridFSFile | null> {
    const [file] = await this.bucket.find({ filename: assertBlobKey(key) }, { sort: NEWEST_FIRST, limit: 1 }).toArray();
    return file ?? null;
  }

  async put(key: string, bytes: Uint8Array, contentType: string, metadata?: Record<string, string>): Promise<BlobInfo> {
    assertBlobKey(key);
    if (typeof contentType !== 'string' || contentType.length === 0) throw new Error('A blob needs a content type');
    const fileMetadata: FileMetadata = { contentType, metadata: assertBlobMetadata(metadata) };
    const upload = this.bucket.openUploadStream(key, { metadata: fileMetadata });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    const mine = upload.id as ObjectId;
    const files = await this.bucket.find({ filename: key }, { sort: NEWEST_FIRST }).toArray();
    // Keep only the newest file of the key (ours, unless a later put already finished).
    for (const file of files.slice(1)) await this.deleteFile(file._id);
    const stored = files.find((file) => file._id.equals(mine));
    return stored
      ? toInfo(stored)
      : {
          key,
          contentType,
          length: bytes.byteLength,
          metadata: fileMetadata.metadata,
          createdAt: new Date().toISOString(),
        };
  }

  async get(key: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null> {
    const file = await this.newest(key);
    if (!file) return null;
    return { info: toInfo(file), stream: this.bucket.openDownloadStream(file._id) };
  }

  async head(key: string): Promise<BlobInfo | null> {
    const file = await this.newest(key);
    return file ? toInfo(file) : null;
  }

  async delete(key: string): Promise<void> {
    const files = await this.bucket.find({ filename: assertBlobKey(key) }).toArray();
    for (const file of files) await this.deleteFile(file._id);
  }

  private async deleteFile(id: ObjectId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      // Removed meanwhile by another put or delete of the same key.
      if (!(error instanceof MongoRuntimeError && /not found/i.test(error.message))) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    assertBlobPrefix(prefix);
    const cursor = this.bucket.find(prefix ? { filename: { $regex: `^${escapeRegExp(prefix)}` } } : {}, {
      sort: { filename: 1, uploadDate: -1, _id: -1 },
    });
    let previous: string | null = null;
    for await (const file of cursor) {
      if (file.filename === previous) continue;
      previous = file.filename;
      yield toInfo(file);
    }
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.owned?.close();
  }
}

// GridFS surfaces the driver's errors: they leave the adapter as faults.
guardMethods(
  GridFsBlobStore.prototype,
  ['put', 'get', 'head', 'delete', 'list', 'ping'],
  mongoTranslator('blob-store'),
);
