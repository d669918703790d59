/**
 * The engine takes the canonical table request (issue #27 item 2); tests and benchmarks write
 * tables as users send them. These parse a payload the way the API does (parseTableRequest) and
 * then call the engine, so an engine test still reads as "this payload renders so".
 */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { renderTable, type RenderEnv } from '../../src/engine';
import type { TableModel } from '../../src/model';
import { normalize } from '../../src/normalize/table';
import { parseTableRequest } from '../../src/request';

export type PayloadInput = Omit<RenderInput, 'request'> & { payload: unknown };

export function fromPayload({ payload, ...rest }: PayloadInput): RenderInput {
  return { ...rest, request: parseTableRequest(payload) };
}

/** renderTable of a payload as sent; a refused payload is a rejection, as from the engine. */
export async function renderPayload(input: PayloadInput, env?: RenderEnv): Promise<RenderOutput> {
  return renderTable(fromPayload(input), env);
}

export function normalizePayload(input: { payload: unknown; projectStyles?: Record<string, unknown> | null }): {
  model: TableModel;
} {
  return {
    model: normalize({ request: parseTableRequest(input.payload), projectStyles: input.projectStyles ?? null }),
  };
}
