import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import type { TableRenderer } from '@jsonable/domain/ports';
import type { ApiModule } from '../src/module';
import { startServer, type RunningServer } from '../src/server';

let dir: string;
let running: RunningServer | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-server-'));
});
afterEach(async () => {
  await running?.close();
  running = null;
  rmSync(dir, { recursive: true, force: true });
});

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startServer', () => {
  it('serves the status on the embedded default and public links use the real port', async () => {
    running = await startServer({
      env: { DATA_DIR: dir, LOG_LEVEL: 'silent', RENDER_WORKERS: '1' },
      host: '127.0.0.1',
      port: 0,
      modules: [],
    });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.config.publicUrl).toBe(running.url);
    const res = await get(`${running.url}/api/jsonable/status`);
    expect(res).toEqual({ status: 200, body: JSON.stringify({ status: 'operational' }) });
    await running.projector?.whenCaughtUp();
    expect(running.projector?.isLeader).toBe(true);
  });

  it('shuts down gracefully: refuses new connections, finishes the request in flight, closes the stores', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slow: ApiModule = {
      name: 'slow',
      routes(router) {
        router.get('/api/slow', async (ctx) => {
          entered();
          await gate;
          ctx.body = { done: true };
        });
      },
    };
    const lines: string[] = [];
    running = await startServer({
      env: { DATA_DIR: dir, RENDER_WORKERS: '1' },
      host: '127.0.0.1',
      port: 0,
      modules: [slow],
      logger: createLogger({ write: (line) => lines.push(line) }),
    });
    const { url, deps } = running;
    const inFlight = get(`${url}/api/slow`);
    await inside;
    const closing = running.close();
    running = null;
    // New connections are refused while the old request is still being answered.
    await expect
      .poll(
        async () =>
          get(`${url}/api/jsonable/status`).then(
            () => 'accepted',
            (e: NodeJS.ErrnoException) => e.code,
          ),
        { timeout: 5000 },
      )
      .toBe('ECONNREFUSED');
    release();
    expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await closing;
    await expect(deps.eventStore.ping()).rejects.toThrow();
    await expect(deps.docs.ping()).rejects.toThrow();
    expect(lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });

  it('refuses to start on a bad configuration with a message naming the variable', async () => {
    await expect(startServer({ env: { DATA_DIR: dir, PORT: 'eighty' } })).rejects.toThrow(/PORT/);
  });

  it('renders with the renderer it is given and closes it on shutdown (the API bench fixed-bytes mode)', async () => {
    let closed = false;
    const renderer: TableRenderer = {
      render: () => Promise.reject(new Error('not used here')),
      async close() {
        closed = true;
      },
    };
    running = await startServer({ env: { DATA_DIR: dir, LOG_LEVEL: 'silent' }, host: '127.0.0.1', port: 0, renderer });
    expect(running.deps.renderer).toBe(renderer);
    await running.close();
    running = null;
    expect(closed).toBe(true);
  });
});
