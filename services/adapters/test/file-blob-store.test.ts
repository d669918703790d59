import { existsSync, fstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NoSpaceFault } from '@jsonable/domain/faults';
import { testBlobStore, UNSAFE_KEYS } from '@jsonable/domain/testing/blob-store.contract';
import { errnoError } from '@jsonable/domain/testing/fault-injection';
import { FileBlobStore, type BlobFs } from '../src/files/blob-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * node:fs/promises on a disk with `free` bytes left, writing at most `perCall` bytes a call: a
 * write takes what fits and answers the short count without an error, as Linux does when a disk
 * fills during a write(2); only a write that finds no space at all fails with ENOSPC.
 */
function diskWith(free: number, perCall = Infinity): BlobFs {
  let left = free;
  const open: BlobFs['open'] = async (...args: Parameters<BlobFs['open']>) => {
    const handle = await fsPromises.open(...args);
    const writev = async (buffers: Uint8Array[]) => {
      if (left === 0) throw errnoError('ENOSPC', 'write', 'no space left on device');
      const all = Buffer.concat(buffers);
      const fits = all.subarray(0, Math.min(all.byteLength, left, perCall));
      const { bytesWritten } = await handle.write(fits);
      left -= bytesWritten;
      return { bytesWritten, buffers };
    };
    return new Proxy(handle, {
      get: (target, property) => {
        if (property === 'writev') return writev;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return { ...fsPromises, open };
}

testBlobStore('Files', async () => new FileBlobStore(join(dir, 'data', 'blobs')));

describe('FileBlobStore specifics', () => {
  it('writes nothing outside its folder for unsafe keys and leaves no temp files behind', async () => {
    const root = join(dir, 'confined', 'blobs');
    mkdirSync(join(dir, 'confined'));
    const store = new FileBlobStore(root);
    for (const key of UNSAFE_KEYS) await store.put(key, Buffer.from('x'), 'text/plain').catch(() => undefined);
    expect(readdirSync(join(dir, 'confined')).filter((name) => name !== 'blobs')).toEqual([]);
    if (existsSync(root)) expect(readdirSync(root)).toEqual([]);
    expect(existsSync(join(dir, 'escape.png'))).toBe(false);
    await store.put('images/a.png', Buffer.from('x'), 'image/png');
    expect(readdirSync(join(root, 'images'))).toEqual(['a.png~blob']);
  });

  it('keeps a blob and a folder of the same name apart', async () => {
    const store = new FileBlobStore(join(dir, 'clash', 'blobs'));
    await store.put('images', Buffer.from('file'), 'text/plain');
    await store.put('images/a.png', Buffer.from('inside'), 'image/png');
    expect((await store.head('images'))?.length).toBe(4);
    expect((await store.head('images/a.png'))?.length).toBe(6);
    const keys: string[] = [];
    for await (const info of store.list('')) keys.push(info.key);
    expect(keys).toEqual(['images', 'images/a.png']);
  });

  it('makes a folder removed from under it again', async () => {
    const root = join(dir, 'removed', 'blobs');
    const store = new FileBlobStore(root);
    await store.put('images/a.png', Buffer.from('a'), 'image/png');
    rmSync(join(root, 'images'), { recursive: true });
    await store.put('images/b.png', Buffer.from('b'), 'image/png');
    expect(readdirSync(join(root, 'images'))).toEqual(['b.png~blob']);
  });

  it('answers each put only after a folder fsync that started once its file was in place; concurrent puts share them', async () => {
    const root = join(dir, 'grouped', 'blobs');
    const store = new FileBlobStore(root);
    await store.put('images/first.png', Buffer.from('x'), 'image/png');
    const folder = join(root, 'images');
    // Spy on FileHandle.sync: for a folder, note which blob files were in it when its fsync began.
    const probe = await open(folder, 'r');
    const proto = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const original = proto.sync;
    const finished: Array<Set<string>> = [];
    let folderSyncs = 0;
    proto.sync = async function (this: FileHandle) {
      if (!fstatSync(this.fd).isDirectory()) return original.call(this);
      folderSyncs++;
      const present = new Set(readdirSync(folder));
      await original.call(this);
      finished.push(present);
    };
    try {
      const names = Array.from({ length: 40 }, (_, i) => `t${i}.png`);
      const covered = await Promise.all(
        names.map(async (name) => {
          await store.put(`images/${name}`, Buffer.alloc(20_000, 1), 'image/png');
          return finished.some((present) => present.has(`${name}~blob`));
        }),
      );
      expect(covered.every(Boolean)).toBe(true);
      expect(folderSyncs).toBeGreaterThan(0);
      expect(folderSyncs).toBeLessThan(names.length);
    } finally {
      proto.sync = original;
    }
  });

  it('a disk that fills during a put: the put fails with no_space and leaves no blob and no partial file', async () => {
    const root = join(dir, 'filling', 'blobs');
    const store = new FileBlobStore(root, { fs: diskWith(12_000) });
    const bytes = Buffer.alloc(50_000, 7);
    await expect(store.put('images/a.png', bytes, 'image/png')).rejects.toBeInstanceOf(NoSpaceFault);
    expect(await store.head('images/a.png')).toBeNull();
    expect(await store.get('images/a.png')).toBeNull();
    const listed: string[] = [];
    for await (const info of store.list('images/')) listed.push(info.key);
    expect(listed).toEqual([]);
    expect(readdirSync(join(root, 'images'))).toEqual([]);
  });

  it('a put written in short pieces stores every byte, across the header and the body', async () => {
    const store = new FileBlobStore(join(dir, 'pieces', 'blobs'), { fs: diskWith(Infinity, 997) });
    const bytes = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 31) % 256));
    expect((await store.put('images/a.png', bytes, 'image/png')).length).toBe(bytes.byteLength);
    const found = await store.get('images/a.png');
    const chunks: Buffer[] = [];
    for await (const chunk of found!.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('a file shorter than its header says is refused by get, not streamed short', async () => {
    const root = join(dir, 'short', 'blobs');
    const store = new FileBlobStore(root);
    await store.put('images/a.png', Buffer.alloc(5_000, 1), 'image/png');
    const file = join(root, 'images', 'a.png~blob');
    truncateSync(file, statSync(file).size - 100);
    await expect(store.get('images/a.png')).rejects.toThrow(/Corrupt blob images\/a.png: the file holds 4900 bytes/);
  });
});
