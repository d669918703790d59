import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coerceTablePayload, tableRequestSchema } from './table';

describe('coerceTablePayload', () => {
  it('drops nulls of optional fields, wraps one bundle, reads JSON text fields, and never mutates its input', () => {
    const input = {
      data: { Name: 'Ada' },
      title: null,
      styles: '{"headerBg":"#123456","fontSize":null}',
      options: { width: null, styles: { headerText: null, rowOddBg: '#ffffff' } },
      customFilename: null,
    };
    const before = structuredClone(input);
    expect(coerceTablePayload(input)).toEqual({
      data: [{ Name: 'Ada' }],
      styles: { headerBg: '#123456' },
      options: { styles: { rowOddBg: '#ffffff' } },
    });
    expect(input).toEqual(before);
    expect(coerceTablePayload({ headers: '["a","b"]', rows: '[[1,2]]' })).toEqual({
      headers: ['a', 'b'],
      rows: [[1, 2]],
    });
  });

  it('leaves what it does not understand for the schema to judge', () => {
    for (const value of [null, 42, 'text', [1, 2], { data: 'not json [' }, { styles: '[1]' }, { data: '{"a":1}' }]) {
      expect(coerceTablePayload(value)).toEqual(value);
    }
  });

  it('keeps a "__proto__" key a plain key (no prototype change)', () => {
    const out = coerceTablePayload(
      JSON.parse('{"data":[{"a":1}],"styles":{"__proto__":{"polluted":true},"x":null}}'),
    ) as Record<string, any>;
    expect(Object.getPrototypeOf(out.styles)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(out.styles)).toEqual(['__proto__']);
  });

  it('only ever turns a payload the schema accepts into one it still accepts', () => {
    fc.assert(
      fc.property(
        fc.record({
          data: fc.array(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer()), { minLength: 1, maxLength: 3 }),
          title: fc.option(fc.string({ maxLength: 20 })),
        }),
        (payload) => {
          const direct = tableRequestSchema.safeParse(payload.title === null ? { data: payload.data } : payload);
          const coerced = tableRequestSchema.safeParse(coerceTablePayload(payload));
          expect(coerced.success).toBe(direct.success);
        },
      ),
      { numRuns: 200 },
    );
  });
});
