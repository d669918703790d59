import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOBS_PRIVATE_MARKER, makeBlobFilesPrivate } from '../src/files/private-data';
import { createStores } from '../src/stores';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the embedded stores keep their data private', () => {
  it('creates DATA_DIR 0700 and the databases, their WAL/SHM files and blob files 0600, and tightens older ones', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'jsonable-private-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    // An older version's files, world-readable.
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(join(dataDir, 'readmodels.sqlite-shm'), '');
    chmodSync(join(dataDir, 'readmodels.sqlite-shm'), 0o644);
    const stores = await createStores({ dataDir });
    try {
      await (stores.eventStore.append as (...a: unknown[]) => Promise<unknown>)(
        's-1',
        [{ id: 'e-1', type: 'Probe', data: {} }],
        { expectedRevision: 'no_stream' },
      ).catch(() => undefined);
      await stores.blobs.put('probe/file.png', new Uint8Array([1, 2, 3]), 'image/png', {});
      expect(mode(dataDir)).toBe('700');
      for (const file of [
        'events.sqlite',
        'events.sqlite-wal',
        'readmodels.sqlite',
        'readmodels.sqlite-wal',
        'readmodels.sqlite-shm',
      ]) {
        expect(mode(join(dataDir, file)), file).toBe('600');
      }
      expect(mode(join(dataDir, 'blobs'))).toBe('700');
      const blobFiles = readdirSync(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }).filter((e) =>
        e.isFile(),
      );
      expect(blobFiles.length).toBeGreaterThan(0);
      for (const f of blobFiles) expect(mode(join(f.parentPath, f.name)), f.name).toBe('600');
    } finally {
      await stores.close();
    }
  });

  it('tightens blob files and folders an older version left 0644/0755, once per DATA_DIR', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'jsonable-private-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const old = join(dataDir, 'blobs', 'images', '2026');
    mkdirSync(old, { recursive: true, mode: 0o755 });
    for (const folder of [join(dataDir, 'blobs', 'images'), old]) chmodSync(folder, 0o755);
    const files = [join(old, 'a.png.blob'), join(dataDir, 'blobs', 'images', 'b.svg.blob')];
    for (const f of files) {
      writeFileSync(f, 'x');
      chmodSync(f, 0o644);
    }
    const first = await createStores({ dataDir });
    await first.close();
    for (const f of files) expect(mode(f), f).toBe('600');
    expect([mode(join(dataDir, 'blobs', 'images')), mode(old)]).toEqual(['700', '700']);
    expect(mode(join(dataDir, 'blobs', BLOBS_PRIVATE_MARKER))).toBe('600');
    expect(await makeBlobFilesPrivate(join(dataDir, 'blobs'))).toBe(0); // done once: not walked again
  });
});
