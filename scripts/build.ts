/**
 * `npm run build`: the production build. The server, the admin CLI and the worker threads are
 * bundled to plain JavaScript under services/api/dist (same depth as src, so paths computed from
 * a module's own URL still reach the repository root), and the web app is built by Vite into
 * web/dist. Production then runs plain `node services/api/dist/main.js`: no TypeScript loader.
 *
 * - Our workspaces (@jsonable/*) are TypeScript and are bundled in; npm packages stay external
 *   (native modules, fonts and pdfmake's data files resolve from node_modules as usual).
 * - Worker threads load module files: the render worker and its job module are entry points of
 *   their own (render-worker.js, engine-job.js, found by the pool next to its own code), and the
 *   plain-JavaScript thread files (the SQLite writer thread, the WAL checkpointer) are copied.
 * - dist/fonts.json lists the font files the engine loads, so an image can ship only those.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { FACES, facePath, type FaceId, type Weight } from '../services/render/src/fonts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** `--out <dir>` builds elsewhere (the build test); it must stay inside the repository so packages resolve. */
const outFlag = process.argv.indexOf('--out');
const OUT = outFlag > 0 ? resolve(process.argv[outFlag + 1]!) : join(ROOT, 'services/api/dist');
const log = (line: string) => process.stdout.write(`build: ${line}\n`);

/** npm packages stay external; our own workspaces are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@jsonable/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(): Promise<void> {
  const started = Date.now();
  rmSync(OUT, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'services/api/src/main.ts',
      cli: 'services/api/src/cli.ts',
      'render-worker': 'services/render/src/pool/worker.ts',
      'engine-job': 'services/render/src/pool/engine-job.ts',
    },
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    // Bundled CommonJS-only code (none today) would need `require`; ESM output gets one here.
    banner: {
      js: "import { createRequire as __jsonableRequire } from 'node:module'; const require = __jsonableRequire(import.meta.url);",
    },
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  for (const file of [
    'services/adapters/src/sqlite/writer-thread.mjs',
    'services/adapters/src/sqlite/wal-checkpointer.worker.cjs',
  ]) {
    copyFileSync(join(ROOT, file), join(OUT, file.split('/').pop()!));
  }
  // The files the engine loads, as paths under node_modules (facePath is what the engine opens).
  const modules = join(ROOT, 'node_modules');
  const fonts = (Object.keys(FACES) as FaceId[]).flatMap((id) =>
    (Object.keys(FACES[id].files).map(Number) as Weight[]).map((w) =>
      relative(modules, facePath(id, w)).split('\\').join('/'),
    ),
  );
  writeFileSync(join(OUT, 'fonts.json'), `${JSON.stringify({ fonts: [...new Set(fonts)].sort() }, null, 2)}\n`);
  writeFileSync(join(OUT, 'BUILD'), `${new Date().toISOString()}\n`);
  log(`server → ${relative(ROOT, OUT)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function buildWeb(): void {
  const started = Date.now();
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'web', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  log(`web → web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const which = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'all';
mkdirSync(OUT, { recursive: true });
if (which === 'all' || which === 'server') await buildServer();
if (which === 'all' || which === 'web') buildWeb();
