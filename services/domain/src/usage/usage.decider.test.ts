import { describe, expect, it } from 'vitest';
import type { TableRendered } from '@jsonable/contracts/events';
import { ConflictError, PaymentRequiredError } from '../errors';
import { testDecider } from '../runtime/testing';
import { usageDecider } from './usage.decider';

function rendered(n: number, idempotencyKey: string | null = null, requestHash = 'hash'): TableRendered {
  return {
    type: 'TableRendered',
    data: {
      imageId: `img-${n}`,
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
      title: null,
      source: 'api_key',
      plan: 'free',
      idempotencyKey,
      requestHash,
      renderedAt: '2026-01-01T00:00:00.000Z',
    },
  };
}
const spec = testDecider(usageDecider);
const record = (n: number, allowance: number | null, key: string | null = null, hash = 'hash') => ({
  type: 'RecordRender' as const,
  data: { image: rendered(n, key, hash).data, allowance, planName: 'Free' },
});

describe('usage decider', () => {
  it('counts a render while the period has allowance left', () => {
    spec
      .given([rendered(1), rendered(2)])
      .when(record(3, 3))
      .then([rendered(3)]);
  });

  it('refuses the render that would go past the allowance with the upgrade message', () => {
    const error = spec
      .given([rendered(1), rendered(2), rendered(3)])
      .when(record(4, 3))
      .thenThrows(PaymentRequiredError);
    expect(error.message).toBe(
      'You have used all 3 tables of your Free plan for this usage period. Upgrade your plan to create more tables.',
    );
  });

  it('never refuses an unlimited plan', () => {
    spec
      .given(Array.from({ length: 50 }, (_, i) => rendered(i)))
      .when(record(99, null))
      .then([rendered(99)]);
  });

  it('answers a repeated Idempotency-Key with nothing new, even at the limit', () => {
    spec
      .given([rendered(1, 'k1')])
      .when(record(2, 1, 'k1'))
      .thenNothing();
  });

  it('refuses a repeated Idempotency-Key with a different body with 409', () => {
    spec
      .given([rendered(1, 'k1')])
      .when(record(2, 5, 'k1', 'other-body'))
      .thenThrows(ConflictError, /Idempotency-Key/);
  });
});

describe('usage state', () => {
  it('keeps each state seeing only its own keyed renders when folds branch', () => {
    const base = usageDecider.evolve(usageDecider.initialState(), rendered(1, 'a'));
    const left = usageDecider.evolve(base, rendered(2, 'b'));
    const right = usageDecider.evolve(base, rendered(3, 'c', 'other'));
    const record = (key: string, hash = 'hash') => ({
      type: 'RecordRender' as const,
      data: { image: rendered(9, key, hash).data, allowance: null, planName: 'Free' },
    });
    expect(usageDecider.decide(record('b'), left)).toEqual([]);
    expect(usageDecider.decide(record('b'), right)).toHaveLength(1);
    expect(usageDecider.decide(record('c', 'other'), right)).toEqual([]);
    expect(usageDecider.decide(record('c', 'other'), left)).toHaveLength(1);
    expect(usageDecider.decide(record('b'), base)).toHaveLength(1);
    expect(usageDecider.decide(record('a'), base)).toEqual([]);
    expect([base.count, left.count, right.count]).toEqual([1, 2, 2]);
  });
});
