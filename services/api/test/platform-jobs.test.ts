import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs';
import type { ApiModule } from '../src/module';
import { platformFixture, type PlatformFixture } from './platform-fixtures';

let f: PlatformFixture;
beforeEach(() => {
  f = platformFixture();
});
afterEach(async () => {
  await f.close();
});

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
