import { describe, expect, it } from 'vitest';
import { runProjectionTwice } from '@jsonable/projector/testing';
import { rendered } from '../images/testing';
import { usageProjection } from '../usage/usage.projection';
import { statisticsProjection } from './statistics.projection';

const events = [
  rendered(1, 'p1', '2026-01-02T10:00:00.000Z', 'png'),
  rendered(2, 'p1', '2026-01-02T23:59:59.000Z', 'svg'),
  rendered(3, null, '2026-01-03T00:00:00.000Z', 'png'),
];

describe('usage and statistics projections', () => {
  it('counts renders per period', async () => {
    const docs = await runProjectionTwice(usageProjection, events);
    expect(docs.usage).toMatchObject([{ id: 'u1:0', userId: 'u1', period: 0, count: 3 }]);
  });

  it('breaks renders down per UTC day, format and project', async () => {
    const docs = await runProjectionTwice(statisticsProjection, events);
    expect(docs.statistics).toMatchObject([
      {
        id: 'u1:0',
        perDay: { '2026-01-02': 2, '2026-01-03': 1 },
        byFormat: { png: 2, svg: 1 },
        byProject: { p1: 2, '-': 1 },
      },
    ]);
  });
});
