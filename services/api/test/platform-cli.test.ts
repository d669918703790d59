import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import { Lease, ProjectionRunner, physicalCollection } from '@jsonable/projector';
import { generateMixEvents, projectionMix } from '../../projector/bench/projections';
import { runCli } from '../src/cli';
import type { ApiModule } from '../src/module';

const mixModule: ApiModule = { name: 'mix', projections: projectionMix };

let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-cli-'));
  // The same files the server would use under DATA_DIR.
  const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
  const docs = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), { sweepIntervalMs: 0 });
  let n = 0;
  for (const e of generateMixEvents(700, 21))
    await eventStore.append(e.streamId, [{ id: `e-${++n}`, type: e.type, data: e.data }], 'any');
  const runner = new ProjectionRunner({ eventStore, docs, projections: projectionMix, leaseRetryMs: 20 });
  runner.start();
  await runner.whenCaughtUp();
  await runner.stop();
  await eventStore.close();
  await docs.close();
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    env: { DATA_DIR: dir },
    modules: [mixModule],
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

async function tamper(change: (docs: SqliteDocumentStore) => Promise<void>): Promise<void> {
  const docs = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), { sweepIntervalMs: 0 });
  try {
    await change(docs);
  } finally {
    await docs.close();
  }
}

describe('npm run cli -- replay --verify', () => {
  it('exits 0 when every read model equals a rebuild', async () => {
    const r = await cli(['replay', '--verify']);
    expect(r.code, r.out.join('\n')).toBe(0);
    expect(r.out.filter((l) => l.includes(' ok: '))).toHaveLength(projectionMix.length);
    expect(r.out.at(-1)).toBe('Every read model equals a rebuild from the event log.');
  });

  it('exits 1 and names the documents that differ, are missing or are extra', async () => {
    const images = physicalCollection('mix_images', 1);
    await tamper(async (docs) => {
      const [first, second] = await docs.find(images, {}, { sort: [['id', 1]], limit: 2 });
      await docs.applyBatch([
        { op: 'put', collection: images, doc: { ...first!, size: -1 } },
        { op: 'delete', collection: images, id: second!.id },
        { op: 'put', collection: physicalCollection('mix_users', 1), doc: { id: 'ghost', email: 'ghost@example.com' } },
      ]);
    });
    const r = await cli(['replay', '--verify']);
    expect(r.code).toBe(1);
    const text = r.out.join('\n');
    expect(text).toMatch(/mix-images@v1\s+DIFFERENT: 2 documents/);
    expect(text).toMatch(/mix_images\/\S+: size: live -1, rebuilt \d+/);
    expect(text).toContain('missing from the live read model');
    expect(text).toContain('mix_users/ghost: in the live read model but not in the rebuild');
    expect(text).toContain('Verification failed: 3 documents differ from a rebuild.');
    // The throw-away collections are gone again.
    await tamper(async (docs) => {
      expect(await docs.count('mix_images__verify').catch(() => 0)).toBe(0);
    });
  });

  it('replay --rebuild repairs a damaged read model, after which verify passes', async () => {
    const images = physicalCollection('mix_images', 1);
    await tamper(async (docs) => {
      const [first] = await docs.find(images, {}, { sort: [['id', 1]], limit: 1 });
      await docs.applyBatch([{ op: 'put', collection: images, doc: { ...first!, size: -1 } }]);
    });
    expect((await cli(['replay', '--verify'])).code).toBe(1);
    const rebuilt = await cli(['replay', '--rebuild', 'mix-images']);
    expect(rebuilt.code, rebuilt.out.join('\n')).toBe(0);
    expect(rebuilt.out.join('\n')).toMatch(/mix-images@v1\s+rebuilt: \d+ documents up to position 700/);
    expect((await cli(['replay', '--verify'])).code).toBe(0);
  });

  it('replay --rebuild refuses while a projector holds the lease, and unknown names', async () => {
    await tamper(async (docs) => {
      expect(await new Lease(docs, 'running-projector', 60_000).tryAcquire()).toBe(true);
    });
    const refused = await cli(['replay', '--rebuild']);
    expect(refused.code).toBe(2);
    expect(refused.out[0]).toContain('A projector is running');
    const unknown = await cli(['replay', '--rebuild', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.out[0]).toContain('Unknown projection: nope');
  });

  it('lists the commands and refuses unknown ones', async () => {
    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain('replay --verify');
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toBe("Unknown command 'frobnicate'.");
  });

  it('parses strictly: a misspelt flag, a missing value or a stray argument is an error that names it', async () => {
    const misspelt = await cli(['replay', '--verfy']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.err[0]).toMatch(/^replay: Unknown option '--verfy'/);
    expect(misspelt.err[1]).toContain('usage: npm run cli -- replay --verify');
    const missing = await cli(['audit', '--user']);
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/^audit: Option '--user <value>' argument missing/);
    const stray = await cli(['audit', '--verify', 'extra']);
    expect(stray.code).toBe(2);
    expect(stray.err[0]).toBe("audit: Unexpected argument 'extra'.");
    const short = await cli(['set-plan', 'a@example.com']);
    expect(short.code).toBe(2);
    expect(short.err[0]).toBe('set-plan: Missing argument(s).');
    // A value glued with = is a value, not a flag.
    expect((await cli(['replay', '--verify=yes'])).code).toBe(2);
  });
});
