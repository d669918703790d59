/**
 * The real engine job module, plus one way to crash: a payload with `crashWorker: true` ends the
 * worker thread mid-job. Lets the pool tests show that a crash next to real renders fails alone.
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { render as renderWithEngine, warmUp } from '../src/pool/engine-job';

export { warmUp };

export function render(input: RenderInput): Promise<RenderOutput> {
  const payload = input.payload as { crashWorker?: boolean } | null;
  if (payload && payload.crashWorker === true) process.exit(1);
  return renderWithEngine(input);
}
