/**
 * Starts the real API process in-process (services/api/src/server.ts, the platform's composition
 * root) on 127.0.0.1:0 with a fresh DATA_DIR, serving the built web/dist. Every e2e file gets its
 * own server and data folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ensureWebBuilt, WEB_DIST } from './build';

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

// The platform's startServer answer; read structurally so this helper does not break when its
// handle gains fields.
interface ServerHandle {
  url?: string;
  port?: number;
  address?: () => AddressInfo | string | null;
  server?: { address(): AddressInfo | string | null };
  close?: () => Promise<void> | void;
  stop?: () => Promise<void> | void;
}
type StartServer = (opts: { env: Record<string, string>; host: string; port: number }) => Promise<ServerHandle>;

function portOf(h: ServerHandle): number {
  if (typeof h.port === 'number' && h.port > 0) return h.port;
  const addr = h.address?.() ?? h.server?.address();
  if (addr && typeof addr === 'object') return addr.port;
  throw new Error('startServer returned no port');
}

export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  await ensureWebBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'jsonable-e2e-'));
  const mod = (await import('../../../services/api/src/server')) as unknown as { startServer: StartServer };
  const handle = await mod.startServer({
    env: { DATA_DIR: dataDir, WEB_DIST, LOG_LEVEL: 'warn', RENDER_WORKERS: '1', ...env },
    host: '127.0.0.1',
    port: 0,
  });
  const baseUrl = (handle.url ?? `http://127.0.0.1:${portOf(handle)}`).replace(/\/$/, '');
  return {
    baseUrl,
    dataDir,
    async close() {
      await (handle.close ?? handle.stop)?.call(handle);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
