/**
 * The job module render workers run by default: the table engine. Fonts are registered and a
 * small table rendered in every format once at worker start, so the first user request finds
 * fonts, measurement caches and encoders warm.
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { IMAGE_FORMATS } from '@jsonable/contracts/formats';
import { ensureFontsRegistered, renderTable } from '../engine';

const WARM_UP_TABLE = {
  headers: ['Warm', 'Up'],
  rows: [
    ['fonts', 1],
    ['ready', 2],
  ],
};

export async function warmUp(): Promise<void> {
  await ensureFontsRegistered();
  for (const format of IMAGE_FORMATS) {
    await renderTable({ payload: WARM_UP_TABLE, format });
  }
}

export function render(input: RenderInput): Promise<RenderOutput> {
  return renderTable(input);
}
