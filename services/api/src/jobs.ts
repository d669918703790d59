import type { AppDeps } from './deps';
import type { ApiModule } from './module';

export interface JobsHandle {
  stop(): Promise<void>;
}

/**
 * Runs every module's background jobs on their interval. A run never overlaps the previous one
 * of the same job, a failing run is logged and retried next time, and stop() waits for runs in
 * progress. The first run happens one interval after start, so boot stays quick.
 */
export function startJobs(modules: readonly ApiModule[], deps: AppDeps): JobsHandle {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const module of modules) {
    for (const job of module.jobs ?? []) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy || stopped) return;
        busy = true;
        const started = Date.now();
        const run = job
          .run(deps)
          .then(
            () => deps.logger.info('job finished', { job: job.name, module: module.name, ms: Date.now() - started }),
            (error: unknown) => deps.logger.error('job failed', { job: job.name, module: module.name, error }),
          )
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      }, job.everyMs);
      timer.unref();
      timers.push(timer);
    }
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
