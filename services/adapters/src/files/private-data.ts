/**
 * The embedded stores hold every account's data (hashed secrets, request JSON, images): their
 * folder is 0700 and their files 0600, whoever else has an account on the machine. New files get
 * it from the process's umask (SQLite creates its -wal and -shm files, and the blob store its
 * files, long after start); files left by an older version are tightened at start.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
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
