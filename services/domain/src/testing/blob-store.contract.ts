/**
 * The BlobStore contract, run against every adapter (services/adapters/test).
 *
 * `open` opens a NEW connection to the one store under test each time it is called (the suite
 * closes what it opens). The store may be shared (a real GridFS), so every test works under its
 * own fresh key prefix.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlobInfo, BlobStore } from '../ports';

export type OpenBlobStore = () => Promise<BlobStore>;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function collect(iterable: AsyncIterable<BlobInfo>): Promise<BlobInfo[]> {
  const out: BlobInfo[] = [];
  for await (const info of iterable) out.push(info);
  return out;
}

export const UNSAFE_KEYS = [
  '',
  '../escape.png',
  'images/../../escape.png',
  '/etc/passwd',
  'images//double.png',
  'images/./dot.png',
  'images/..',
  'trailing/',
  'nul\0byte.png',
  'back\\slash.png',
  'C:\\windows.png',
  'x'.repeat(600),
];

export function testBlobStore(name: string, open: OpenBlobStore): void {
  describe(`${name} — BlobStore contract`, () => {
    const opened: BlobStore[] = [];
    let shared: BlobStore | undefined;
    const connect = async (): Promise<BlobStore> => {
      const store = await open();
      opened.push(store);
      return store;
    };
    const store = async (): Promise<BlobStore> => (shared ??= await connect());
    const prefix = (): string => `t-${randomUUID()}`;

    afterAll(async () => {
      await Promise.all(opened.map((s) => s.close()));
    });

    it('puts and gets bytes with their content type, length and metadata', async () => {
      const bs = await store();
      const key = `${prefix()}/images/img_1.png`;
      const bytes = randomBytes(150_000);
      const put = await bs.put(key, bytes, 'image/png', { projectId: 'p1', title: 'Q3 “report” ✓' });
      expect(put).toMatchObject({
        key,
        contentType: 'image/png',
        length: bytes.length,
        metadata: { projectId: 'p1', title: 'Q3 “report” ✓' },
      });
      expect(Number.isNaN(Date.parse(put.createdAt))).toBe(false);

      const got = await bs.get(key);
      expect(got).not.toBeNull();
      expect(got!.info).toMatchObject({ key, contentType: 'image/png', length: bytes.length, metadata: put.metadata });
      expect((await readAll(got!.stream)).equals(bytes)).toBe(true);
      expect(await bs.head(key)).toMatchObject({
        key,
        contentType: 'image/png',
        length: bytes.length,
        metadata: put.metadata,
      });
    });

    it('stores an empty blob and a blob without metadata', async () => {
      const bs = await store();
      const key = `${prefix()}/empty.svg`;
      await bs.put(key, new Uint8Array(0), 'image/svg+xml');
      const got = await bs.get(key);
      expect(got?.info.length).toBe(0);
      expect(got?.info.metadata).toEqual({});
      expect((await readAll(got!.stream)).length).toBe(0);
    });

    it('answers null for a missing blob and deletes without complaint', async () => {
      const bs = await store();
      const key = `${prefix()}/gone.png`;
      expect(await bs.get(key)).toBeNull();
      expect(await bs.head(key)).toBeNull();
      await bs.put(key, Buffer.from('x'), 'text/plain');
      await bs.delete(key);
      expect(await bs.head(key)).toBeNull();
      expect(await bs.get(key)).toBeNull();
      await expect(bs.delete(key)).resolves.toBeUndefined();
    });

    it('replaces bytes and metadata together on a put to an existing key', async () => {
      const bs = await store();
      const key = `${prefix()}/replace.png`;
      await bs.put(key, Buffer.alloc(1000, 1), 'image/png', { v: '1' });
      await bs.put(key, Buffer.alloc(10, 2), 'image/jpeg', { v: '2' });
      const got = await bs.get(key);
      expect(got?.info).toMatchObject({ contentType: 'image/jpeg', length: 10, metadata: { v: '2' } });
      expect((await readAll(got!.stream)).equals(Buffer.alloc(10, 2))).toBe(true);
    });

    it('never lets a reader see a half-written or mixed blob while a key is overwritten', async () => {
      const [writer, reader] = [await store(), await connect()];
      const key = `${prefix()}/race.png`;
      const versions = [Buffer.alloc(200_000, 0x41), Buffer.alloc(300_000, 0x42)];
      await writer.put(key, versions[0]!, 'image/png', { v: '0' });
      const writes = (async () => {
        for (let i = 1; i <= 12; i++) await writer.put(key, versions[i % 2]!, 'image/png', { v: String(i % 2) });
      })();
      const reads = (async () => {
        for (let i = 0; i < 12; i++) {
          const got = await reader.get(key);
          expect(got).not.toBeNull();
          const body = await readAll(got!.stream);
          const expected = versions[Number(got!.info.metadata.v)]!;
          expect(got!.info.length).toBe(expected.length);
          expect(body.equals(expected)).toBe(true);
        }
      })();
      await Promise.all([writes, reads]);
    });

    it('lists every blob under a prefix, and nothing else', async () => {
      const bs = await store();
      const p = prefix();
      const keys = [
        `${p}/images/a.png`,
        `${p}/images/b.png`,
        `${p}/images/sub/c.png`,
        `${p}/images-old.png`,
        `${p}/previews/a.png`,
        `${p}/img.png`,
      ];
      for (const key of keys) await bs.put(key, Buffer.from(key), 'image/png');
      const keysOf = async (pre: string) => (await collect(bs.list(pre))).map((i) => i.key).sort();
      expect(await keysOf(`${p}/images/`)).toEqual([`${p}/images/a.png`, `${p}/images/b.png`, `${p}/images/sub/c.png`]);
      expect(await keysOf(`${p}/im`)).toEqual(
        [
          `${p}/images-old.png`,
          `${p}/images/a.png`,
          `${p}/images/b.png`,
          `${p}/images/sub/c.png`,
          `${p}/img.png`,
        ].sort(),
      );
      expect(await keysOf(`${p}/`)).toEqual([...keys].sort());
      expect(await keysOf(`${p}/nothing/`)).toEqual([]);
      const listed = await collect(bs.list(`${p}/previews/`));
      expect(listed[0]).toMatchObject({
        key: `${p}/previews/a.png`,
        contentType: 'image/png',
        length: `${p}/previews/a.png`.length,
      });
      await bs.delete(`${p}/images/b.png`);
      expect(await keysOf(`${p}/images/`)).toEqual([`${p}/images/a.png`, `${p}/images/sub/c.png`]);
    });

    it('refuses keys that could leave the store or name nothing', async () => {
      const bs = await store();
      for (const key of UNSAFE_KEYS) {
        await expect(bs.put(key, Buffer.from('x'), 'text/plain'), JSON.stringify(key)).rejects.toThrow();
        await expect(bs.get(key), JSON.stringify(key)).rejects.toThrow();
        await expect(bs.head(key), JSON.stringify(key)).rejects.toThrow();
        await expect(bs.delete(key), JSON.stringify(key)).rejects.toThrow();
      }
      await expect(collect(bs.list('../'))).rejects.toThrow();
    });

    it('either refuses a key or stores and lists it under exactly that key (property)', async () => {
      const bs = await store();
      const p = prefix();
      const keyArb = fc.array(
        fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('..', '.', '', 'a.png', 'images')),
        {
          minLength: 1,
          maxLength: 3,
        },
      );
      await fc.assert(
        fc.asyncProperty(keyArb, async (segments) => {
          const key = `${p}/${segments.join('/')}`;
          let stored = true;
          try {
            await bs.put(key, Buffer.from(key), 'text/plain');
          } catch {
            stored = false;
          }
          if (!stored) return;
          expect(segments).not.toContain('..');
          expect(segments).not.toContain('');
          const got = await bs.get(key);
          expect((await readAll(got!.stream)).toString()).toBe(key);
          const listed = (await collect(bs.list(key))).map((i) => i.key);
          expect(listed).toContain(key);
          await bs.delete(key);
          expect(await bs.head(key)).toBeNull();
        }),
        { numRuns: 60 },
      );
    });

    it('answers ping', async () => {
      await expect((await store()).ping()).resolves.toBeUndefined();
    });
  });
}
