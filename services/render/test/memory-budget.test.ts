/** The pool's memory admission (pool/memory-budget.ts), as a model: random reservations and releases. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryBudget } from '../src/pool/memory-budget';

type Step = { op: 'reserve'; key: number; mb: number } | { op: 'release'; key: number };

const steps = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('reserve' as const),
      key: fc.integer({ min: 0, max: 7 }),
      mb: fc.oneof(fc.integer({ min: 0, max: 1_500 }), fc.constant(Number.NaN), fc.constant(-5)),
    }),
    fc.record({ op: fc.constant('release' as const), key: fc.integer({ min: 0, max: 7 }) }),
  ),
  { maxLength: 80 },
);

describe('MemoryBudget', () => {
  it('never has more reserved than its total, grants what fits, and grants every request once all is given back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_200 }), steps, (total, plan: Step[]) => {
        const budget = new MemoryBudget<number>(total);
        const granted = new Map<number, number>();
        const waiting = new Map<number, number>();
        for (const step of plan) {
          if (step.op === 'reserve') {
            if (granted.has(step.key) || waiting.has(step.key)) continue; // one reservation per render
            const want = budget.clamp(step.mb);
            waiting.set(step.key, want);
            budget.reserve(step.key, step.mb, () => {
              expect(waiting.has(step.key)).toBe(true);
              granted.set(step.key, waiting.get(step.key)!);
              waiting.delete(step.key);
            });
          } else {
            granted.delete(step.key);
            waiting.delete(step.key);
            budget.release(step.key);
          }
          const reserved = [...granted.values()].reduce((a, b) => a + b, 0);
          expect(budget.reservedMb).toBe(reserved);
          expect(reserved).toBeLessThanOrEqual(total);
          expect(budget.waitingCount).toBe(waiting.size);
          // Nothing waits that would fit now.
          for (const mb of waiting.values()) expect(reserved + mb).toBeGreaterThan(total);
        }
        // Render after render ends: every waiting one gets its turn (no request is stuck).
        while (granted.size > 0) {
          const [key] = granted.keys();
          granted.delete(key!);
          budget.release(key!);
        }
        expect(waiting.size).toBe(0);
      }),
    );
  });

  it('takes a request past the total as the whole total, and NaN or a negative figure safely', () => {
    const budget = new MemoryBudget<string>(100);
    expect([budget.clamp(5_000), budget.clamp(Number.NaN), budget.clamp(-1), budget.clamp(40)]).toEqual([
      100, 100, 0, 40,
    ]);
    expect(budget.reserve('a', 5_000, () => {})).toBe(true);
    expect(budget.reserve('b', 0, () => {})).toBe(true);
    expect(budget.reserve('c', 1, () => {})).toBe(false);
    expect(() => budget.reserve('a', 1, () => {})).toThrow('once');
  });
});
