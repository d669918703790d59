/**
 * The production build runs with plain node: the bundled server starts without a TypeScript
 * loader, its render workers (module files of their own) render, and the CLI answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
// Where the real build goes, next to services/api/dist: packages resolve from services/api's
// node_modules first (a workspace may have its own version of a package), then the root's.
const work = mkdtempSync(join(ROOT, 'services', 'api', '.build-test-'));
const out = work;
/** The built server, while it runs: stopped here too, so a failed or timed-out test leaves no process behind. */
let server: ChildProcess | null = null;

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

afterAll(async () => {
  if (server) await stop(server);
  rmSync(work, { recursive: true, force: true });
});

describe('npm run build (server)', () => {
  it('produces plain JavaScript that serves and renders with node alone', async () => {
    const built = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/build.ts'), 'server', '--out', out],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    const files = readdirSync(out);
    for (const f of [
      'main.js',
      'cli.js',
      'render-worker.js',
      'engine-job.js',
      'writer-thread.mjs',
      'wal-checkpointer.worker.cjs',
      'fonts.json',
    ])
      expect(files).toContain(f);
    const code = files
      .filter((f) => /\.(m?js|cjs)$/.test(f))
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from\s*["']tsx/);
    const fonts = JSON.parse(readFileSync(join(out, 'fonts.json'), 'utf8')) as { fonts: string[] };
    expect(fonts.fonts.length).toBeGreaterThan(10);
    for (const font of fonts.fonts) expect(font).toMatch(/^@expo-google-fonts\/[a-z0-9-]+\/.+\.ttf$/);

    const help = spawnSync(process.execPath, [join(out, 'cli.js'), 'help'], { cwd: work, encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('backup <dir>');

    const child = spawn(process.execPath, [join(out, 'main.js')], {
      cwd: work,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: join(work, 'data'),
        PORT: '0',
        HOST: '127.0.0.1',
        RENDER_WORKERS: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    try {
      let log = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no 'listening' line within 60 s:\n${log}`)), 60_000);
        child.stdout.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          const m = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"listening"/.exec(log);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${log}`)));
      });
      const res = await fetch(`${url}/api/demo/generate-image`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ headers: ['a', 'b'], rows: [[1, 'héllo 中文']] }),
      });
      expect(res.status).toBe(200);
      const image = Buffer.from(await (await fetch(((await res.json()) as { url: string }).url)).arrayBuffer());
      expect(image.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    } finally {
      await stop(child);
      server = null;
    }
  }, 120_000);
});
