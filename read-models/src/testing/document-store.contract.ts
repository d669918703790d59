/**
 * The DocumentStore contract, run against every adapter (services/adapters/test).
 *
 * `open` opens a NEW connection to the one store under test each time it is called (the suite
 * closes what it opens). The store may be shared (a real MongoDB), so every test uses its own
 * fresh collection and checkpoint names.
 *
 * Filter semantics are pinned by a reference implementation below (`matches`, `compareForSort`)
 * and checked with fast-check against random documents and filters.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { findPage, type KeysetOrder, type KeysetPosition } from '../paging';
import {
  FencedWriteError,
  type Doc,
  type DocumentStore,
  type FieldCondition,
  type Filter,
  type FindOptions,
  type Scalar,
} from '../ports';

export type OpenDocumentStore = () => Promise<DocumentStore>;

// ---- reference semantics -------------------------------------------------------------------

function compareStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function sameType(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && a !== null && b !== null;
}

function compareSameType(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string') return compareStrings(a, b as string);
  return Number(a) - Number(b);
}

function equals(value: unknown, operand: Scalar): boolean {
  if (operand === null) return value === null || value === undefined;
  return sameType(value, operand) && value === operand;
}

function satisfies(value: unknown, condition: FieldCondition): boolean {
  if (condition === null || typeof condition !== 'object') return equals(value, condition);
  if ('$in' in condition) return (condition as { $in: Scalar[] }).$in.some((v) => equals(value, v));
  if ('$contains' in condition)
    return typeof value === 'string' && value.includes((condition as { $contains: string }).$contains);
  const c = condition as { $lt?: Scalar; $lte?: Scalar; $gt?: Scalar; $gte?: Scalar; $ne?: Scalar };
  const range = (operand: Scalar | undefined, ok: (cmp: number) => boolean): boolean =>
    operand === undefined || (sameType(value, operand) && ok(compareSameType(value as string, operand as string)));
  return (
    (c.$ne === undefined || !equals(value, c.$ne)) &&
    range(c.$lt, (x) => x < 0) &&
    range(c.$lte, (x) => x <= 0) &&
    range(c.$gt, (x) => x > 0) &&
    range(c.$gte, (x) => x >= 0)
  );
}

export function matches(doc: Doc, filter: Filter): boolean {
  return Object.entries(filter).every(([field, condition]) => satisfies(doc[field], condition));
}

/** Sorted fields hold one JSON type; null and missing sort first ascending; ties break on id. */
export function compareForSort(sort: Array<[string, 1 | -1]>): (a: Doc, b: Doc) => number {
  return (a, b) => {
    for (const [field, direction] of sort) {
      const x = a[field] ?? null;
      const y = b[field] ?? null;
      const cmp = x === null ? (y === null ? 0 : -1) : y === null ? 1 : compareSameType(x as string, y as string);
      if (cmp !== 0) return cmp * direction;
    }
    return compareStrings(a.id, b.id);
  };
}

function reference(docs: Doc[], filter: Filter, options: FindOptions): Doc[] {
  const compare = compareForSort(options.sort ?? []);
  let found = docs.filter((d) => matches(d, filter)).sort(compare);
  const after = options.after;
  if (after) {
    // A position is a document's sort values: everything that sorts after such a document.
    const position: Doc = { id: '' };
    (options.sort ?? []).forEach(([field], i) => (position[field] = after[i]));
    found = found.filter((d) => compare(d, position) > 0);
  }
  const skip = options.skip ?? 0;
  return found.slice(skip, options.limit === undefined ? undefined : skip + options.limit);
}

// ---- generators ----------------------------------------------------------------------------

const STRINGS = ['', 'a', 'B', 'é', '€', '😀', 'ﬀ', '1', '{"k":"a"}', '[1]'];
const numberArb = fc.oneof(fc.integer({ min: -1, max: 2 }), fc.constantFrom(-0.5, 0.5, 1.5));
const stringArb = fc.constantFrom(...STRINGS);
// Small value pools so that filters often hit; `m` mixes types to pin type-strict comparisons
// (true is not 1, the object {k:'a'} is not the string '{"k":"a"}').
const mixedArb = fc.oneof(numberArb, stringArb, fc.boolean(), fc.constant(null));
const mixedFieldArb = fc.oneof(mixedArb, fc.constant({ k: 'a' }));
const absent = Symbol('absent');
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: absent as unknown as undefined });

const docArb = fc.record({
  n: maybe(fc.oneof(numberArb, fc.constant(null))),
  s: maybe(stringArb),
  b: maybe(fc.boolean()),
  m: maybe(mixedFieldArb),
});

function toDoc(id: string, fields: Record<string, unknown>): Doc {
  const doc: Doc = { id };
  for (const [k, v] of Object.entries(fields)) if (v !== (absent as unknown)) doc[k] = v;
  return doc;
}

const scalarArb: fc.Arbitrary<Scalar> = mixedArb;
const rangeOperandArb = fc.oneof(numberArb, stringArb, fc.boolean());
const conditionArb: fc.Arbitrary<FieldCondition> = fc.oneof(
  scalarArb,
  fc.record({ $in: fc.array(scalarArb, { maxLength: 3 }) }),
  fc.record({ $ne: scalarArb }),
  fc.record({ $contains: fc.constantFrom('', 'a', 'é', '1', 'k', '{') }),
  fc
    .record(
      { $lt: rangeOperandArb, $lte: rangeOperandArb, $gt: rangeOperandArb, $gte: rangeOperandArb },
      { requiredKeys: [] },
    )
    .filter((c) => Object.keys(c).length > 0),
);
const filterArb: fc.Arbitrary<Filter> = fc.dictionary(fc.constantFrom('n', 's', 'b', 'm', 'id'), conditionArb, {
  maxKeys: 2,
});
const optionsArb: fc.Arbitrary<FindOptions> = fc.record(
  {
    sort: fc.constantFrom<Array<[string, 1 | -1]>>(
      [['n', 1]],
      [['n', -1]],
      [['s', 1]],
      [
        ['s', -1],
        ['n', 1],
      ],
      [['b', -1]],
      [['id', -1]],
    ),
    limit: fc.integer({ min: 0, max: 6 }),
    skip: fc.integer({ min: 0, max: 4 }),
  },
  { requiredKeys: [] },
);

// ---- the suite -----------------------------------------------------------------------------

export function testDocumentStore(name: string, open: OpenDocumentStore): void {
  describe(`${name} — DocumentStore contract`, () => {
    const opened: DocumentStore[] = [];
    let shared: DocumentStore | undefined;
    const connect = async (): Promise<DocumentStore> => {
      const store = await open();
      opened.push(store);
      return store;
    };
    const store = async (): Promise<DocumentStore> => (shared ??= await connect());
    const unique = (label: string): string => `t_${label}_${randomUUID().slice(0, 8)}`;
    const collection = async (ds: DocumentStore, label: string, indexes: string[] = [], expiring = false) => {
      const c = unique(label);
      await ds.ensureCollection({ name: c, indexes, expiring });
      return c;
    };

    afterAll(async () => {
      await Promise.all(opened.map((s) => s.close()));
    });

    describe('documents', () => {
      it('puts, gets and deletes documents as written', async () => {
        const ds = await store();
        const c = await collection(ds, 'docs', ['projectId']);
        const doc = {
          id: 'img_1',
          projectId: 'p1',
          title: 'Q3 — “report” ✓ 😀',
          size: 1234.5,
          public: true,
          tags: ['a', 'b'],
          styles: { header: { color: '#fff' }, zebra: null },
          removedAt: null,
        };
        await ds.applyBatch([{ op: 'put', collection: c, doc }]);
        expect(await ds.get(c, 'img_1')).toEqual(doc);
        expect(await ds.get(c, 'img_2')).toBeNull();
        await ds.applyBatch([{ op: 'put', collection: c, doc: { ...doc, title: 'renamed' } }]);
        expect((await ds.get(c, 'img_1'))?.title).toBe('renamed');
        await ds.applyBatch([{ op: 'delete', collection: c, id: 'img_1' }]);
        expect(await ds.get(c, 'img_1')).toBeNull();
        await expect(ds.applyBatch([{ op: 'delete', collection: c, id: 'never' }])).resolves.toBeUndefined();
      });

      it('applies the operations of a batch in order', async () => {
        const ds = await store();
        const c = await collection(ds, 'order');
        await ds.applyBatch([
          { op: 'put', collection: c, doc: { id: 'a', v: 1 } },
          { op: 'put', collection: c, doc: { id: 'a', v: 2 } },
          { op: 'put', collection: c, doc: { id: 'b', v: 1 } },
          { op: 'delete', collection: c, id: 'b' },
        ]);
        expect(await ds.get(c, 'a')).toEqual({ id: 'a', v: 2 });
        expect(await ds.get(c, 'b')).toBeNull();
      });

      it('keeps documents of different collections apart', async () => {
        const ds = await store();
        const [c1, c2] = [await collection(ds, 'apart'), await collection(ds, 'apart')];
        await ds.applyBatch([
          { op: 'put', collection: c1, doc: { id: 'x', in: 1 } },
          { op: 'put', collection: c2, doc: { id: 'x', in: 2 } },
        ]);
        expect(await ds.get(c1, 'x')).toEqual({ id: 'x', in: 1 });
        expect(await ds.get(c2, 'x')).toEqual({ id: 'x', in: 2 });
      });

      it('is safe to ensure a collection many times, and reads a never-created one as empty', async () => {
        const ds = await store();
        const c = await collection(ds, 'again', ['a']);
        await ds.applyBatch([{ op: 'put', collection: c, doc: { id: '1', a: 1 } }]);
        await ds.ensureCollection({ name: c, indexes: ['a', 'b'] });
        expect(await ds.get(c, '1')).toEqual({ id: '1', a: 1 });
        const never = unique('never');
        expect(await ds.get(never, '1')).toBeNull();
        expect(await ds.find(never, { a: 1 })).toEqual([]);
        expect(await ds.count(never)).toBe(0);
      });

      it('drops a collection entirely', async () => {
        const ds = await store();
        const c = await collection(ds, 'drop', ['a']);
        await ds.applyBatch([{ op: 'put', collection: c, doc: { id: '1', a: 1 } }]);
        await ds.dropCollection(c);
        expect(await ds.get(c, '1')).toBeNull();
        expect(await ds.count(c)).toBe(0);
        await ds.ensureCollection({ name: c, indexes: ['a'] });
        expect(await ds.find(c)).toEqual([]);
        await expect(ds.dropCollection(unique('missing'))).resolves.toBeUndefined();
      });

      it('shows one connection the writes of another', async () => {
        const [a, b] = [await connect(), await connect()];
        const c = await collection(a, 'twoconn', ['k']);
        await a.applyBatch([{ op: 'put', collection: c, doc: { id: '1', k: 'v' } }], { name: `${c}@v1`, position: 9 });
        expect(await b.find(c, { k: 'v' })).toEqual([{ id: '1', k: 'v' }]);
        expect(await b.getCheckpoint(`${c}@v1`)).toBe(9);
      });

      it('refuses unsafe collection names, field names and unknown operators', async () => {
        const ds = await store();
        const c = await collection(ds, 'names', ['a']);
        await expect(ds.ensureCollection({ name: 'x"; DROP TABLE y; --', indexes: [] })).rejects.toThrow();
        await expect(ds.ensureCollection({ name: '$cmd', indexes: [] })).rejects.toThrow();
        await expect(ds.ensureCollection({ name: unique('idx'), indexes: ["a') --"] })).rejects.toThrow();
        await expect(ds.find(c, { 'a.b': 1 })).rejects.toThrow();
        await expect(ds.find(c, { $where: 1 } as Filter)).rejects.toThrow();
        await expect(ds.find(c, { a: { $regex: 'x' } } as unknown as Filter)).rejects.toThrow();
        await expect(ds.find(c, {}, { sort: [['a"', 1]] })).rejects.toThrow();
        await expect(ds.get('bad name!', 'x')).rejects.toThrow();
      });
    });

    describe('find', () => {
      it('filters with equality, $in, $ne and ranges, sorts, skips and limits', async () => {
        const ds = await store();
        const c = await collection(ds, 'find', ['projectId', 'createdAt', 'format']);
        const docs = Array.from({ length: 12 }, (_, i) => ({
          id: `img_${String(i).padStart(2, '0')}`,
          projectId: i % 3 === 0 ? 'p1' : 'p2',
          createdAt: 1_700_000_000_000 + i * 1000,
          format: ['png', 'jpeg', 'svg', 'pdf'][i % 4]!,
        }));
        await ds.applyBatch(docs.map((doc) => ({ op: 'put' as const, collection: c, doc })));

        const p1 = await ds.find(c, { projectId: 'p1' }, { sort: [['createdAt', -1]] });
        expect(p1.map((d) => d.id)).toEqual(['img_09', 'img_06', 'img_03', 'img_00']);
        const page = await ds.find(c, { projectId: 'p2' }, { sort: [['createdAt', 1]], skip: 2, limit: 3 });
        expect(page.map((d) => d.id)).toEqual(['img_04', 'img_05', 'img_07']);
        const formats = await ds.find(c, {
          format: { $in: ['svg', 'pdf'] },
          createdAt: { $gte: 1_700_000_004_000, $lt: 1_700_000_010_000 },
        });
        expect(formats.map((d) => d.id).sort()).toEqual(['img_06', 'img_07']);
        expect(await ds.count(c, { format: { $ne: 'png' } })).toBe(9);
        expect(await ds.count(c)).toBe(12);
        expect(await ds.find(c, { format: { $in: [] } })).toEqual([]);
        expect(await ds.find(c, {}, { limit: 0 })).toEqual([]);
      });

      it('compares values only with values of the same JSON type', async () => {
        const ds = await store();
        const c = await collection(ds, 'types', ['m']);
        const values: Record<string, unknown> = {
          t: true,
          f: false,
          one: 1,
          zero: 0,
          half: 0.5,
          ten: 10,
          s1: '1',
          sz: 'z',
          obj: { k: 'a' },
          objText: '{"k":"a"}',
          nil: null,
        };
        await ds.applyBatch([
          ...Object.entries(values).map(([id, m]) => ({ op: 'put' as const, collection: c, doc: { id, m } })),
          { op: 'put', collection: c, doc: { id: 'missing' } },
        ]);
        const ids = async (filter: Filter) => (await ds.find(c, filter)).map((d) => d.id).sort();
        expect(await ids({ m: true })).toEqual(['t']);
        expect(await ids({ m: false })).toEqual(['f']);
        expect(await ids({ m: 1 })).toEqual(['one']);
        expect(await ids({ m: 0 })).toEqual(['zero']);
        expect(await ids({ m: '1' })).toEqual(['s1']);
        expect(await ids({ m: '{"k":"a"}' })).toEqual(['objText']);
        expect(await ids({ m: null })).toEqual(['missing', 'nil']);
        expect(await ids({ m: { $in: [1, 'z', false] } })).toEqual(['f', 'one', 'sz']);
        expect(await ids({ m: { $gte: 0 } })).toEqual(['half', 'one', 'ten', 'zero']);
        expect(await ids({ m: { $lt: 1 } })).toEqual(['half', 'zero']);
        expect(await ids({ m: { $gt: 0.5 } })).toEqual(['one', 'ten']);
        expect(await ids({ m: { $gt: 5 } })).toEqual(['ten']);
        expect(await ids({ m: { $lte: 0.5 } })).toEqual(['half', 'zero']);
        expect(await ids({ m: { $gte: '' } })).toEqual(['objText', 's1', 'sz']);
        expect(await ids({ m: { $lt: true } })).toEqual(['f']);
        expect(await ids({ m: { $ne: 1 } })).toEqual(
          Object.keys(values)
            .filter((id) => id !== 'one')
            .concat('missing')
            .sort(),
        );
        expect(await ids({ id: { $in: ['one', 't'] }, m: { $ne: true } })).toEqual(['one']);
      });

      it('matches a reference implementation on random documents and filters (property)', async () => {
        const ds = await store();
        await fc.assert(
          fc.asyncProperty(
            fc.array(docArb, { maxLength: 14 }),
            fc.array(fc.tuple(filterArb, optionsArb), { minLength: 1, maxLength: 4 }),
            async (fieldsList, queries) => {
              const c = await collection(ds, 'prop', ['n', 's', 'b', 'm']);
              const docs = fieldsList.map((fields, i) =>
                toDoc(`d${String(i).padStart(2, '0')}${i % 2 ? 'x' : 'é'}`, fields),
              );
              await ds.applyBatch(docs.map((doc) => ({ op: 'put' as const, collection: c, doc })));
              for (const [filter, options] of queries) {
                const expected = reference(docs, filter, options);
                const found = await ds.find(c, filter, options);
                expect(found.map((d) => d.id)).toEqual(expected.map((d) => d.id));
                expect(await ds.count(c, filter)).toBe(docs.filter((d) => matches(d, filter)).length);
              }
              await ds.dropCollection(c);
            },
          ),
          { numRuns: 60 },
        );
      });
    });

    describe('keyset paging and substring search', () => {
      const pageDocArb = fc.record({
        g: fc.constantFrom('a', 'b'),
        // Few distinct times: many ties, which the id must break.
        t: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-03-01T12:00:00.000Z'),
        title: fc.constantFrom('Sales report', 'sales', 'Q1 SALES', 'inventory', ''),
      });
      /** The orders findPage pages in (one field, then the id), as FindOptions sorts too. */
      const orders: Array<KeysetOrder<Doc>> = [
        [
          ['t', -1],
          ['id', -1],
        ],
        [
          ['t', 1],
          ['id', 1],
        ],
        [
          ['t', 1],
          ['id', -1],
        ],
      ];
      const sortOf = (order: KeysetOrder<Doc>) =>
        order.map(([field, direction]): [string, 1 | -1] => [field, direction]);
      const sorts: Array<Array<[string, 1 | -1]>> = [
        ...orders.map(sortOf),
        [
          ['g', 1],
          ['t', -1],
          ['id', -1],
        ],
      ];

      it('follows keyset positions page by page to exactly the full result, in order (property)', async () => {
        const ds = await store();
        await fc.assert(
          fc.asyncProperty(
            fc.array(pageDocArb, { maxLength: 16 }),
            fc.constantFrom(...sorts),
            fc.constantFrom<Filter>({}, { g: 'a' }, { g: 'b', title: { $contains: 'sales' } }),
            fc.integer({ min: 1, max: 5 }),
            async (fieldsList, sort, filter, limit) => {
              const c = unique('keyset');
              await ds.ensureCollection({
                name: c,
                indexes: [],
                compoundIndexes: [
                  ['g', 't', 'id'],
                  ['t', 'id'],
                ],
              });
              const docs = fieldsList.map((fields, i) =>
                toDoc(`k${String(i).padStart(2, '0')}${i % 3 ? 'x' : 'é'}`, fields),
              );
              await ds.applyBatch(docs.map((doc) => ({ op: 'put' as const, collection: c, doc })));
              const expected = reference(docs, filter, { sort });
              const seen: Doc[] = [];
              let after: Scalar[] | undefined;
              for (let pages = 0; pages <= docs.length; pages++) {
                const page = await ds.find(c, filter, { sort, limit, ...(after ? { after } : {}) });
                seen.push(...page);
                if (page.length < limit) break;
                const last = page[page.length - 1]!;
                after = sort.map(([field]) => last[field] as Scalar);
              }
              expect(seen.map((d) => d.id)).toEqual(expected.map((d) => d.id));
              await ds.dropCollection(c);
            },
          ),
          { numRuns: 40 },
        );
      });

      it('keeps a page boundary in place while documents are added and removed before it', async () => {
        const ds = await store();
        const c = unique('keyset_stable');
        await ds.ensureCollection({ name: c, indexes: [], compoundIndexes: [['owner', 'createdAt', 'id']] });
        const put = (id: string, createdAt: string) => ({
          op: 'put' as const,
          collection: c,
          doc: { id, owner: 'u', createdAt },
        });
        await ds.applyBatch(['1', '2', '3', '4', '5'].map((n) => put(`i${n}`, `2026-01-0${n}T00:00:00.000Z`)));
        const sort: Array<[string, 1 | -1]> = [
          ['createdAt', -1],
          ['id', -1],
        ];
        const first = await ds.find(c, { owner: 'u' }, { sort, limit: 2 });
        expect(first.map((d) => d.id)).toEqual(['i5', 'i4']);
        // A newer document and the deletion of one already shown do not shift the next page.
        await ds.applyBatch([put('i6', '2026-01-06T00:00:00.000Z'), { op: 'delete', collection: c, id: 'i5' }]);
        const last = first[1]!;
        const next = await ds.find(c, { owner: 'u' }, { sort, limit: 2, after: [last.createdAt as string, last.id] });
        expect(next.map((d) => d.id)).toEqual(['i3', 'i2']);
      });

      it('findPage: pages in order, each what the list holds after the last position, every document present throughout exactly once, while documents come and go between pages (property)', async () => {
        const ds = await store();
        // What happens after each page: documents added (at any place in the order) and removed.
        const changeArb = fc.record({
          added: fc.array(pageDocArb, { maxLength: 3 }),
          removed: fc.array(fc.nat(), { maxLength: 2 }),
        });
        await fc.assert(
          fc.asyncProperty(
            fc.array(pageDocArb, { maxLength: 14 }),
            fc.constantFrom(...orders),
            fc.constantFrom<Filter>({}, { g: 'a' }),
            fc.integer({ min: 1, max: 4 }),
            fc.array(changeArb, { maxLength: 6 }),
            async (initial, order, filter, limit, changes) => {
              const c = unique('find_page');
              await ds.ensureCollection({ name: c, indexes: [], compoundIndexes: [['g', 't', 'id']] });
              let made = 0;
              const make = (fields: Record<string, unknown>) => toDoc(`p${String(made++).padStart(3, '0')}`, fields);
              const first = initial.map(make);
              await ds.applyBatch(first.map((doc) => ({ op: 'put' as const, collection: c, doc })));
              /** What the collection holds now, and the documents it held from the start until now. */
              const held = new Map(first.map((doc) => [doc.id, doc]));
              const throughout = new Set(held.keys());
              let changed = false;
              const sort = sortOf(order);
              const compare = compareForSort(sort);

              const seen: Doc[] = [];
              let after: KeysetPosition | undefined;
              for (let pages = 0; ; pages++) {
                expect(pages, 'pages never end').toBeLessThan(made + 2);
                const page = await findPage(ds, c, filter, order, { limit, ...(after ? { after } : {}) });
                // The page is exactly what the list holds now after the position, and `next` says
                // whether there is more.
                const rest = reference([...held.values()], filter, { sort, ...(after ? { after } : {}) });
                expect(page.docs).toEqual(rest.slice(0, limit));
                const last = page.docs[page.docs.length - 1];
                expect(page.next).toEqual(rest.length > limit && last ? [last.t, last.id] : null);
                seen.push(...page.docs);
                if (!page.next) break;
                after = page.next;
                const change = changes[pages];
                if (!change) continue;
                const ids = [...held.keys()];
                const removed = [...new Set(change.removed.map((i) => ids[i % Math.max(ids.length, 1)]))].filter(
                  (id): id is string => id !== undefined,
                );
                const added = change.added.map(make);
                for (const id of removed) {
                  held.delete(id);
                  throughout.delete(id);
                }
                for (const doc of added) held.set(doc.id, doc);
                changed ||= removed.length + added.length > 0;
                await ds.applyBatch([
                  ...removed.map((id) => ({ op: 'delete' as const, collection: c, id })),
                  ...added.map((doc) => ({ op: 'put' as const, collection: c, doc })),
                ]);
              }
              // In order, so nothing twice; nothing that was there all along is missed; left alone,
              // the pages put together are the whole list.
              for (let i = 1; i < seen.length; i++) expect(compare(seen[i - 1]!, seen[i]!)).toBeLessThan(0);
              const seenIds = new Set(seen.map((d) => d.id));
              for (const id of throughout) if (matches(held.get(id)!, filter)) expect(seenIds).toContain(id);
              if (!changed) expect(seen).toEqual(reference(first, filter, { sort }));
              await ds.dropCollection(c);
            },
          ),
          { numRuns: 40 },
        );
      });

      it('finds substrings in string fields only, case-sensitively', async () => {
        const ds = await store();
        const c = await collection(ds, 'contains', ['search']);
        await ds.applyBatch(
          Object.entries({
            a: 'sales report\u0000q1.png',
            b: 'Sales',
            c: ['sales'],
            d: { sales: 1 },
            e: 7,
            f: null,
          }).map(([id, search]) => ({
            op: 'put' as const,
            collection: c,
            doc: { id, search },
          })),
        );
        const ids = async (filter: Filter) => (await ds.find(c, filter)).map((d) => d.id).sort();
        expect(await ids({ search: { $contains: 'sales' } })).toEqual(['a']);
        expect(await ids({ search: { $contains: 'q1.png' } })).toEqual(['a']);
        expect(await ids({ search: { $contains: '' } })).toEqual(['a', 'b']);
        expect(await ids({ search: { $contains: '.*' } })).toEqual([]);
        expect(await ds.count(c, { search: { $contains: 'S' } })).toBe(1);
      });

      it('answers $contains the same through a substring index, across puts, changes, deletes and re-indexing (property)', async () => {
        const ds = await store();
        const textArb = fc.oneof(
          fc.constantFrom(
            'Invoice 12\ninvoice-12.png',
            'INVOICE',
            'say "hi"',
            'a\u0000bc.png',
            'ééé café',
            '日本語のテキスト',
            '',
          ),
          fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'b', 'A', 'é', '"', ' ', '1', '\n', '*', '日') }),
        );
        const valueArb = fc.oneof(
          { weight: 6, arbitrary: textArb },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(7, null, ['abc'], true) },
        );
        const stepArb = fc.array(
          fc.record({
            id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
            g: fc.constantFrom('x', 'y'),
            search: valueArb,
            del: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        );
        await fc.assert(
          fc.asyncProperty(
            stepArb,
            fc.array(textArb, { minLength: 1, maxLength: 4 }),
            fc.boolean(),
            async (steps, operands, reindex) => {
              const c = unique('substring');
              const spec = { name: c, indexes: ['g'], substringIndexes: ['search'] };
              await ds.ensureCollection(spec);
              const live = new Map<string, Doc>();
              for (const step of steps) {
                if (step.del) {
                  await ds.applyBatch([{ op: 'delete', collection: c, id: step.id }]);
                  live.delete(step.id);
                } else {
                  const doc = { id: step.id, g: step.g, search: step.search } as Doc;
                  await ds.applyBatch([{ op: 'put', collection: c, doc }]);
                  live.set(step.id, doc);
                }
              }
              if (reindex) {
                await ds.ensureCollection({ name: c, indexes: ['g'] });
                await ds.ensureCollection(spec);
              }
              // Substrings of what is stored, and the arbitrary operands.
              const stored = [...live.values()].map((d) => d.search).filter((v): v is string => typeof v === 'string');
              const wanted = [...operands, ...stored.map((v) => v.slice(1, 5)), ...stored];
              for (const operand of wanted) {
                for (const filter of [
                  { search: { $contains: operand } },
                  { g: 'x', search: { $contains: operand } },
                ] as Filter[]) {
                  const expected = reference([...live.values()], filter, {})
                    .map((d) => d.id)
                    .sort();
                  expect((await ds.find(c, filter)).map((d) => d.id).sort(), JSON.stringify(filter)).toEqual(expected);
                  expect(await ds.count(c, filter)).toBe(expected.length);
                }
              }
              await ds.dropCollection(c);
            },
          ),
          { numRuns: 40 },
        );
      });

      it('refuses a position that does not fit the sort', async () => {
        const ds = await store();
        const c = await collection(ds, 'keyset_bad');
        await expect(
          ds.find(
            c,
            {},
            {
              sort: [
                ['t', -1],
                ['id', -1],
              ],
              after: ['x'],
            },
          ),
        ).rejects.toThrow(/one value per sort field/);
        await expect(ds.find(c, {}, { after: ['x'] })).rejects.toThrow(/one value per sort field/);
        await expect(ds.find(c, {}, { sort: [['t', -1]], after: [null] })).rejects.toThrow(/cannot be null/);
        await expect(ds.find(c, { t: { $contains: 1 as unknown as string } })).rejects.toThrow(
          /\$contains needs a string/,
        );
      });
    });

    describe('batches and checkpoints', () => {
      it('stores documents and checkpoint together; a checkpoint name is free-form', async () => {
        const ds = await store();
        const c = await collection(ds, 'cp');
        const name = `${c}@v1`;
        expect(await ds.getCheckpoint(name)).toBeNull();
        await ds.applyBatch([{ op: 'put', collection: c, doc: { id: '1' } }], { name, position: 41 });
        expect(await ds.getCheckpoint(name)).toBe(41);
        await ds.applyBatch([], { name, position: 42 });
        expect(await ds.getCheckpoint(name)).toBe(42);
        expect(await ds.getCheckpoint(`${c}@v2`)).toBeNull();
      });

      it('rolls back every document and the checkpoint when an operation fails', async () => {
        const ds = await store();
        const c = await collection(ds, 'atomic');
        const name = `${c}@v1`;
        await ds.applyBatch([{ op: 'put', collection: c, doc: { id: 'kept', v: 1 } }], { name, position: 5 });
        const failing = ds.applyBatch(
          [
            { op: 'put', collection: c, doc: { id: 'kept', v: 2 } },
            { op: 'put', collection: c, doc: { id: 'new', v: 1 } },
            { op: 'put', collection: unique('not_ensured'), doc: { id: 'x' } },
            { op: 'delete', collection: c, id: 'kept' },
          ],
          { name, position: 9 },
        );
        await expect(failing).rejects.toThrow();
        expect(await ds.get(c, 'kept')).toEqual({ id: 'kept', v: 1 });
        expect(await ds.get(c, 'new')).toBeNull();
        expect(await ds.getCheckpoint(name)).toBe(5);
      });

      it('commits a fenced batch only while the fence document holds the value, writing nothing otherwise', async () => {
        const ds = await store();
        const c = await collection(ds, 'fenced');
        const leases = await collection(ds, 'lease', [], true);
        const name = `${c}@v1`;
        await ds.applyBatch([
          { op: 'put', collection: leases, doc: { id: 'projector', token: 'a1', expiresAt: Date.now() + 60_000 } },
        ]);
        const fence = { collection: leases, id: 'projector', field: 'token', value: 'a1' };
        await ds.applyBatch([{ op: 'put', collection: c, doc: { id: 'x', v: 1 } }], { name, position: 3 }, fence);
        expect(await ds.get(c, 'x')).toEqual({ id: 'x', v: 1 });
        // Another instance takes the lease over: the old token no longer commits anything.
        await ds.applyBatch([
          { op: 'put', collection: leases, doc: { id: 'projector', token: 'b2', expiresAt: Date.now() + 60_000 } },
        ]);
        const stale = ds.applyBatch(
          [
            { op: 'put', collection: c, doc: { id: 'x', v: 2 } },
            { op: 'put', collection: c, doc: { id: 'y', v: 1 } },
          ],
          { name, position: 7 },
          fence,
        );
        await expect(stale).rejects.toBeInstanceOf(FencedWriteError);
        expect(await ds.get(c, 'x')).toEqual({ id: 'x', v: 1 });
        expect(await ds.get(c, 'y')).toBeNull();
        expect(await ds.getCheckpoint(name)).toBe(3);
        // A missing fence document fences too.
        await expect(
          ds.applyBatch([{ op: 'put', collection: c, doc: { id: 'z' } }], undefined, { ...fence, id: 'nobody' }),
        ).rejects.toBeInstanceOf(FencedWriteError);
        expect(await ds.get(c, 'z')).toBeNull();
        expect(await ds.get(leases, 'projector')).toMatchObject({ token: 'b2' });
      });

      it('stores several checkpoints with one batch, all of them or none', async () => {
        const ds = await store();
        const [a, b] = [await collection(ds, 'multi_a'), await collection(ds, 'multi_b')];
        const [ca, cb] = [`${a}@v1`, `${b}@v1`];
        await ds.applyBatch(
          [
            { op: 'put', collection: a, doc: { id: 'x' } },
            { op: 'put', collection: b, doc: { id: 'y' } },
          ],
          [
            { name: ca, position: 4 },
            { name: cb, position: 4 },
          ],
        );
        expect([await ds.getCheckpoint(ca), await ds.getCheckpoint(cb)]).toEqual([4, 4]);
        // Checkpoints alone move too (projections that had nothing to write in the batch).
        await ds.applyBatch(
          [],
          [
            { name: ca, position: 6 },
            { name: cb, position: 6 },
          ],
        );
        expect([await ds.getCheckpoint(ca), await ds.getCheckpoint(cb)]).toEqual([6, 6]);
        // A failing batch moves none of them.
        const failing = ds.applyBatch(
          [
            { op: 'put', collection: a, doc: { id: 'z' } },
            { op: 'put', collection: unique('not_ensured'), doc: { id: 'w' } },
          ],
          [
            { name: ca, position: 9 },
            { name: cb, position: 9 },
          ],
        );
        await expect(failing).rejects.toThrow();
        expect([await ds.getCheckpoint(ca), await ds.getCheckpoint(cb)]).toEqual([6, 6]);
        expect(await ds.get(a, 'z')).toBeNull();
        // So does a bad checkpoint among good ones.
        await expect(
          ds.applyBatch(
            [{ op: 'put', collection: a, doc: { id: 'z' } }],
            [
              { name: ca, position: 10 },
              { name: cb, position: -1 },
            ],
          ),
        ).rejects.toThrow();
        expect(await ds.getCheckpoint(ca)).toBe(6);
        expect(await ds.get(a, 'z')).toBeNull();
      });

      it('refuses a document without an id', async () => {
        const ds = await store();
        const c = await collection(ds, 'noid');
        await expect(ds.applyBatch([{ op: 'put', collection: c, doc: { id: '' } }])).rejects.toThrow();
        await expect(ds.applyBatch([{ op: 'put', collection: c, doc: {} as Doc }])).rejects.toThrow();
      });
    });

    describe('putIf', () => {
      it('writes only when the stored version matches (null: only when absent)', async () => {
        const ds = await store();
        const c = await collection(ds, 'cas');
        expect(await ds.putIf(c, { id: 'k', version: 1, owner: 'a' }, 1)).toBe(false);
        expect(await ds.putIf(c, { id: 'k', version: 1, owner: 'a' }, null)).toBe(true);
        expect(await ds.putIf(c, { id: 'k', version: 1, owner: 'b' }, null)).toBe(false);
        expect(await ds.putIf(c, { id: 'k', version: 2, owner: 'b' }, 0)).toBe(false);
        expect(await ds.putIf(c, { id: 'k', version: 2, owner: 'b' }, 1)).toBe(true);
        expect(await ds.get(c, 'k')).toEqual({ id: 'k', version: 2, owner: 'b' });
      });

      it('gives exactly one winner to racing writers on two connections', async () => {
        const [a, b] = [await connect(), await connect()];
        const c = await collection(a, 'casrace');
        await b.ensureCollection({ name: c, indexes: [] });
        const claim = (version: number, expected: number | null) =>
          Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              (i % 2 ? a : b).putIf(c, { id: 'lease', version, owner: `w${i}` }, expected),
            ),
          );
        const first = await claim(1, null);
        expect(first.filter(Boolean)).toHaveLength(1);
        const second = await claim(2, 1);
        expect(second.filter(Boolean)).toHaveLength(1);
        const stored = await a.get(c, 'lease');
        expect(stored?.version).toBe(2);
        expect(stored?.owner).toBe(`w${second.indexOf(true)}`);
      });
    });

    describe('expiring collections', () => {
      it('never returns expired documents and treats them as absent for putIf', async () => {
        const ds = await store();
        const c = await collection(ds, 'exp', ['kind'], true);
        const now = Date.now();
        await ds.applyBatch([
          { op: 'put', collection: c, doc: { id: 'old', kind: 'session', expiresAt: now - 60_000 } },
          { op: 'put', collection: c, doc: { id: 'fresh', kind: 'session', expiresAt: now + 3_600_000 } },
          { op: 'put', collection: c, doc: { id: 'forever', kind: 'session' } },
        ]);
        expect(await ds.get(c, 'old')).toBeNull();
        expect((await ds.get(c, 'fresh'))?.id).toBe('fresh');
        expect((await ds.find(c, { kind: 'session' })).map((d) => d.id).sort()).toEqual(['forever', 'fresh']);
        expect(await ds.count(c)).toBe(2);
        expect(await ds.putIf(c, { id: 'old', version: 1, kind: 'session', expiresAt: now + 60_000 }, null)).toBe(true);
        expect((await ds.get(c, 'old'))?.version).toBe(1);
      });

      it('leaves an expiresAt field alone in a collection that does not expire', async () => {
        const ds = await store();
        const c = await collection(ds, 'noexp', [], false);
        const doc = { id: 'key', expiresAt: Date.now() - 60_000 };
        await ds.applyBatch([{ op: 'put', collection: c, doc }]);
        expect(await ds.get(c, 'key')).toEqual(doc);
      });
    });

    it('answers ping', async () => {
      await expect((await store()).ping()).resolves.toBeUndefined();
    });
  });
}
