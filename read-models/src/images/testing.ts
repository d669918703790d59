import type { TableRendered } from '@jsonable/contracts/events';
import type { ImageFormat } from '@jsonable/contracts/formats';

/**
 * Spec fixture: the data of the `n`th TableRendered of user u1 as the usage stream records it; a
 * test overrides the fields its scenario is about. The one home of this fixture for the read
 * models', the deciders' and the API's tests.
 */
export function renderedData(n: number, overrides: Partial<TableRendered['data']> = {}): TableRendered['data'] {
  return {
    imageId: `i${n}`,
    userId: 'u1',
    projectId: null,
    period: 0,
    filename: `t-${n}.png`,
    blobKey: `images/t-${n}.png`,
    format: 'png',
    contentType: 'image/png',
    width: 100,
    height: 50,
    size: 1000,
    rows: 2,
    columns: 2,
    title: `T${n}`,
    source: 'api_key',
    plan: 'free',
    idempotencyKey: null,
    requestHash: 'h',
    renderedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Spec fixture: a TableRendered as the usage stream records it. */
export function rendered(
  n: number,
  projectId: string | null,
  renderedAt = '2026-01-02T10:00:00.000Z',
  format: ImageFormat = 'png',
) {
  return {
    type: 'TableRendered',
    streamId: 'usage-u1-0',
    data: renderedData(n, { projectId, renderedAt, format }),
  };
}
