import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderPool, RenderPoolError, type RenderPool, type RenderPoolOptions } from '../src/pool';
import { poolJob, type Payload } from './pool-test-job';

const TEST_JOB = new URL('./pool-test-job.ts', import.meta.url).href;
const pools: RenderPool[] = [];

function pool(opts: Partial<RenderPoolOptions> = {}): RenderPool {
  const p = createRenderPool({ size: 2, timeoutMs: 10_000, jobModule: TEST_JOB, ...opts });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number; code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error('expected the render to fail');
}

describe('createRenderPool', () => {
  it('renders in TypeScript workers warmed up once each, and transfers the bytes', async () => {
    const p = pool();
    await p.ready();
    const outputs = await Promise.all(Array.from({ length: 8 }, (_, i) => p.render(poolJob({ echo: `job ${i}` }))));
    expect(outputs.map((o) => Buffer.from(o.bytes).toString())).toEqual(
      Array.from({ length: 8 }, (_, i) => `job ${i}`),
    );
    expect(new Set(outputs.map((o) => o.width)).size).toBe(2); // both workers took jobs
    expect(outputs.every((o) => o.height === 1)).toBe(true); // warm-up ran exactly once per worker
    const big = await p.render(poolJob({ bytes: 1_000_000 }));
    expect(big.bytes).toBeInstanceOf(Uint8Array);
    expect(big.bytes.byteLength).toBe(1_000_000);
    expect(big.bytes[999_999]).toBe(7);
  });

  it('passes a worker error through with its status, name and message', async () => {
    const p = pool();
    const error = await failure(
      p.render(poolJob({ fail: { status: 413, message: 'Too many rows (max 10000)', name: 'RenderInputError' } })),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe('Too many rows (max 10000)');
    expect(error.name).toBe('RenderInputError');
    const bug = await failure(p.render(poolJob({ fail: { message: 'x is undefined' } })));
    expect(bug.status).toBe(500);
  });

  it('times out a runaway render alone, replaces its worker, and keeps serving', async () => {
    const p = pool({ size: 1 });
    await p.ready();
    const first = await p.render(poolJob({ echo: 'before' }));
    const runaway = failure(p.render(poolJob({ spin: true }), { timeoutMs: 200 }));
    const queued = p.render(poolJob({ echo: 'after' }));
    const error = await runaway;
    expect(error).toBeInstanceOf(RenderPoolError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Rendering timed out');
    const after = await queued;
    expect(Buffer.from(after.bytes).toString()).toBe('after');
    expect(after.width).not.toBe(first.width); // a new worker thread
    expect(after.height).toBe(1); // and it warmed up too
    expect(p.stats().replaced).toBe(1);
  });

  it('fails only the job of a worker that exits or throws, and replaces it', async () => {
    const p = pool({ size: 2 });
    await p.ready();
    const results = await Promise.allSettled([
      p.render(poolJob({ exit: true })),
      p.render(poolJob({ throwLater: true })),
      p.render(poolJob({ echo: 'fine', delayMs: 50 })),
      p.render(poolJob({ echo: 'also fine' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled']);
    for (const r of results.slice(0, 2)) {
      const reason = (r as PromiseRejectedResult).reason as RenderPoolError;
      expect(reason.status).toBe(500);
      expect(reason.message).toMatch(/^Rendering failed: the renderer (crashed|stopped unexpectedly)$/);
    }
    await p.ready();
    expect(p.stats()).toMatchObject({ workers: 2, ready: 2, replaced: 2 });
  });

  it('sends a worker its next job ahead, which runs after the current one, with its own time limit', async () => {
    // 1 s jobs under a 1.5 s limit: half a second of slack per job for a loaded machine (the
    // workers run at nice 10, behind everything else on a shared machine).
    const p = pool({ size: 1, timeoutMs: 1_500 });
    await p.ready();
    // Sent at once but run one after the other: 3 × 1 s in a worker. A time limit counted from
    // sending would fail the second and third (finished at ~2 and ~3 s).
    const outputs = await Promise.all([0, 1, 2].map((i) => p.render(poolJob({ echo: `job ${i}`, delayMs: 1_000 }))));
    expect(outputs.map((o) => Buffer.from(o.bytes).toString())).toEqual(['job 0', 'job 1', 'job 2']);
    expect(outputs.map((o) => o.rows)).toEqual([1, 1, 1]); // never two at once in the worker
    expect(outputs[2]!.columns - outputs[0]!.columns).toBeGreaterThanOrEqual(1_900);
  });

  it('gives a job sent ahead to a worker that then dies back to the queue, where another worker runs it', async () => {
    const p = pool({ size: 2 });
    await p.ready();
    // Level by level: worker 1 gets `exit` then `sent ahead`; worker 2 gets `slow` then `other`.
    const results = await Promise.allSettled([
      p.render(poolJob({ exit: true })),
      p.render(poolJob({ echo: 'slow', delayMs: 300 })),
      p.render(poolJob({ echo: 'sent ahead' })),
      p.render(poolJob({ echo: 'other' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    const texts = results
      .slice(1)
      .map((r) => Buffer.from((r as PromiseFulfilledResult<{ bytes: Uint8Array }>).value.bytes).toString());
    expect(texts).toEqual(['slow', 'sent ahead', 'other']);
    expect(p.stats().replaced).toBe(1);
  });

  it('fails a render that exhausts its worker heap with a clear error and replaces the worker', async () => {
    const p = pool({ size: 1, maxMemoryMb: 64 });
    const error = await failure(p.render(poolJob({ allocate: true })));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      'The table needs more memory than one render may use: use fewer rows, columns or images',
    );
    const next = await p.render(poolJob({ echo: 'next' }));
    expect(Buffer.from(next.bytes).toString()).toBe('next');
  });

  it('refuses renders beyond the queue with 503 Renderer busy', async () => {
    const p = pool({ size: 1, maxQueue: 2 });
    await p.ready();
    // One running; one sent ahead to the worker and one in the queue are the two waiting.
    const running = [0, 1, 2].map((i) => p.render(poolJob({ echo: `slow ${i}`, delayMs: 150 })));
    const error = await failure(p.render(poolJob({ echo: 'one too many' })));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Renderer busy, try again');
    expect((await Promise.all(running)).length).toBe(3);
  });

  it('refuses input that cannot be sent to a worker with 400, and carries on', async () => {
    const p = pool({ size: 1 });
    const error = await failure(p.render(poolJob({ echo: 'x', callback: () => 1 } as Payload)));
    expect(error.status).toBe(400);
    expect(error.message).toBe('The table data could not be read');
    expect(Buffer.from((await p.render(poolJob({ echo: 'still here' }))).bytes).toString()).toBe('still here');
  });

  it('refuses renders once closed and ends its workers', async () => {
    const p = pool({ size: 1 });
    await p.ready();
    const pending = failure(p.render(poolJob({ echo: 'late', delayMs: 5_000 })));
    await p.close();
    expect((await pending).status).toBe(503);
    expect((await failure(p.render(poolJob({})))).message).toBe('Renderer is shutting down');
    expect(p.stats().workers).toBe(0);
  });

  it('reports a job module that cannot load instead of retrying forever', async () => {
    const p = pool({ size: 1, jobModule: new URL('./no-such-module.ts', import.meta.url).href });
    const error = await failure(p.render(poolJob({})));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Renderer unavailable, try again later');
    expect((error as RenderPoolError).detail).toMatch(/^Renderer could not start/);
  });

  it('refuses a render that waited longer than maxWaitMs for a worker with 503 busy, and runs the next', async () => {
    const p = pool({ size: 1, maxWaitMs: 150, jobsPerWorker: 1 });
    await p.ready();
    const running = p.render(poolJob({ delayMs: 800 }));
    const waiting = failure(p.render(poolJob({ echo: 'late' })));
    const error = await waiting;
    expect(error).toBeInstanceOf(RenderPoolError);
    expect([error.status, error.code, error.message]).toEqual([503, 'busy', 'Renderer busy, try again']);
    await running;
    expect(Buffer.from((await p.render(poolJob({ echo: 'next' }))).bytes).toString()).toBe('next');
  });

  it('does not refuse the first renders as busy while the workers are still starting', async () => {
    process.env.POOL_TEST_WARMUP_MS = '600';
    try {
      const p = pool({ size: 1, maxWaitMs: 150 });
      const first = await p.render(poolJob({ echo: 'first' }));
      expect(Buffer.from(first.bytes).toString()).toBe('first');
    } finally {
      delete process.env.POOL_TEST_WARMUP_MS;
    }
  });

  it('lets lanes take turns: renders of a client who sent many wait behind its own, not others’', async () => {
    const p = pool({ size: 1 });
    await p.ready();
    const done: string[] = [];
    const track = (lane: string, name: string) =>
      p.render(poolJob({ echo: name, delayMs: 30 }), { lane }).then(() => void done.push(name));
    const flood = Array.from({ length: 6 }, (_, i) => track('flood', `flood ${i}`));
    const other = track('other', 'other');
    await Promise.all([...flood, other]);
    // flood 0 runs, flood 1 is sent ahead; then the lanes alternate: flood 2, other.
    expect(done.indexOf('other')).toBe(3);
    expect(done.filter((n) => n.startsWith('flood'))).toEqual(Array.from({ length: 6 }, (_, i) => `flood ${i}`));
  });

  it('refuses a lane past its own bound with 503 while other lanes still get in', async () => {
    const p = pool({ size: 1, jobsPerWorker: 1, maxQueue: 10, maxQueuePerLane: 2 });
    await p.ready();
    const admitted = [0, 1, 2].map((i) => p.render(poolJob({ echo: `a${i}`, delayMs: 100 }), { lane: 'a' }));
    const refused = await failure(p.render(poolJob({ echo: 'a3' }), { lane: 'a' }));
    expect([refused.status, refused.message]).toEqual([503, 'Renderer busy, try again']);
    const b = await p.render(poolJob({ echo: 'b' }), { lane: 'b' });
    expect(Buffer.from(b.bytes).toString()).toBe('b');
    expect((await Promise.all(admitted)).length).toBe(3);
  });

  it('runs heavy renders on at most heavySlots workers and never queues a light one behind them', async () => {
    const p = pool({ size: 2, heavySlots: 1 });
    await p.ready();
    // 400 × 10 cells as a PDF: far past the heavy estimate; the test job only sleeps.
    const heavy = (name: string) => ({
      echo: name,
      delayMs: 1_000,
      headers: Array.from({ length: 10 }, (_, i) => `c${i}`),
      rows: Array.from({ length: 400 }, () => []),
    });
    const done: string[] = [];
    const track = (payload: object, name: string, lane: string) =>
      p.render({ ...poolJob(payload), format: 'pdf' }, { lane }).then(() => void done.push(name));
    const all = [track(heavy('h1'), 'heavy 1', 'x'), track(heavy('h2'), 'heavy 2', 'y')];
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 }); // the second heavy waits for the heavy slot
    all.push(track({ echo: 'light' }, 'light', 'z'));
    expect(p.stats()).toMatchObject({ busy: 2, queued: 1 });
    await Promise.all(all);
    expect(done).toEqual(['light', 'heavy 1', 'heavy 2']);
  });

  it('runs the workers that may take heavy renders at a lower CPU priority, the light ones at their own (Linux)', async () => {
    if (process.platform !== 'linux') return;
    const nices = () =>
      readdirSync('/proc/self/task').map((tid) =>
        Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
      );
    const count = (nice: number) => nices().filter((n) => n === nice).length;
    const before = [count(7), count(3)];
    const p = pool({ size: 3, heavySlots: 2, niceness: 7, lightNiceness: 3 });
    await p.ready();
    expect([count(7) - before[0]!, count(3) - before[1]!]).toEqual([2, 1]);
    expect(getPriority()).toBe(0);
  });

  it('keeps a light worker for light renders: they run there at once while heavy ones hold the others', async () => {
    const p = pool({ size: 2, heavySlots: 1 });
    await p.ready();
    const heavy = {
      delayMs: 800,
      headers: Array.from({ length: 10 }, (_, i) => `c${i}`),
      rows: Array.from({ length: 400 }, () => []),
    };
    const slow = p.render({ ...poolJob({ ...heavy, echo: 'heavy' }), format: 'pdf' }, { lane: 'x' });
    const lights = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const out = await p.render(poolJob({ echo: `light ${i}` }), { lane: `l${i}` });
      lights.push({ ms: performance.now() - t0, worker: out.width });
    }
    const heavyOut = await slow;
    // None ran on the heavy render's worker, and none waited for it (800 ms).
    expect(lights.every((l) => l.worker !== heavyOut.width)).toBe(true);
    expect(Math.max(...lights.map((l) => l.ms))).toBeLessThan(800);
  });
});

describe("the pool's memory budget", () => {
  /** A ledger the test jobs share across workers: [MB held now, the most held at once]. */
  const ledger = () => new Int32Array(new SharedArrayBuffer(8));

  it('never lets the renders running at once reserve more than the budget, whatever their mix', async () => {
    const p = pool({ size: 4, heavySlots: 4, memoryBudgetMb: 1_000 });
    await p.ready();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ mb: fc.integer({ min: 0, max: 1_000 }), delayMs: fc.integer({ min: 0, max: 40 }) }), {
          minLength: 1,
          maxLength: 10,
        }),
        async (jobs) => {
          const held = ledger();
          const outputs = await Promise.all(
            jobs.map((j, i) =>
              p.render(poolJob({ echo: `job ${i}`, reserveMb: j.mb, delayMs: j.delayMs, ledger: held }), {
                lane: `lane ${i}`,
              }),
            ),
          );
          expect(outputs.map((o) => Buffer.from(o.bytes).toString())).toEqual(jobs.map((_, i) => `job ${i}`));
          expect(held[1]).toBeLessThanOrEqual(1_000);
          expect(p.stats()).toMatchObject({ reservedMb: 0, waitingForMemory: 0 });
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('runs renders that fit together at once, and one that does not fit after the others', async () => {
    const p = pool({ size: 3, heavySlots: 3, memoryBudgetMb: 1_000 });
    await p.ready();
    const held = ledger();
    const job = (mb: number) => p.render(poolJob({ reserveMb: mb, delayMs: 300, ledger: held }), { lane: `${mb}` });
    await Promise.all([job(300), job(300), job(300)]);
    expect(held[1]).toBe(900); // all three at once: the budget is not a lock
    const big = ledger();
    const bigJob = (mb: number) => p.render(poolJob({ reserveMb: mb, delayMs: 300, ledger: big }), { lane: `${mb}` });
    await Promise.all([bigJob(600), bigJob(600), bigJob(5_000)]);
    // 600 + 600 > 1,000: one after the other; 5,000 counts as the whole budget and runs alone.
    expect(big[1]).toBe(5_000);
    expect(p.stats().reservedMb).toBe(0);
  }, 60_000);

  it('does not run the time limit of a render waiting for memory, and refuses one that waited maxWaitMs', async () => {
    const p = pool({ size: 2, heavySlots: 2, memoryBudgetMb: 100, timeoutMs: 3_000, maxWaitMs: 5_000 });
    await p.ready();
    const first = p.render(poolJob({ echo: 'first', reserveMb: 100, delayMs: 2_000 }), { lane: 'a' });
    await new Promise((r) => setTimeout(r, 50));
    // Waits ~1,950 ms for memory then runs 2,000 ms: ~950 ms past its 3,000 ms limit if the wait
    // counted, ~1,000 ms inside it if not (wide margins both ways: a loaded machine delays workers).
    const second = p.render(poolJob({ echo: 'second', reserveMb: 100, delayMs: 2_000 }), { lane: 'b' });
    expect(Buffer.from((await first).bytes).toString()).toBe('first');
    expect(Buffer.from((await second).bytes).toString()).toBe('second');

    const q = pool({ size: 2, heavySlots: 2, memoryBudgetMb: 100, timeoutMs: 5_000, maxWaitMs: 200 });
    await q.ready();
    const long = q.render(poolJob({ echo: 'long', reserveMb: 100, delayMs: 1_000 }), { lane: 'a' });
    await new Promise((r) => setTimeout(r, 50));
    const refused = await failure(q.render(poolJob({ echo: 'waits', reserveMb: 1 }), { lane: 'b' }));
    expect(refused).toMatchObject({ status: 503, message: 'Renderer busy, try again' });
    expect(Buffer.from((await long).bytes).toString()).toBe('long');
    // The refused render's worker carries on.
    const after = await Promise.all([1, 2].map((i) => q.render(poolJob({ echo: `after ${i}`, reserveMb: 10 }))));
    expect(after.map((o) => Buffer.from(o.bytes).toString())).toEqual(['after 1', 'after 2']);
    expect(q.stats()).toMatchObject({ reservedMb: 0, replaced: 0 });
  }, 60_000);

  it('gives back the memory of a render whose worker died', async () => {
    const p = pool({ size: 2, heavySlots: 2, memoryBudgetMb: 100 });
    await p.ready();
    const dying = failure(p.render(poolJob({ reserveMb: 100, delayMs: 200, exit: true }), { lane: 'a' }));
    expect((await dying).status).toBe(500);
    const next = await p.render(poolJob({ echo: 'next', reserveMb: 100 }), { lane: 'b' });
    expect(Buffer.from(next.bytes).toString()).toBe('next');
    expect(p.stats().reservedMb).toBe(0);
  }, 60_000);
});
