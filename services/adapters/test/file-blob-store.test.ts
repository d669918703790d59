import { existsSync, fstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testBlobStore, UNSAFE_KEYS } from '@jsonable/domain/testing/blob-store.contract';
import { FileBlobStore } from '../src/files/blob-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
});
