/**
 * The sweep of ended living images (issue #25): finishes what a living image's or a project's
 * deletion cut short (a crash, a store failing). Candidates come from the live_images read model
 * (`filesPending`: ended versions not yet recorded as removed, including every living image of a
 * deleted project), and each is finished from its own stream (finishEndedLiveImage): a living
 * image of a deleted project still active is ended, then the files of its ended versions are
 * removed and recorded. Idempotent, and safe beside new renders: it touches only versions the
 * stream already lists as ended. Runs every 10 minutes in the images module's jobs.
 */
import { finishEndedLiveImage } from '@jsonable/domain/live/live.handlers';
import { liveImagesWithFilesPending } from '@jsonable/read-models/live/live-images.queries';
import type { AppDeps } from '../../deps';

export interface LiveSweepResult {
  /** Living images of deleted projects ended now. */
  ended: number;
  /** Versions whose files were removed. */
  removed: number;
}

export async function sweepEndedLiveImages(deps: AppDeps, batch = 200): Promise<LiveSweepResult> {
  const result: LiveSweepResult = { ended: 0, removed: 0 };
  const failures: unknown[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await liveImagesWithFilesPending(deps.readModels, batch, after);
    for (const doc of page) {
      try {
        const finished = await finishEndedLiveImage(deps, { projectId: doc.projectId, name: doc.name });
        if (finished.ended) result.ended++;
        result.removed += finished.removed;
        if (finished.failed > 0)
          failures.push(new Error(`${finished.failed} version(s) of ${doc.id} kept their files`));
      } catch (error) {
        failures.push(error);
      }
    }
    const last = page[page.length - 1];
    if (page.length < batch || !last) break;
    after = last.id;
  }
  // The job logs the failure and runs again soon (with backoff); the work done stays done.
  if (failures.length > 0)
    throw new AggregateError(failures, `Sweep of ended living images: ${failures.length} left for the next run`);
  return result;
}
