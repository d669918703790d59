import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableRendered } from '@jsonable/contracts/events';
import { ConflictError, PaymentRequiredError } from '../errors';
import { testDecider } from '../runtime/testing';
import { priorImages, usageDecider, type UsageState } from './usage.decider';

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

describe('a split under an Idempotency-Key', () => {
  /** Image `page` of `pages` of one keyed split, as RenderService describes it. */
  const page = (n: number, key: string | null, p: number, pages: number, hash = 'hash'): TableRendered => {
    const event = rendered(n, key, hash);
    return pages > 1 ? { ...event, data: { ...event.data, split: { page: p, pages } } } : event;
  };
  const fold = (events: TableRendered[]): UsageState =>
    events.reduce((state, e) => usageDecider.evolve(state, e), usageDecider.initialState());

  it('counts every page in one decision and answers all of them, in order, for the key', () => {
    const pages = [page(1, 'k', 1, 3), page(2, 'k', 2, 3), page(3, 'k', 3, 3)];
    spec
      .given([])
      .when({
        type: 'RecordRender',
        data: { image: pages[0]!.data, pages: [pages[1]!.data, pages[2]!.data], allowance: 5, planName: 'Free' },
      })
      .then(pages);
    expect(priorImages(fold(pages), 'k', 'hash')?.map((i) => i.imageId)).toEqual(['img-1', 'img-2', 'img-3']);
    // The key with another body is a conflict, and a new key or none has nothing before it.
    expect(() => priorImages(fold(pages), 'k', 'other')).toThrow(ConflictError);
    expect(priorImages(fold(pages), 'new', 'hash')).toBeNull();
    expect(priorImages(fold(pages), null, 'hash')).toBeNull();
  });

  it('still folds a split recorded before its later images carried the key: the first image answers', () => {
    // Then: the first image alone carried the key, and none carried its place.
    const state = fold([rendered(1, 'k'), rendered(2), rendered(3)]);
    expect(state.count).toBe(3);
    expect(priorImages(state, 'k', 'hash')?.map((i) => i.imageId)).toEqual(['img-1']);
  });

  it('property: whatever the keys and page counts, a key answers exactly the images its first request made', () => {
    const request = fc.record({
      key: fc.option(fc.constantFrom('a', 'b', 'c', 'a 2'), { nil: null }),
      pages: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(fc.array(request, { maxLength: 25 }), (requests) => {
        let state = usageDecider.initialState();
        let n = 0;
        const made = new Map<string, string[]>();
        for (const { key, pages } of requests) {
          const hash = `body-${key}`;
          const prior = priorImages(state, key, hash);
          if (key !== null && made.has(key)) {
            expect(prior?.map((i) => i.imageId)).toEqual(made.get(key));
            continue;
          }
          expect(prior).toBeNull();
          const events = Array.from({ length: pages }, (_, i) => page(++n, key, i + 1, pages, hash));
          const decided = usageDecider.decide(
            {
              type: 'RecordRender',
              data: {
                image: events[0]!.data,
                ...(pages > 1 ? { pages: events.slice(1).map((e) => e.data) } : {}),
                allowance: null,
                planName: 'Free',
              },
            },
            state,
          );
          expect(decided).toEqual(events);
          state = decided.reduce((s, e) => usageDecider.evolve(s, e), state);
          if (key !== null)
            made.set(
              key,
              events.map((e) => e.data.imageId),
            );
        }
        expect(state.count).toBe([...made.values()].reduce((a, b) => a + b.length, 0) + unkeyed(requests));
      }),
    );
  });
});

/** Images made by requests without a key (each of them renders). */
function unkeyed(requests: { key: string | null; pages: number }[]): number {
  return requests.filter((r) => r.key === null).reduce((a, r) => a + r.pages, 0);
}
