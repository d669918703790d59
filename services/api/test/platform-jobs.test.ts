import { describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs';
import type { ApiModule } from '../src/module';
import { platformFixture } from './platform-fixtures';
import { givenEach } from './support/given';

const f = givenEach(() => platformFixture());

describe('startJobs', () => {
  it('runs each job on its interval without overlapping runs, logs failures, and waits for a run in progress on stop', async () => {
    let running = 0;
    let maxConcurrent = 0;
    let runs = 0;
    let release!: () => void;
    let handle!: ReturnType<typeof startJobs>;
    const slowRunStarted = new Promise<void>((resolve) => {
      const module: ApiModule = {
        name: 'upkeep',
        jobs: [
          {
            name: 'slow-sweep',
            everyMs: 5,
            async run() {
              runs++;
              running++;
              maxConcurrent = Math.max(maxConcurrent, running);
              if (runs === 2) {
                resolve();
                await new Promise<void>((r) => (release = r));
              }
              running--;
            },
          },
          {
            name: 'broken',
            everyMs: 5,
            async run() {
              throw new Error('sweep failed');
            },
          },
        ],
      };
      handle = startJobs([module], f.deps);
    });
    await slowRunStarted;
    // While the second run hangs, the interval keeps firing but never starts another one.
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = handle.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(maxConcurrent).toBe(1);
    const failures = f.lines.filter((l) => l.msg === 'job failed' && l.job === 'broken');
    expect(failures.length).toBeGreaterThan(0);
    expect((failures[0]!.error as { message: string }).message).toBe('sweep failed');
  });
});

describe('a failing job', () => {
  it('is retried with backoff sooner than its interval and goes back to the interval once it works', async () => {
    const at: number[] = [];
    let fail = 3;
    const module: ApiModule = {
      name: 'upkeep',
      jobs: [
        {
          name: 'sweep',
          everyMs: 300,
          async run() {
            at.push(Date.now());
            if (fail-- > 0) throw new Error('SQLITE_FULL: database or disk is full');
          },
        },
      ],
    };
    // Interval 300 ms, retries after 4, 8, 16 ms: the three failures and the success come quickly.
    const handle = startJobs([module], f.deps, { retryBaseMs: 4 });
    await expect.poll(() => at.length, { timeout: 2000, interval: 5 }).toBeGreaterThanOrEqual(5);
    await handle.stop();
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // Three retries, each well before the 300 ms interval would have come; then the interval again.
    expect(gaps.slice(0, 3).every((g) => g < 200)).toBe(true);
    expect(gaps[3]).toBeGreaterThanOrEqual(290);
    const failed = f.lines.filter((l) => l.msg === 'job failed');
    expect(failed.map((l) => l.retryInMs)).toEqual([4, 8, 16]);
    expect(f.lines.some((l) => l.msg === 'job recovered' && l.after === 3)).toBe(true);
  });
});
