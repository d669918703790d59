/**
 * The job module render workers run by default: the table engine. Fonts are registered and a
 * small table rendered in every format once at worker start, so the first user request finds
 * fonts, measurement caches and encoders warm.
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import type { JobContext } from './protocol';
import { IMAGE_FORMATS } from '@jsonable/contracts/formats';
import type { CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { ensureFontsRegistered, renderTable } from '../engine';

const WARM_UP_TABLE: CanonicalTableRequest = {
  headers: ['Warm', 'Up'],
  rows: [
    ['fonts', 1],
    ['ready', 2],
  ],
  styles: {},
  options: {},
};

export async function warmUp(): Promise<void> {
  await ensureFontsRegistered();
  for (const format of IMAGE_FORMATS) {
    await renderTable({ request: WARM_UP_TABLE, format });
  }
}

/**
 * A render in the pool: it reserves its memory from the pool's budget once laid out, and deflates
 * a large PNG on its own thread (the in-process engine splits it with a libuv thread, which is
 * shared by the whole process and runs at its priority: a heavy render would then take a second
 * core from the light renders and from the requests' file I/O).
 */
export function render(input: RenderInput, job: JobContext): Promise<RenderOutput> {
  return renderTable(input, { reserveMemory: (mb) => job.reserveMemory(mb), parallelDeflate: false });
}
