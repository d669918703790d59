import { describe, expect, it } from 'vitest';
import { fillDays } from './per-day';

describe('fillDays', () => {
  it('fills a window of consecutive days, summing duplicates and dropping days outside it', () => {
    const out = fillDays(
      [
        { date: '2026-11-20', count: 3 },
        { date: '2026-11-20T10:00:00Z', count: 1 },
        { date: '2026-10-01', count: 9 },
      ],
      new Date('2026-11-22T12:00:00Z'),
      3,
    );
    expect(out).toEqual([
      { date: '2026-11-20', count: 4 },
      { date: '2026-11-21', count: 0 },
      { date: '2026-11-22', count: 0 },
    ]);
  });
});
