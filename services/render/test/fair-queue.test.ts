/**
 * The render queue's fairness (issue #21): one lane per client served round-robin, order within
 * a lane kept, bounded in all and per lane. Checked against a model over random sequences of
 * arrivals, removals (waits that ran out) and takes, some of which refuse heavy jobs (the pool's
 * heavy slots full).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../src/pool/fair-queue';

interface Item {
  lane: string;
  seq: number;
  heavy: boolean;
}

type Op =
  | { kind: 'push'; lane: string; heavy: boolean }
  | { kind: 'take'; heavyOk: boolean }
  | { kind: 'remove'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('push' as const),
    lane: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    heavy: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('take' as const), heavyOk: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
);

describe('FairQueue', () => {
  it('keeps order within a lane, never lets a lane wait while another is served twice, and stays within its bounds', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        (ops, maxSize, maxPerLane) => {
          const q = new FairQueue<Item>({ maxSize, maxPerLane });
          /** The model: each lane's waiting items in arrival order. */
          const model = new Map<string, Item[]>();
          /** Per waiting lane, the lanes served since it was last served (or arrived). */
          const servedSince = new Map<string, Set<string>>();
          let seq = 0;
          for (const o of ops) {
            if (o.kind === 'push') {
              const waiting = model.get(o.lane) ?? [];
              const total = [...model.values()].reduce((n, l) => n + l.length, 0);
              const fits = total < maxSize && waiting.length < maxPerLane;
              expect(q.admits(o.lane)).toBe(fits);
              if (!fits) continue;
              const item = { lane: o.lane, seq: seq++, heavy: o.heavy };
              q.push(item);
              if (waiting.length === 0) servedSince.set(o.lane, new Set());
              model.set(o.lane, [...waiting, item]);
            } else if (o.kind === 'remove') {
              const all = [...model.values()].flat();
              if (all.length === 0) {
                expect(q.remove({ lane: 'a', seq: -1, heavy: false })).toBe(false);
                continue;
              }
              const victim = all[o.pick % all.length]!;
              expect(q.remove(victim)).toBe(true);
              const rest = model.get(victim.lane)!.filter((i) => i !== victim);
              if (rest.length > 0) model.set(victim.lane, rest);
              else {
                model.delete(victim.lane);
                servedSince.delete(victim.lane);
              }
            } else {
              const canTake = (i: Item) => !i.heavy || o.heavyOk;
              const taken = q.take(canTake);
              const eligible = [...model.values()].filter((l) => canTake(l[0]!));
              if (!taken) {
                expect(eligible).toEqual([]);
                continue;
              }
              // Order within a lane: only a lane's first waiting item is ever taken.
              const lane = model.get(taken.lane)!;
              expect(taken).toBe(lane[0]);
              // No starvation: a lane whose head could be taken is not passed over by a lane that
              // was already served since that lane was last served.
              for (const [other, since] of servedSince) {
                if (other === taken.lane) continue;
                if (since.has(taken.lane))
                  expect(canTake(model.get(other)![0]!), `${other} waited while ${taken.lane} was served twice`).toBe(
                    false,
                  );
                since.add(taken.lane);
              }
              if (lane.length > 1) {
                model.set(taken.lane, lane.slice(1));
                servedSince.set(taken.lane, new Set());
              } else {
                model.delete(taken.lane);
                servedSince.delete(taken.lane);
              }
            }
            const total = [...model.values()].reduce((n, l) => n + l.length, 0);
            expect(q.length).toBe(total);
            expect(q.length).toBeLessThanOrEqual(maxSize);
            for (const [name, items] of model) expect(q.laneLength(name)).toBe(items.length);
          }
          // What is left comes out lane by lane in arrival order.
          const rest = q.drain();
          for (const [name, items] of model) expect(rest.filter((i) => i.lane === name)).toEqual(items);
          expect(q.length).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('serves lanes in turn: a client with many renders waiting delays only itself', () => {
    const q = new FairQueue<Item>({ maxSize: 100, maxPerLane: 100 });
    for (let i = 0; i < 5; i++) q.push({ lane: 'flood', seq: i, heavy: false });
    q.push({ lane: 'alice', seq: 100, heavy: false });
    q.push({ lane: 'bob', seq: 200, heavy: false });
    const order = Array.from({ length: 7 }, () => q.take()!.seq);
    expect(order).toEqual([0, 100, 200, 1, 2, 3, 4]);
  });

  it('puts jobs that never started back at the front of their lanes, in order', () => {
    const q = new FairQueue<Item>({ maxSize: 10, maxPerLane: 10 });
    q.push({ lane: 'a', seq: 3, heavy: false });
    q.putBack([
      { lane: 'a', seq: 1, heavy: false },
      { lane: 'a', seq: 2, heavy: false },
      { lane: 'b', seq: 9, heavy: false },
    ]);
    expect(q.length).toBe(4);
    expect(q.drain().map((i) => i.seq)).toEqual([1, 2, 3, 9]);
  });

  it('counts a lane against its own bound and the total', () => {
    const q = new FairQueue<Item>({ maxSize: 3, maxPerLane: 2 });
    q.push({ lane: 'a', seq: 0, heavy: false });
    q.push({ lane: 'a', seq: 1, heavy: false });
    expect(q.admits('a')).toBe(false);
    expect(q.admits('b')).toBe(true);
    expect(q.admits('b', { total: 1, lane: 0 })).toBe(false);
    expect(q.admits('b', { total: 0, lane: 2 })).toBe(false);
  });
});
