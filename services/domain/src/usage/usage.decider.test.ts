import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableRendered } from '@jsonable/contracts/events';
import { ConflictError, PaymentRequiredError } from '../errors';
import { renderedData } from '@jsonable/read-models/images/testing';
import { testDecider } from '../runtime/testing';
import { foldEvents } from '../runtime/decider';
import {
  priorImages,
  TABLE_RESERVATION_MS,
  usageDecider,
  type UsageCommand,
  type UsageEvent,
  type UsageState,
} from './usage.decider';

function rendered(n: number, idempotencyKey: string | null = null, requestHash = 'hash'): TableRendered {
  return {
    type: 'TableRendered',
    data: renderedData(n, {
      imageId: `img-${n}`,
      idempotencyKey,
      requestHash,
      renderedAt: '2026-01-01T00:00:00.000Z',
    }),
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

/** When the held-table scenarios run. */
const NOW = '2026-01-01T00:00:10.000Z';
const reserved = (n: number, now = NOW): UsageEvent => ({
  type: 'TableReserved',
  data: {
    imageId: `img-${n}`,
    userId: 'u1',
    period: 0,
    reservedAt: now,
    expiresAt: new Date(Date.parse(now) + TABLE_RESERVATION_MS).toISOString(),
  },
});
const released = (n: number): UsageEvent => ({
  type: 'TableReservationReleased',
  data: { imageId: `img-${n}`, userId: 'u1', period: 0, releasedAt: NOW },
});

describe('held tables (a living image is counted only after its own stream accepted it)', () => {
  const reserve = (n: number, allowance: number | null, now = NOW): UsageCommand => ({
    type: 'ReserveTable',
    data: { imageId: `img-${n}`, userId: 'u1', period: 0, allowance, planName: 'Free', now },
  });
  const recordAt = (n: number, allowance: number | null, now = NOW): UsageCommand => ({
    type: 'RecordRender',
    data: { image: rendered(n).data, allowance, planName: 'Free', now },
  });

  const release = (n: number): UsageCommand => ({
    type: 'ReleaseTable',
    data: { imageId: `img-${n}`, userId: 'u1', period: 0, now: NOW },
  });

  it('holds the last table for one render', () => {
    spec
      .given([rendered(1)])
      .when(reserve(2, 2))
      .then([reserved(2)]);
  });

  it('refuses a second hold of the last table with 402', () => {
    spec
      .given([rendered(1), reserved(2)])
      .when(reserve(3, 2))
      .thenThrows(PaymentRequiredError, /all 2 tables/);
  });

  it('refuses a plain render while the last table is held with 402', () => {
    spec
      .given([rendered(1), reserved(2)])
      .when(recordAt(3, 2))
      .thenThrows(PaymentRequiredError);
  });

  it('counts the render a table was held for', () => {
    spec
      .given([rendered(1), reserved(2)])
      .when(recordAt(2, 2))
      .then([rendered(2)]);
  });

  it('counts the render a table was held for even when the period filled up meanwhile', () => {
    spec
      .given([reserved(2), rendered(1)])
      .when(recordAt(2, 1))
      .then([rendered(2)]);
  });

  it('a released hold frees its table', () => {
    spec
      .given([rendered(1), reserved(2), released(2)])
      .when(reserve(3, 2))
      .then([reserved(3)]);
  });

  it('an expired hold frees its table', () => {
    const later = new Date(Date.parse(NOW) + TABLE_RESERVATION_MS + 1).toISOString();
    spec
      .given([rendered(1), reserved(2)])
      .when(reserve(3, 2, later))
      .then([reserved(3, later)]);
  });

  it('takes a hold once', () => {
    spec
      .given([reserved(2)])
      .when(reserve(2, 5))
      .thenNothing();
  });

  it('releases nothing once the held render was counted', () => {
    spec
      .given([reserved(2), rendered(2)])
      .when(release(2))
      .thenNothing();
  });

  it('releases a hold whose render was not counted', () => {
    spec
      .given([reserved(2)])
      .when(release(2))
      .then([released(2)]);
  });

  it('whatever the order of holds, releases and renders, the period never counts more than its allowance (property)', () => {
    const step = fc.record({
      kind: fc.constantFrom('reserve', 'release', 'record', 'record-held'),
      n: fc.integer({ min: 1, max: 8 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.array(step, { maxLength: 40 }), (allowance, steps) => {
        let state = usageDecider.initialState();
        for (const { kind, n } of steps) {
          const command: UsageCommand =
            kind === 'reserve'
              ? reserve(n, allowance)
              : kind === 'release'
                ? release(n)
                : // A held render records its own image; a plain one a fresh image.
                  recordAt(kind === 'record-held' ? n : 100 + n * 1000 + state.count, allowance);
          try {
            state = foldEvents(usageDecider, usageDecider.decide(command, state), state);
          } catch (error) {
            expect(error).toBeInstanceOf(PaymentRequiredError);
          }
          let held = 0;
          for (const expiresAt of state.reserved.values()) if (expiresAt > NOW) held++;
          expect(state.count + held).toBeLessThanOrEqual(allowance);
        }
      }),
    );
  });
});

/** Images made by requests without a key (each of them renders). */
function unkeyed(requests: { key: string | null; pages: number }[]): number {
  return requests.filter((r) => r.key === null).reduce((a, r) => a + r.pages, 0);
}

describe('held tables of a split living-image version (one per page, all or none)', () => {
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `img-${from + i}`);
  const reserve = (from: number, count: number, allowance: number | null): UsageCommand => ({
    type: 'ReserveTable',
    data: {
      imageId: `img-${from}`,
      userId: 'u1',
      period: 0,
      allowance,
      planName: 'Free',
      now: NOW,
      ...(count > 1 ? { pages: ids(from + 1, count - 1) } : {}),
    },
  });
  /** Tables 2, 3 and 4 held for the three pages of one version, after one counted render. */
  const heldPages = [rendered(1), reserved(2), reserved(3), reserved(4)];

  it('holds a table per page', () => {
    spec
      .given([rendered(1)])
      .when(reserve(2, 3, 4))
      .then([reserved(2), reserved(3), reserved(4)]);
  });

  it('refuses the whole version with 402 when fewer tables are left than it has pages', () => {
    spec
      .given([rendered(1)])
      .when(reserve(2, 4, 4))
      .thenThrows(PaymentRequiredError);
  });

  it("counts the pages' renders on their held tables, even with nothing left", () => {
    spec
      .given(heldPages)
      .when({
        type: 'RecordRender',
        data: {
          image: rendered(2).data,
          pages: [rendered(3).data, rendered(4).data],
          allowance: 4,
          planName: 'Free',
          now: NOW,
        },
      })
      .then([rendered(2), rendered(3), rendered(4)]);
  });

  it("releases every page's table with the version's", () => {
    spec
      .given(heldPages)
      .when({ type: 'ReleaseTable', data: { imageId: 'img-2', userId: 'u1', period: 0, now: NOW, pages: ids(3, 2) } })
      .then([released(2), released(3), released(4)]);
  });

  it('holds the released tables again for the next version', () => {
    spec
      .given([...heldPages, released(2), released(3), released(4)])
      .when(reserve(5, 3, 4))
      .then([reserved(5), reserved(6), reserved(7)]);
  });
});
