/**
 * The real engine job module, plus one way to crash: a table titled CRASH_WORKER ends the
 * worker thread mid-job. Lets the pool tests show that a crash next to real renders fails alone.
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { render as renderWithEngine, warmUp } from '../src/pool/engine-job';
import type { JobContext } from '../src/pool/protocol';

export { warmUp };

export const CRASH_WORKER = 'crash the worker';

export function render(input: RenderInput, job: JobContext): Promise<RenderOutput> {
  if (input.request.title === CRASH_WORKER) process.exit(1);
  return renderWithEngine(input, job);
}
