/**
 * The job module render workers run by default: the table engine. Fonts are registered and a
 * small table rendered in every format once at worker start, so the first user request finds
 * fonts, measurement caches and encoders warm.
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import type { JobContext } from './protocol';
import { IMAGE_FORMATS } from '@jsonable/contracts/formats';
import type { CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { clearAllCache } from '@napi-rs/canvas';
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
 * A render in the pool: it reserves its memory from the pool's budget once laid out, empties Skia's
 * caches after a render that reserved 64 MB or more (they kept the decoded bitmaps of large images:
 * the pool alone held 735 MB 10 s after its heaviest renders without it, 512 MB with it), and deflates
 * a large PNG on its own thread (the in-process engine splits it with a libuv thread, which is
 * shared by the whole process and runs at its priority: a heavy render would then take a second
 * core from the light renders and from the requests' file I/O).
 */
export async function render(input: RenderInput, job: JobContext): Promise<RenderOutput> {
  let reserved = 0;
  try {
    return await renderTable(input, {
      reserveMemory: (mb) => {
        reserved = mb;
        return job.reserveMemory(mb);
      },
      parallelDeflate: false,
    });
  } finally {
    if (reserved >= 64) clearAllCache();
  }
}
