// `npm start` / `npm run cli`: run the production build (services/api/dist) with plain node.
// When the build is missing or older than the sources (a fresh clone, a `git pull`), it is
// rebuilt first with `npm run build`, which needs the dev dependencies; a production install
// (`npm ci --omit=dev`) must ship a built tree instead (the Dockerfile does).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { hasMallocEnv, withMallocEnv } from './malloc-env.mjs';

// glibc reads its malloc settings at start-up: run again, as this same process (execve keeps the
// PID, so signals still reach the server), with them in the environment. An operator's own values win.
if (process.platform === 'linux' && !hasMallocEnv(process.env)) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...withMallocEnv(process.env),
  });
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'services/api/dist');
const STAMP = join(DIST, 'BUILD');
const WEB_STAMP = join(ROOT, 'web/dist/index.html');
const SERVER_SOURCES = [
  'contracts/src',
  'read-models/src',
  'services/domain/src',
  'services/adapters/src',
  'services/render/src',
  'services/projector/src',
  'services/api/src',
];
const WEB_SOURCES = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/build', 'contracts/src'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path))
    if (entry !== 'node_modules' && entry !== 'dist') latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function stale(stamp, sources) {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => newest(join(ROOT, s)) > built);
}

const [command = 'server', ...args] = process.argv.slice(2);
const parts = [];
if (stale(STAMP, SERVER_SOURCES)) parts.push('server');
if (command === 'server' && stale(WEB_STAMP, WEB_SOURCES)) parts.push('web');
if (parts.length > 0) {
  if (!existsSync(join(ROOT, 'node_modules/esbuild')) || !existsSync(join(ROOT, 'node_modules/tsx'))) {
    process.stderr.write(
      `The ${parts.join(' and ')} build is missing or older than the sources, and the dev dependencies that build it are not installed.\nRun \`npm install && npm run build\` (or deploy a built tree: see docs/operations.md).\n`,
    );
    process.exit(1);
  }
  process.stderr.write(`Building the ${parts.join(' and ')} (sources changed since the last build)…\n`);
  const which = parts.length === 2 ? 'all' : parts[0];
  const built = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts'), which], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (command === 'server') {
  // In this process, so SIGTERM/SIGINT reach the server's own graceful shutdown.
  await import(pathToFileURL(join(DIST, 'main.js')).href);
} else if (command === 'cli') {
  const run = spawnSync(process.execPath, ['--enable-source-maps', join(DIST, 'cli.js'), ...args], {
    cwd: process.cwd(),
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
} else {
  process.stderr.write(`usage: node scripts/start.mjs [server | cli <args…>]\n`);
  process.exit(2);
}
