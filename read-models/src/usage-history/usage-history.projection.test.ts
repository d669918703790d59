import { describe, expect, it } from 'vitest';
import { runProjectionTwice } from '@jsonable/projector/testing';
import { rendered } from '../images/testing';
import { usageHistoryProjection } from './usage-history.projection';

describe('usage-history projection', () => {
  it('counts renders per user and UTC day, per project and per format, the same when every event comes twice', async () => {
    const docs = await runProjectionTwice(usageHistoryProjection, [
      rendered(1, 'p1', '2026-01-02T00:00:00.000Z', 'png'),
      rendered(2, 'p1', '2026-01-02T23:59:59.999Z', 'svg'),
      rendered(3, null, '2026-01-02T12:00:00.000Z', 'png'),
      rendered(4, 'p2', '2026-01-03T00:00:00.000Z', 'pdf'),
      {
        type: 'ImageDeleted',
        streamId: 'image-i4',
        data: {
          imageId: 'i4',
          userId: 'u1',
          filename: 't-4.png',
          blobKey: 'images/t-4.png',
          deletedAt: '2026-01-04T00:00:00.000Z',
        },
      },
    ]);
    expect(docs.usage_days).toMatchObject([
      {
        id: 'u1:2026-01-02',
        userId: 'u1',
        day: '2026-01-02',
        count: 3,
        byProject: { p1: 2, '-': 1 },
        byFormat: { png: 2, svg: 1 },
        byProjectFormat: { 'p1/png': 1, 'p1/svg': 1, '-/png': 1 },
      },
      // A deleted image's render still counts: usage is what was rendered.
      {
        id: 'u1:2026-01-03',
        day: '2026-01-03',
        count: 1,
        byProject: { p2: 1 },
        byFormat: { pdf: 1 },
        byProjectFormat: { 'p2/pdf': 1 },
      },
    ]);
  });
});
