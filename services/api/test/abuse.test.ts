/**
 * The abuse suite (issue #21): what an attacker sends, and the clear 4xx (or correct render) the
 * service answers with, nothing counted or stored unless a 2xx was answered. Bodies are bounded
 * before they are parsed; deep nesting is refused from a byte scan with the limit named.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@jsonable/contracts/json';
import { bombTable, bombUri } from '../../render/test/support/image-bomb';
import { bodyNestingMessage } from '../src/middleware/body';
import { givenRenderHarness, http, smallTable, type TestUser } from './render.harness';

const h = givenRenderHarness({ config: { bodyLimitBytes: 5 * 1024 * 1024 } });
let u: TestUser;
let endpoint: string;
beforeAll(async () => {
  u = await h.user('premium');
  const project = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Abuse' });
  endpoint = project.body.endpointPath as string;
});

const deep = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
/** ~5 MB of nested brackets: the body that froze the event loop for seconds. */
const BOMB = deep(2_500_000);
const counted = async () => (await h.rendered(u.userId)).length;
const stored = async () => (await h.blobKeys('')).length;

describe('bodies are read only where a route takes one', () => {
  it('never parses the body of a path no route takes: a bracket bomb or broken JSON get the 404', async () => {
    for (const raw of [BOMB, '{"broken": [']) {
      const res = await http(h).post('/api/no/such/route').set('Content-Type', 'application/json').send(raw);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 404, message: 'Not found' } });
    }
  });

  it('reads a render route’s body only after its key and rate limit: a bomb without a key is a 401', async () => {
    const res = await http(h).post('/api/jsonable/table-to-image').set('Content-Type', 'application/json').send(BOMB);
    expect(res.status).toBe(401);
    const session = await http(h).post('/api/jsonable/json-to-png').set('Content-Type', 'application/json').send(BOMB);
    expect(session.status).toBe(401);
  });

  it(
    'refuses a body nested deeper than the limit with 400 naming it, on every kind of route',
    { timeout: 180_000 },
    async () => {
      expect(bodyNestingMessage).toContain(String(MAX_JSON_DEPTH));
      const before = { counted: await counted(), stored: await stored() };
      const tooDeep = `{"data":[{"a":${deep(MAX_JSON_DEPTH)}}]}`;
      const requests = [
        () => http(h).post('/api/login'),
        () => http(h).post('/api/jsonable/projects').set('Cookie', u.cookie),
        () => h.postTable(u.apiKey),
        () => http(h).post('/api/table-to-image/preview').set('X-API-Key', u.apiKey),
        () => http(h).post('/api/jsonable/json-to-png').set('Cookie', u.cookie),
        () => http(h).post('/api/jsonable/json-to-png/preview').set('Cookie', u.cookie),
        () => http(h).post(endpoint),
        () => http(h).post('/api/demo/generate-image'),
      ];
      for (const [i, send] of requests.entries()) {
        for (const raw of [BOMB, tooDeep]) {
          const res = await send().set('Content-Type', 'application/json').send(raw);
          expect(res.status, `request ${i}`).toBe(400);
          expect(res.body, `request ${i}`).toEqual({
            success: false,
            error: { code: 400, message: bodyNestingMessage },
          });
        }
      }
      expect({ counted: await counted(), stored: await stored() }).toEqual(before);
    },
  );

  it(
    'refuses deep JSON sent as text, as a form, or encoded twice, and deep JSON text inside a field',
    { timeout: 180_000 },
    async () => {
      const before = { counted: await counted(), stored: await stored() };
      const post = (type: string, raw: string) => h.postTable(u.apiKey).set('Content-Type', type).send(raw);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const res = await post(type, BOMB);
        expect(res.status, type).toBe(400);
        expect(res.body.error.message, type).toBe(bodyNestingMessage);
      }
      const twice = await post('application/json', JSON.stringify(deep(MAX_JSON_DEPTH + 1)));
      expect(twice.status).toBe(400);
      expect(twice.body.error.message).toBe(bodyNestingMessage);
      // JSON text in a field is read as its value only within the limit; deeper stays text.
      const inField = await post('application/json', JSON.stringify({ data: deep(1_000) }));
      expect(inField.status).toBe(400);
      // Within the body's limit but deeper than the table's once a field's JSON text is unwrapped.
      const unwrapped = await post(
        'application/json',
        JSON.stringify({ headers: ['a'], rows: deep(MAX_JSON_DEPTH, '"x"') }),
      );
      expect(unwrapped.status).toBe(400);
      expect(unwrapped.body.error.message).toMatch(/nested too deeply \(more than 32 levels/);
      expect({ counted: await counted(), stored: await stored() }).toEqual(before);
    },
  );

  it('refuses what the engine would refuse before hashing, storing or queueing: 413 naming the limit', async () => {
    const before = { counted: await counted(), stored: await stored() };
    const post = (body: object) => h.postTable(u.apiKey).set('Idempotency-Key', `k-${Math.random()}`).send(body);
    const rows = await post({ headers: ['a'], rows: Array.from({ length: 10_001 }, () => [1]) });
    expect(rows.status).toBe(413);
    expect(rows.body.error.message).toBe('Too many rows: 10001 (at most 10000)');
    const cols = await post({ headers: Array.from({ length: 101 }, (_, i) => `c${i}`), rows: [] });
    expect(cols.status).toBe(413);
    expect(cols.body.error.message).toBe('Too many columns: 101 (at most 100)');
    const pdf = await post({
      headers: Array.from({ length: 20 }, (_, i) => `c${i}`),
      rows: Array.from({ length: 501 }, () => Array.from({ length: 20 }, () => 'x')),
      options: { format: 'pdf' },
    });
    expect(pdf.status).toBe(413);
    expect(pdf.body.error.message).toBe(
      'Too many cells for a PDF: 10020 (at most 10000): use fewer rows or columns, pagination, or PNG/SVG',
    );
    expect({ counted: await counted(), stored: await stored() }).toEqual(before);
    // A table at the edge still renders.
    const ok = await post(smallTable);
    expect(ok.status).toBe(200);
  });
});

describe('image bombs stay within the table’s image budget', () => {
  it(
    'the anonymous demo draws bombs as placeholders (1 megapixel in all) and says so',
    { timeout: 180_000 },
    async () => {
      const res = await http(h).post('/api/demo/generate-image').send(bombTable(200));
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual([
        "200 images were over this table's image budget (1 megapixels decoded, 512 KB in all); placeholders were drawn",
      ]);
      // A small logo is within the demo's budget.
      const logo = await http(h)
        .post('/api/demo/generate-image')
        .send({ headers: ['Logo'], rows: [[{ type: 'image', value: bombUri(64, 64) }]] });
      expect(logo.status).toBe(200);
      expect(logo.body.warnings).toBeUndefined();
    },
  );

  it(
    'a key route decodes what fits the budget, draws the rest as placeholders, answers 200 and counts one render',
    { timeout: 180_000 },
    async () => {
      const before = await counted();
      const res = await h.postTable(u.apiKey).send(bombTable(200));
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual([
        "198 images were over this table's image budget (32 megapixels decoded, 20 MB in all); placeholders were drawn",
      ]);
      expect(await counted()).toBe(before + 1);
      const png = await http(h)
        .get(new URL(res.body.url as string).pathname)
        .buffer(true);
      expect(png.status).toBe(200);
      expect(png.body.subarray(0, 4).toString('hex')).toBe('89504e47');
    },
  );
});

describe('property: random bodies', () => {
  /** Odd text: lone surrogates, controls, RTL marks, brackets and quotes. */
  const oddText = fc.string({
    unit: fc.constantFrom('a', '[', '{', '"', '\\', '\u0000', '\ud800', '\u202e', '😀', 'é', ' '),
    maxLength: 40,
  });
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    oddText,
    fc.constantFrom(deep(MAX_JSON_DEPTH + 3), 'x'.repeat(200_000)),
  );
  const tableish = fc.record(
    {
      title: value,
      data: fc.oneof(fc.array(fc.dictionary(oddText, value, { maxKeys: 3 }), { maxLength: 3 }), value),
      headers: fc.oneof(fc.array(oddText, { maxLength: 3 }), value),
      rows: fc.oneof(fc.array(fc.array(value, { maxLength: 3 }), { maxLength: 3 }), value),
      styles: fc.oneof(
        fc.dictionary(fc.constantFrom('headerBg', 'fontSize', 'imageFormat', 'cellPadding'), value),
        value,
      ),
      options: value,
    },
    { requiredKeys: [] },
  );
  const raw = fc.oneof(
    tableish.map((t) => JSON.stringify(t)),
    fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
    fc.nat({ max: 200 }).map((n) => deep(MAX_JSON_DEPTH + n)),
    oddText,
  );

  it('never answers 5xx, and counts a render exactly when it answers 2xx', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(raw, async (body) => {
        const before = await counted();
        const res = await h.postTable(u.apiKey).set('Content-Type', 'application/json').send(body);
        expect(res.status, body.slice(0, 200)).toBeLessThan(500);
        expect(res.body.success, body.slice(0, 200)).toBe(res.status < 300);
        expect(await counted(), body.slice(0, 200)).toBe(before + (res.status < 300 ? 1 : 0));
      }),
      { numRuns: 60 },
    );
  });
});
