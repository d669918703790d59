/**
 * Faults of the dependencies, as HTTP answers and as the status: 507 / 503 with Retry-After in
 * the error envelope, and /api/jsonable/status degraded (which component, since when) while a
 * store fails, operational again once it works — without a restart.
 */
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BusyFault, NoSpaceFault, ProviderFault, TimeoutFault, UnreachableFault } from '@jsonable/domain/faults';
import { HealthMonitor, monitorPort } from '@jsonable/domain/health/monitor';
import { createApp } from '../src/app';
import { runCli } from '../src/cli';
import type { AnyCommand } from '../src/cli/commands';
import { storeProbe } from '../src/health';
import type { ApiModule } from '../src/module';
import { platformFixture } from './platform-fixtures';
import { givenEach } from './support/given';

const throwing: ApiModule = {
  name: 'throwing',
  routes(router) {
    router.get('/api/probe/no-space', () => {
      throw new NoSpaceFault('blob-store', { detail: 'ENOSPC: no space left on device, write /srv/data/blobs/x' });
    });
    router.get('/api/probe/busy', () => {
      throw new BusyFault('event-store', { detail: 'SQLITE_BUSY: database is locked' });
    });
    router.get('/api/probe/unreachable', () => {
      throw new UnreachableFault('document-store', { detail: 'connect ECONNREFUSED 10.0.0.7:27017' });
    });
    router.get('/api/probe/timeout', () => {
      throw new TimeoutFault('event-store', { detail: 'deadline exceeded' });
    });
    router.get('/api/probe/provider-refused', () => {
      throw new ProviderFault('mailer', { providerStatus: 401, detail: 'Mailgun 401 Forbidden' });
    });
  },
};

const f = givenEach(() => platformFixture());

describe('fault answers', () => {
  const cases: Array<[string, number, string | undefined, RegExp]> = [
    ['/api/probe/no-space', 507, '60', /run out of storage space.*nothing was counted/],
    ['/api/probe/busy', 503, '2', /busy right now.*retry in a few seconds/],
    ['/api/probe/unreachable', 503, '10', /The document store is not reachable/],
    ['/api/probe/timeout', 503, '5', /did not answer in time/],
    ['/api/probe/provider-refused', 502, undefined, /refused the request\. Please contact support/],
  ];
  for (const [path, status, retryAfter, message] of cases) {
    it(`${path} → ${status}${retryAfter ? ` Retry-After ${retryAfter}` : ' without Retry-After'}`, async () => {
      const res = await request(createApp(f.deps, [throwing]).callback()).get(path);
      expect(res.status).toBe(status);
      expect(res.headers['retry-after']).toBe(retryAfter);
      expect(res.body).toEqual({ success: false, error: { code: status, message: expect.stringMatching(message) } });
      // Driver details (paths, hosts) go to the log, not to the caller.
      expect(JSON.stringify(res.body)).not.toMatch(/ENOSPC|SQLITE|ECONNREFUSED|\/srv|10\.0\.0\.7/);
      const logged = f.lines.find((l) => l.msg === 'request failed on a dependency' && l.path === path);
      expect(logged?.fault).toEqual(expect.any(String));
    });
  }
});

describe('status while a store fails', () => {
  it('is degraded with the component and since when, and operational again after a successful write', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const health = new HealthMonitor(() => now);
    health.addProbe(storeProbe('event-store', () => f.deps.eventStore.ping()));
    health.addProbe(storeProbe('document-store', () => f.deps.docs.ping()));
    // The document store fails its writes with a full disk until `full` is turned off.
    let full = true;
    const docs = f.deps.docs;
    const failing = new Proxy(docs, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === 'putIf' && typeof value === 'function') {
          return async (...args: unknown[]) => {
            if (full) throw new NoSpaceFault('document-store', { detail: 'SQLITE_FULL: database or disk is full' });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const monitored = monitorPort(failing, 'document-store', health, ['putIf', 'applyBatch']);
    const app = createApp({ ...f.deps, docs: monitored, health }, []).callback();
    await monitored.ensureCollection({ name: 'probe', indexes: [] });

    expect((await request(app).get('/api/jsonable/status')).body).toEqual({ status: 'operational' });
    await expect(monitored.putIf('probe', { id: 'a', version: 1 }, null)).rejects.toBeInstanceOf(NoSpaceFault);
    now += 5000;
    const degraded = await request(app).get('/api/jsonable/status');
    expect(degraded.status).toBe(200);
    expect(degraded.body).toEqual({
      status: 'degraded',
      since: '2026-01-01T00:00:00.000Z',
      components: [
        {
          component: 'document-store',
          problem: 'no_space',
          message: expect.stringMatching(/storage space/),
          since: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    // A read (and the status probe's ping) answering does not prove the disk has room again.
    await monitored.get('probe', 'a');
    expect((await request(app).get('/api/jsonable/status')).body.status).toBe('degraded');
    full = false;
    expect(await monitored.putIf('probe', { id: 'a', version: 1 }, null)).toBe(true);
    expect((await request(app).get('/api/jsonable/status')).body).toEqual({ status: 'operational' });
  });
});

describe('admin commands that fail', () => {
  const failing = (error: unknown): AnyCommand => ({
    name: 'boom',
    usage: 'boom',
    options: {},
    positionals: { min: 0, max: 0 },
    run: async () => Promise.reject(error),
  });
  const run = async (error: unknown, env: Record<string, string> = {}) => {
    const err: string[] = [];
    const code = await runCli(['boom'], {
      env: { DATA_DIR: f.dir, LOG_LEVEL: 'silent', ...env },
      modules: [],
      commands: [failing(error)],
      out: () => undefined,
      err: (l) => err.push(l),
    });
    return { code, err };
  };

  it('say what is wrong in one line and exit 75 on a store fault', async () => {
    const { code, err } = await run(new BusyFault('event-store', { detail: 'SQLITE_BUSY: database is locked' }));
    expect(code).toBe(75);
    expect(err).toEqual([
      'boom failed: busy or locked: the event store (SQLITE_BUSY: database is locked): another process holds the lock (a rebuild, a backup?); run it again in a moment.',
    ]);
  });

  it('say so in one line when a file the command writes meets a full disk (backup target)', async () => {
    const { code, err } = await run(
      Object.assign(new Error("ENOSPC: no space left on device, write '/backups/events.sqlite'"), { code: 'ENOSPC' }),
    );
    expect(code).toBe(75);
    expect(err).toEqual([
      "boom failed: ENOSPC: no space left on device, write '/backups/events.sqlite': free some space on that disk (or raise the quota) and run it again.",
    ]);
  });

  it('exit 1 with one line and no stack trace on anything else', async () => {
    const { code, err } = await run(new TypeError('Cannot read properties of undefined\n  (reading "x")'));
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toBe(
      'boom failed: Cannot read properties of undefined (reading "x") (LOG_LEVEL=debug shows the stack)',
    );
  });

  it('fail in one line when the stores cannot even be opened', async () => {
    const err: string[] = [];
    // DATA_DIR is a file: the embedded stores cannot create their folder.
    const code = await runCli(['boom'], {
      env: { DATA_DIR: join(f.dir, 'events.sqlite', 'x'), LOG_LEVEL: 'silent' },
      modules: [],
      commands: [failing(new Error('not reached'))],
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect(code).not.toBe(0);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^boom failed: /);
  });
});
