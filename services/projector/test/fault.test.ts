import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateMixEvents, projectionMix } from '../bench/projections';
import { physicalCollection } from '../src/naming';
import { rebuildInto } from '../src/rebuild';
import { ProjectionRunner } from '../src/runner';
import { dumpDocs, tempStores, type TempStores } from './fixtures/stores';
import type { Projection } from '@jsonable/read-models/projection';

const CHILD = fileURLToPath(new URL('./fixtures/fault-child.ts', import.meta.url));

let s: TempStores;
beforeEach(() => {
  s = tempStores('jsonable-fault-');
});
afterEach(async () => {
  await s.close();
});

/** Runs the child until it has acknowledged `killAfter` appends, then SIGKILLs it. */
function runAndKill(dir: string, seed: number, killAfter: number): Promise<Array<{ position: number; id: string }>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: Array<{ position: number; id: string }> = [];
    let buffer = '';
    let stderr = '';
    let killed = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const [word, position, id] = line.split(' ');
        if (word === 'ack' && position && id) acked.push({ position: Number(position), id });
      }
      if (!killed && acked.length >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`child exited on its own (code ${code}): ${stderr}`));
    });
  });
}

const live = (p: Projection, logical: string) => physicalCollection(logical, p.version);

describe('fault: SIGKILL while appending and projecting', () => {
  it('keeps every acknowledged event exactly once, and the read models equal a rebuild after restart', async () => {
    // A random moment, but reproducible from the printed seed when it fails.
    const seed = Math.floor(Math.random() * 1_000_000) + 1;
    const killAfter = 200 + (seed % 600);
    const acked = await runAndKill(s.dir, seed, killAfter);
    expect(acked.length, `seed ${seed}`).toBeGreaterThanOrEqual(killAfter);

    const all = await s.eventStore.readAll();
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size, 'no duplicated event').toBe(ids.length);
    const positions = all.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const stored = new Map(all.map((e) => [e.id, e.position]));
    for (const a of acked) expect(stored.get(a.id), `acknowledged ${a.id} (seed ${seed})`).toBe(a.position);
    // The workload of the child is deterministic: what was stored is a prefix of it.
    const expected = generateMixEvents(all.length, seed);
    expect(all.map((e) => e.type)).toEqual(expected.map((e) => e.type));

    // The projector was killed mid-run, with some work committed.
    const before = await Promise.all(projectionMix.map((p) => s.docs.getCheckpoint(`${p.name}@v1`)));
    expect(
      before.some((c) => (c ?? 0) > 0),
      `seed ${seed}: the child projected something before the kill`,
    ).toBe(true);

    // Restart: takes over the dead child's lease once it runs out, continues from the checkpoints.
    const runner = new ProjectionRunner({
      eventStore: s.eventStore,
      docs: s.docs,
      projections: projectionMix,
      leaseRetryMs: 100,
      batchSize: 500,
    });
    runner.start();
    try {
      await runner.whenCaughtUp();
      expect(await runner.waitForPosition(await s.eventStore.headPosition(), 10_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    await rebuildInto({
      eventStore: s.eventStore,
      docs: s.docs,
      projections: projectionMix,
      physical: (_p, logical) => `${logical}__fresh`,
    });
    expect(await dumpDocs(s.docs, projectionMix, live)).toEqual(
      await dumpDocs(s.docs, projectionMix, (_p, logical) => `${logical}__fresh`),
    );
  });
});
