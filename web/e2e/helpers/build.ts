/**
 * Builds web/dist once per run, and only when a source file is newer than the last build, so
 * several e2e files (and both halves of the web app) share one build. A lock directory keeps two
 * test workers from building at the same time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = join(WEB_ROOT, 'dist');
const REPO_ROOT = resolve(WEB_ROOT, '..');
const LOCK = join(WEB_ROOT, '.e2e-build.lock');

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function sourcesNewestMtime(): number {
  const inputs = [
    join(WEB_ROOT, 'src'),
    join(WEB_ROOT, 'public'),
    join(WEB_ROOT, 'index.html'),
    join(WEB_ROOT, 'vite.config.ts'),
    join(WEB_ROOT, 'build'),
    join(REPO_ROOT, 'contracts', 'src'),
    // The site's images are drawn by the engine during the build (build/site-images.ts).
    join(REPO_ROOT, 'services', 'render', 'build'),
    join(REPO_ROOT, 'services', 'render', 'src'),
  ];
  return Math.max(...inputs.filter(existsSync).map(newestMtime));
}

function isFresh(): boolean {
  const index = join(WEB_DIST, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= sourcesNewestMtime();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function acquire(): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      // A lock older than three minutes belongs to a crashed run.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 180_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* gone already */
      }
      await sleep(250);
    }
  }
}

let built: Promise<void> | null = null;

export function ensureWebBuilt(): Promise<void> {
  built ??= (async () => {
    if (isFresh()) return;
    await acquire();
    try {
      if (isFresh()) return;
      // The build that ships: vitest sets NODE_ENV=test, under which Vite builds development React.
      execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
        cwd: WEB_ROOT,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  })();
  return built;
}
