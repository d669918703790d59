/**
 * The job module render workers run by default: the table engine. Fonts are registered and a
 * small table rendered in every format once at worker start, so the first user request finds
 * fonts, measurement caches and encoders warm.
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
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

export function render(input: RenderInput): Promise<RenderOutput> {
  return renderTable(input);
}
