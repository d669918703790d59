import type { AppDeps } from './deps';
import type { ApiModule } from './module';

export interface JobsHandle {
  stop(): Promise<void>;
}

export interface JobsOptions {
  /** First retry after a failed run (default 5 s); doubled per failure in a row, never past the job's interval. */
  retryBaseMs?: number;
}

export const JOB_RETRY_BASE_MS = 5000;

/**
 * Runs every module's background jobs on their interval. A run never overlaps the previous one
 * of the same job, and stop() waits for runs in progress. The first run happens one interval
 * after start, so boot stays quick. A failing run (a store full or away) is logged and retried
 * with backoff — 5 s, 10 s, 20 s … up to the job's own interval — instead of waiting a whole
 * interval (a day for some sweeps); the first success logs the recovery and goes back to the
 * interval.
 */
export function startJobs(modules: readonly ApiModule[], deps: AppDeps, options: JobsOptions = {}): JobsHandle {
  const retryBase = options.retryBaseMs ?? JOB_RETRY_BASE_MS;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const module of modules) {
    for (const job of module.jobs ?? []) {
      let failures = 0;
      const schedule = (ms: number) => {
        if (stopped) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (stopped) return;
          const started = Date.now();
          const run = job
            .run(deps)
            .then(
              () => {
                if (failures > 0)
                  deps.logger.info('job recovered', { job: job.name, module: module.name, after: failures });
                else deps.logger.info('job finished', { job: job.name, module: module.name, ms: Date.now() - started });
                failures = 0;
                return job.everyMs;
              },
              (error: unknown) => {
                failures++;
                const retryInMs = Math.min(job.everyMs, retryBase * 2 ** Math.min(failures - 1, 20));
                deps.logger.error('job failed', { job: job.name, module: module.name, error, failures, retryInMs });
                return retryInMs;
              },
            )
            .then((next) => {
              running.delete(run);
              schedule(next);
            });
          running.add(run);
        }, ms);
        timer.unref();
        timers.add(timer);
      };
      schedule(job.everyMs);
    }
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
