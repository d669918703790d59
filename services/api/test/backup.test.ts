/**
 * backup / restore of the embedded default: a backup taken while renders are being written,
 * restored into a fresh folder, passes replay --verify, and every image its log mentions is
 * served from the restored server with the bytes the original served.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateUserApiKey, registerUser } from '@jsonable/domain/accounts/accounts.handlers';
import { runCli } from '../src/cli';
import { startServer, type RunningServer } from '../src/server';

const root = mkdtempSync(join(tmpdir(), 'jsonable-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(args, {
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
  });
  return { code, out: lines.join('\n') };
}

const start = (dataDir: string) =>
  startServer({ env: { DATA_DIR: dataDir, RENDER_WORKERS: '1', LOG_LEVEL: 'silent' }, host: '127.0.0.1', port: 0 });

function table(i: number) {
  return {
    title: `Load ${i}`,
    headers: ['n', 'square'],
    rows: Array.from({ length: 5 + (i % 7) }, (_, r) => [r, r * r * i]),
  };
}

async function render(server: RunningServer, apiKey: string, i: number): Promise<string> {
  const res = await fetch(`${server.url}/api/jsonable/table-to-image`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ ...table(i), options: { format: i % 3 === 0 ? 'svg' : 'png' } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

async function bytesOf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('npm run cli -- backup / restore', () => {
  it('backs up during a render load; the restore passes replay --verify and serves the same images', async () => {
    const original = join(root, 'data');
    const backup = join(root, 'backup');
    const restored = join(root, 'restored');
    const server = await start(original);
    let served: Map<string, Buffer>;
    let backedUp: { code: number; out: string };
    try {
      const { userId } = await registerUser(server.deps, {
        email: 'load@example.com',
        password: null,
        plan: 'business',
      });
      const { apiKey, position } = await generateUserApiKey(server.deps, { userId });
      await server.deps.waitForProjections(position);
      for (let i = 0; i < 4; i++) await render(server, apiKey, i);

      // Renders keep coming (two at a time) while the backup runs.
      let stop = false;
      let n = 4;
      const load = Promise.all(
        [0, 1].map(async () => {
          while (!stop && n < 60) await render(server, apiKey, n++);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      const rendersBefore = n;
      backedUp = await cli(['backup', backup], original);
      stop = true;
      await load;
      expect(backedUp.code, backedUp.out).toBe(0);
      expect(n, 'renders went on during the backup').toBeGreaterThan(rendersBefore);

      // What the original serves, for every image (fetched while it still runs).
      await server.deps.waitForProjections(await server.deps.eventStore.headPosition());
      served = new Map();
      for (const e of await server.deps.eventStore.readAll()) {
        if (e.type !== 'TableRendered') continue;
        const filename = (e.data as { filename: string }).filename;
        served.set(filename, await bytesOf(`${server.url}/api/images/${filename}`));
      }
      // A live data folder is never overwritten.
      const refused = await cli(['restore', backup], original);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/is in use by pid \d+ .*stop the server first/);
    } finally {
      await server.close();
    }
    expect(backedUp.out).toMatch(/events +\d+ events up to position \d+/);
    expect(existsSync(join(backup, 'backup.json'))).toBe(true);

    // Restore into a fresh folder and check it before any server touches it.
    const restoredRun = await cli(['restore', backup], restored);
    expect(restoredRun.code, restoredRun.out).toBe(0);
    const verify = await cli(['replay', '--verify'], restored);
    expect(verify.code, verify.out).toBe(0);

    const again = await start(restored);
    try {
      const log = await again.deps.eventStore.readAll();
      const originalLog = served!;
      const rendered = log
        .filter((e) => e.type === 'TableRendered')
        .map((e) => (e.data as { filename: string }).filename);
      expect(rendered.length).toBeGreaterThanOrEqual(4);
      expect(rendered.length).toBeLessThan(originalLog.size + 1);
      // Every image the restored log holds is served, byte for byte as the original served it.
      for (const filename of rendered)
        expect(
          (await bytesOf(`${again.url}/api/images/${filename}`)).equals(originalLog.get(filename)!),
          filename,
        ).toBe(true);
      await again.deps.waitForProjections(await again.deps.eventStore.headPosition());
    } finally {
      await again.close();
    }
    // After the projector caught up on the restored data, the read models still equal a rebuild.
    expect((await cli(['replay', '--verify'], restored)).code).toBe(0);
  });

  it('refuses unsafe or broken input with a clear message', async () => {
    const data = join(root, 'small');
    const server = await start(data);
    await server.close();
    // Into a folder that is not empty, or inside DATA_DIR.
    const full = join(root, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'x'), 'x');
    expect(await cli(['backup', full], data)).toMatchObject({ code: 1, out: expect.stringContaining('is not empty') });
    expect(await cli(['backup', join(data, 'inside')], data)).toMatchObject({
      code: 1,
      out: expect.stringContaining('outside DATA_DIR'),
    });
    expect(await cli(['backup', join(root, 'b2')], join(root, 'nothing-here'))).toMatchObject({
      code: 1,
      out: expect.stringContaining('does not exist'),
    });
    // A folder without a manifest (an unfinished backup) is not restored.
    expect(await cli(['restore', full], join(root, 'r2'))).toMatchObject({
      code: 1,
      out: expect.stringContaining('not a Jsonable backup, or an unfinished one'),
    });
    expect(existsSync(join(root, 'r2'))).toBe(false);
    // Restoring over a stopped folder keeps the old content aside.
    const b3 = join(root, 'b3');
    expect((await cli(['backup', b3], data)).code).toBe(0);
    const over = await cli(['restore', b3], data);
    expect(over.code, over.out).toBe(0);
    expect(over.out).toContain('previous content is kept at');
    expect(readdirSync(root).some((name) => name.startsWith('small.before-restore-'))).toBe(true);
    // The server backends are backed up with their own tools.
    const lines: string[] = [];
    const code = await runCli(['backup', join(root, 'b4')], {
      env: { DATA_DIR: data, MONGO_URL: 'mongodb://127.0.0.1:9/' },
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('MONGO_URL is set: back those servers up with their own tools');
  });
});
