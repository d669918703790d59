import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
});
