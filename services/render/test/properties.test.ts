/**
 * Any JSON either renders or is refused with a 4xx DomainError: never a crash, a hang or a
 * polluted prototype.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeStyles, stylesSchema } from '@jsonable/contracts/table';
import { DomainError } from '@jsonable/domain/errors';
import { renderPayload } from './support/payload';

const noImages = {
  loadImage: async () => {
    throw new Error('no network in tests');
  },
};

async function renderOrRefuse(payload: unknown, format: 'png' | 'svg' | 'pdf') {
  try {
    const out = await renderPayload({ payload, format }, noImages);
    expect(out.size).toBe(out.bytes.byteLength);
    expect(out.size).toBeGreaterThan(0);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    expect([400, 413]).toContain(e.status);
    expect(e.message.length).toBeGreaterThan(0);
  }
}

const name = fc.constantFrom('a', 'b', 'c');

const cell = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.record(
    {
      value: fc.jsonValue({ maxDepth: 2 }),
      display: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
      style: fc.option(
        fc.record(
          {
            colspan: fc.integer({ min: -2, max: 5 }),
            rowspan: fc.integer({ min: -2, max: 5 }),
            backgroundColor: fc.constantFrom('#fff', '#123456', 'red', 'bogus'),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['value'] },
  ),
  fc.record({
    type: fc.constantFrom('text', 'number', 'currency', 'percentage', 'date', 'datetime', 'boolean', 'link', 'image'),
    value: fc.jsonValue({ maxDepth: 1 }),
    format: fc.option(
      fc.oneof(
        fc.string({ maxLength: 8 }),
        fc.record({ decimals: fc.integer({ min: -1, max: 25 }) }, { requiredKeys: [] }),
      ),
      { nil: undefined },
    ),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

const tableish = fc.record(
  {
    title: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    headers: fc.option(fc.array(fc.oneof(name, fc.string({ maxLength: 12 }), fc.integer()), { maxLength: 6 }), {
      nil: undefined,
    }),
    rows: fc.option(fc.array(fc.array(cell, { maxLength: 7 }), { maxLength: 6 }), { nil: undefined }),
    data: fc.option(
      fc.array(
        fc.oneof(
          fc.dictionary(fc.oneof(name, name, fc.string({ maxLength: 8 })), cell, { maxKeys: 5 }),
          fc.array(cell, { maxLength: 5 }),
          cell,
        ),
        { maxLength: 6 },
      ),
      { nil: undefined },
    ),
    styles: fc.option(
      fc.oneof(
        { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
        {
          weight: 6,
          arbitrary: fc.record(
            {
              headerBg: fc.constantFrom('#abc', '#2563eb', 'navy', 'rgb(1,2,3)', '#ggg'),
              fontFamily: fc.constantFrom('Inter', 'Arial, sans-serif', 'Courier New', 'Unknown Font', 'Merriweather'),
              fontSize: fc.oneof(fc.integer({ min: 6, max: 50 }), fc.constant('16px')),
              borderStyle: fc.constantFrom('solid', 'dashed', 'dotted', 'none'),
              cellPadding: fc.integer({ min: 0, max: 60 }),
              tableShadow: fc.boolean(),
              complexDataDisplay: fc.record(
                { maxDepth: fc.integer({ min: 0, max: 6 }), arrayDisplay: fc.constantFrom('inline', 'list', 'table') },
                { requiredKeys: [] },
              ),
            },
            { requiredKeys: [] },
          ),
        },
      ),
      { nil: undefined },
    ),
    options: fc.option(
      fc.record(
        {
          showRowNumbers: fc.boolean(),
          direction: fc.constantFrom('ltr', 'rtl', 'rtl', 'rtl', 'ltr', 'up'),
          width: fc.oneof(
            { arbitrary: fc.integer({ min: 100, max: 1500 }), weight: 4 },
            { arbitrary: fc.constant('auto'), weight: 2 },
            { arbitrary: fc.integer({ min: -10, max: 99 }), weight: 1 },
          ),
          dataProcessing: fc.record(
            {
              sortBy: fc.oneof(name, fc.array(name, { maxLength: 2 }), fc.string({ maxLength: 5 })),
              sortDirection: fc.constantFrom('asc', 'desc'),
              groupBy: fc.oneof(name, fc.string({ maxLength: 5 })),
              aggregate: fc.dictionary(name, fc.constantFrom('sum', 'avg', 'min', 'max', 'count', 'nope'), {
                maxKeys: 2,
              }),
              filter: fc.dictionary(
                name,
                fc.oneof(
                  fc.jsonValue({ maxDepth: 1 }),
                  fc.record({ gt: fc.integer(), contains: fc.string({ maxLength: 2 }) }, { requiredKeys: [] }),
                ),
                { maxKeys: 1 },
              ),
            },
            { requiredKeys: [] },
          ),
          pagination: fc.record(
            {
              enabled: fc.boolean(),
              pageSize: fc.integer({ min: 1, max: 5 }),
              currentPage: fc.integer({ min: 1, max: 3 }),
            },
            { requiredKeys: [] },
          ),
          theme: fc.constantFrom('dark', 'minimal', 'striped', 'light', 'neon'),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
  },
  { requiredKeys: [] },
);

const goodCell = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    value: fc.jsonValue({ maxDepth: 2 }),
    style: fc.record(
      {
        colspan: fc.integer({ min: 1, max: 4 }),
        rowspan: fc.integer({ min: 1, max: 4 }),
        backgroundColor: fc.constantFrom('#fff', '#123456', 'red'),
        textAlign: fc.constantFrom('left', 'center', 'right'),
      },
      { requiredKeys: [] },
    ),
  }),
  fc
    .record({
      type: fc.constantFrom('text', 'number', 'currency', 'percentage', 'date', 'datetime', 'boolean', 'link'),
      value: fc.jsonValue({ maxDepth: 1 }),
      format: fc.option(
        fc.oneof(
          fc.constantFrom('EUR', 'yyyy-MM-dd', '0.00', 'compact'),
          fc.record({ decimals: fc.integer({ min: 0, max: 20 }) }),
        ),
        { nil: undefined },
      ),
    })
    // A date pattern with unknown letters ('EUR' on a date) is refused (400), so is not well-formed.
    .map((c) =>
      (c.type === 'date' || c.type === 'datetime') && (c.format === 'EUR' || c.format === 'compact')
        ? { ...c, format: 'yyyy-MM-dd' }
        : c,
    ),
);

const wellFormed = fc
  .record({
    title: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
    headers: fc.constant(['a', 'b', 'c']),
    rows: fc.array(fc.array(goodCell, { maxLength: 4 }), { maxLength: 8 }),
    options: fc.record(
      {
        showRowNumbers: fc.boolean(),
        direction: fc.constantFrom('ltr', 'rtl'),
        width: fc.oneof(fc.integer({ min: 100, max: 1200 }), fc.constant('auto')),
        theme: fc.constantFrom('light', 'dark', 'minimal', 'striped'),
        dataProcessing: fc.record(
          {
            sortBy: name,
            sortDirection: fc.constantFrom('asc', 'desc'),
            groupBy: name,
            aggregate: fc.dictionary(name, fc.constantFrom('sum', 'avg', 'min', 'max', 'count'), { maxKeys: 2 }),
          },
          { requiredKeys: [] },
        ),
        pagination: fc.record({
          enabled: fc.boolean(),
          pageSize: fc.integer({ min: 1, max: 5 }),
          currentPage: fc.integer({ min: 1, max: 3 }),
        }),
      },
      { requiredKeys: [] },
    ),
  })
  .filter((p) => p.headers.length >= 1);

describe('any JSON renders or is refused with 4xx', () => {
  it('table-shaped payloads (svg)', async () => {
    await fc.assert(
      fc.asyncProperty(tableish, (p) => renderOrRefuse(p, 'svg')),
      { numRuns: 150 },
    );
  });

  it('table-shaped payloads (png)', async () => {
    await fc.assert(
      fc.asyncProperty(tableish, (p) => renderOrRefuse(p, 'png')),
      { numRuns: 60 },
    );
  });

  it('table-shaped payloads (pdf)', async () => {
    await fc.assert(
      fc.asyncProperty(tableish, (p) => renderOrRefuse(p, 'pdf')),
      { numRuns: 15 },
    );
  });

  it('well-formed tables with arbitrary cell values always render, in every format', async () => {
    await fc.assert(
      fc.asyncProperty(
        wellFormed,
        fc.constantFrom('png' as const, 'svg' as const, 'pdf' as const),
        async (p, format) => {
          const out = await renderPayload({ payload: p, format }, noImages);
          expect(out.size).toBeGreaterThan(0);
          expect(out.rows).toBeLessThanOrEqual(p.rows.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('arbitrary JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), (p) => renderOrRefuse(p, 'svg')),
      { numRuns: 150 },
    );
  });

  it('prototype keys in payloads and styles pollute nothing', async () => {
    const hostile = JSON.parse(
      '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"data":[{"__proto__":{"polluted":"yes"},"a":1}],"styles":{"__proto__":{"polluted":"yes"},"columnStyles":{"__proto__":{"polluted":"yes"},"a":{"width":80}},"complexDataDisplay":{"__proto__":{"polluted":"yes"}}},"options":{"__proto__":{"polluted":"yes"},"dataProcessing":{"filter":{"__proto__":{"polluted":"yes"}}}}}',
    );
    await renderOrRefuse(hostile, 'svg');
    const merged = mergeStyles(
      stylesSchema.parse(hostile.styles),
      stylesSchema.parse(JSON.parse('{"__proto__":{"polluted":"yes"}}')),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((merged as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});
