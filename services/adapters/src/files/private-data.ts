/**
 * The embedded stores hold every account's data (hashed secrets, request JSON, images): their
 * folder is 0700 and their files 0600, whoever else has an account on the machine. New files get
 * it from the process's umask (SQLite creates its -wal and -shm files, and the blob store its
 * files, long after start); files left by an older version are tightened at start.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { chmod, opendir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const DATABASES = ['events.sqlite', 'readmodels.sqlite'];

export function makeDataDirPrivate(dataDir: string): void {
  // Group and others get nothing on anything this process creates from now on.
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const blobs = join(dataDir, 'blobs');
  if (existsSync(blobs)) chmodSync(blobs, 0o700);
  for (const name of DATABASES) {
    for (const file of [name, `${name}-wal`, `${name}-shm`]) {
      const path = join(dataDir, file);
      if (existsSync(path)) chmodSync(path, 0o600);
    }
  }
}

/** Written in the blob folder once every file under it is private, so the walk runs once. */
export const BLOBS_PRIVATE_MARKER = '.private-0600';

/**
 * Blob files and folders an older version created 0644/0755 become 0600/0700 (the blob folder's own
 * 0700 already kept others out; this leaves nothing readable should the folder be moved or
 * copied). Runs once per DATA_DIR: a marker file records that it finished. Returns how many
 * entries it tightened.
 */
export async function makeBlobFilesPrivate(blobsDir: string): Promise<number> {
  if (!existsSync(blobsDir) || existsSync(join(blobsDir, BLOBS_PRIVATE_MARKER))) return 0;
  let tightened = 0;
  const walk = async (folder: string): Promise<void> => {
    for await (const entry of await opendir(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        await chmod(path, 0o700);
        tightened++;
        await walk(path);
      } else if (entry.isFile()) {
        await chmod(path, 0o600);
        tightened++;
      }
    }
  };
  await walk(blobsDir);
  await writeFile(join(blobsDir, BLOBS_PRIVATE_MARKER), '', { mode: 0o600 });
  return tightened;
}
