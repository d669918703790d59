/**
 * A table request as it reaches the engine's door (issue #27 item 2): the body, checked against
 * the engine's depth, size, row, column and cell-count limits (cheap: no cell is read), then
 * parsed into the canonical request through the one schema and formatter
 * (@jsonable/contracts/table-request). The API runs it once per request, before anything is
 * hashed, counted, stored or queued; the engine itself takes only the canonical request.
 */
import { PRESETS } from '@jsonable/contracts/presets';
import { canonicalTableRequestSchema, type CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { schemaRefusal, ValidationError } from '@jsonable/domain/errors';
import type { RenderInput } from '@jsonable/domain/ports';
import { checkPayloadShape, checkPdfCells } from './limits';
import { tableShape } from './normalize/table';

export const NOT_AN_OBJECT_MESSAGE = 'Invalid request: the body must be a JSON object with data, or headers and rows';

export function parseTableRequest(body: unknown): CanonicalTableRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError(NOT_AN_OBJECT_MESSAGE);
  checkPayloadShape(body);
  const result = canonicalTableRequestSchema.safeParse(body);
  if (!result.success) throw schemaRefusal(result.error.issues, { namePath: true });
  tableShape(result.data);
  return result.data;
}

/**
 * What the engine refuses without rendering, checked before anything is counted, stored or queued
 * (RenderService's precheck): a PDF over its cell limit. The format may come from the project's
 * styles, so this needs the whole render input, not only the request.
 */
export function precheckRender(input: Pick<RenderInput, 'request' | 'projectStyles' | 'format'>): void {
  const { request } = input;
  const preset = request.options.preset ? PRESETS[request.options.preset].format : undefined;
  const chosen =
    input.format ?? request.format ?? request.styles.imageFormat ?? preset ?? input.projectStyles?.imageFormat;
  if (chosen !== 'pdf') return;
  const { columns, rawRows } = tableShape(request);
  const pagination = request.options.pagination;
  const rows = pagination?.enabled ? Math.min(rawRows.length, pagination.pageSize ?? 10) : rawRows.length;
  checkPdfCells(rows, columns.length);
}
