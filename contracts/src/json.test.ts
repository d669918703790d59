import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, jsonObjectIn, MAX_JSON_DEPTH } from './json';

/** The reference: nesting depth of the parsed value (`[]` is 1, a scalar 0). */
function parsedDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return 1 + children.reduce<number>((m, c) => Math.max(m, parsedDepth(c)), 0);
}

/** Strings full of the characters the scanner must not be fooled by. */
const tricky = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', 'é', '😀', '\u2028', '\n') });
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      tricky,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
  ),
}));

describe('jsonNestingDepth', () => {
  it('property: on any JSON text (any spacing) it equals the parsed value’s depth', () => {
    fc.assert(
      fc.property(json.value, fc.constantFrom(0, 2), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(jsonNestingDepth(text)).toBe(parsedDepth(JSON.parse(text)));
      }),
      { numRuns: 400 },
    );
  });

  it('property: never throws on any text, and stops just past the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ' ', 'x'), maxLength: 200 }),
        fc.nat(10),
        (text, limit) => {
          const full = jsonNestingDepth(text);
          const stopped = jsonNestingDepth(text, limit);
          expect(stopped).toBe(full > limit ? limit + 1 : full);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth('{"a":"[[[[\\"[[[","b":[1]}')).toBe(2);
    expect(jsonNestingDepth('"\\\\"[[')).toBe(2);
  });

  it('answers a 10 MB bracket bomb in one bounded pass', () => {
    const bomb = '['.repeat(5_000_000) + ']'.repeat(5_000_000);
    expect(jsonNestingDepth(bomb, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonObjectIn(bomb)).toBeNull();
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}1${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(jsonObjectIn(ok)).not.toBeNull();
  });
});
