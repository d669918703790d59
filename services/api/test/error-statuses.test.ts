/**
 * One HTTP test per status of the one error family (issue #27), each through a real route of the
 * real app: the answer is the spec's envelope `{ success: false, error: { code, message } }` with
 * that status, every 429 and 503 carries Retry-After, and a refusal counts nothing. The render
 * pool is real; the test can make its next render refuse (busy) or crash, as a loaded or broken
 * pool would. 502 (a provider refusing our request for good) is answered by the billing routes
 * only, so its test is in billing.test.ts, against the real Stripe SDK and a stand-in for Stripe.
 */
import { describe, expect, it } from 'vitest';
import { NoSpaceFault } from '@jsonable/domain/faults';
import type { TableRenderer } from '@jsonable/domain/ports';
import { createRenderPool } from '@jsonable/render/pool/index';
import { RenderCrashError, RenderPoolError } from '@jsonable/render/pool/errors';
import { givenRenderHarness, http, smallTable } from './render.harness';

const pool = createRenderPool({ size: 1 });
/** What the next render ends with instead of rendering (once). */
let nextRefusal: Error | null = null;
const renderer: TableRenderer = {
  render(input, options) {
    const refusal = nextRefusal;
    nextRefusal = null;
    return refusal ? Promise.reject(refusal) : pool.render(input, options);
  },
  close: () => pool.close(),
};

const h = givenRenderHarness(
  async () => {
    await pool.ready();
    return { renderer, images: { limits: { preview: { limit: 1, windowMs: 60_000 } } } };
  },
  { after: () => pool.close() },
);

const generate = (key: string | null, body: unknown) => {
  const req = http(h).post('/api/jsonable/table-to-image');
  return key ? req.set('X-API-Key', key).send(body as object) : req.send(body as object);
};

const tablesOf = async (userId: string) => (await h.rendered(userId)).length;

function expectEnvelope(
  res: { status: number; body: unknown; headers: Record<string, string> },
  status: number,
  message: string | RegExp,
  retryAfter?: string,
) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    success: false,
    error: { code: status, message: typeof message === 'string' ? message : expect.stringMatching(message) },
  });
  expect(res.headers['retry-after']).toBe(retryAfter);
}

describe('every status of the error family, through real routes', () => {
  it('400: a payload the API schema refuses, named the one way', async () => {
    const u = await h.user();
    expectEnvelope(
      await generate(u.apiKey, { headers: [1, null], rows: [[1, 2]] }),
      400,
      'Invalid headers.1: Each header must be a string or a number',
    );
    expect(await tablesOf(u.userId)).toBe(0);
  });

  it('400: a payload the engine refuses in a worker keeps its status and message', async () => {
    const u = await h.user('premium');
    const res = await generate(u.apiKey, {
      headers: ['Region', 'Jan'],
      rows: [['North', 1]],
      conditionalFormats: [{ type: 'dataBar', column: 'Apr' }],
    });
    expectEnvelope(res, 400, 'Invalid conditionalFormats.0.column: no column named "Apr"');
    expect(await tablesOf(u.userId)).toBe(0);
  });

  it('401: no API key', async () => {
    expectEnvelope(await generate(null, smallTable), 401, /API key/i);
  });

  it('402: a project over the plan’s allowance', async () => {
    const u = await h.user('free');
    const first = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .send({ name: 'One', endpointPath: 'one' });
    expect(first.status).toBe(201);
    const second = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .send({ name: 'Two', endpointPath: 'two' });
    expectEnvelope(second, 402, /Upgrade your plan/);
  });

  it('403: a cross-site request with the session cookie', async () => {
    const u = await h.user();
    const res = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ name: 'X', endpointPath: 'x' });
    expectEnvelope(res, 403, 'Cross-site request refused');
  });

  it('404: an image that does not exist', async () => {
    expectEnvelope(await http(h).get('/api/jsonable/images/no-such-image.png'), 404, 'Image not found or deleted');
  });

  it('409: an Idempotency-Key used again for another body', async () => {
    const u = await h.user('premium');
    const first = await generate(u.apiKey, smallTable).set('Idempotency-Key', 'k-409');
    expect(first.status).toBe(200);
    const again = await generate(u.apiKey, { ...smallTable, title: 'Other' }).set('Idempotency-Key', 'k-409');
    expectEnvelope(again, 409, /Idempotency-Key was already used/);
    expect(await tablesOf(u.userId)).toBe(1);
  });

  it('413: a table over the row limit, refused before it is queued', async () => {
    const u = await h.user('premium');
    const res = await generate(u.apiKey, { headers: ['n'], rows: Array.from({ length: 10_001 }, (_, i) => [i]) });
    expectEnvelope(res, 413, /Too many rows/);
    expect(await tablesOf(u.userId)).toBe(0);
  });

  it('413: a table that exhausts the worker’s memory', async () => {
    const u = await h.user('premium');
    nextRefusal = new RenderPoolError('out-of-memory');
    expectEnvelope(await generate(u.apiKey, smallTable), 413, /needs more memory than one render may use/);
    expect(await tablesOf(u.userId)).toBe(0);
  });

  it('415: a body that is not JSON', async () => {
    const u = await h.user();
    const res = await h.postTable(u.apiKey).set('Content-Type', 'text/plain').send('not json');
    expectEnvelope(res, 415, 'Content-Type must be application/json');
  });

  it('429 with Retry-After: previews over the rate limit', async () => {
    const u = await h.user();
    const preview = () => http(h).post('/api/jsonable/table-to-image/preview').set('X-API-Key', u.apiKey).send({});
    expect((await preview()).status).toBe(400);
    const limited = await preview();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({ success: false, error: { code: 429, message: expect.any(String) } });
  });

  it('503 with Retry-After: the render pool is busy, and nothing is counted', async () => {
    const u = await h.user('premium');
    nextRefusal = new RenderPoolError('busy');
    expectEnvelope(await generate(u.apiKey, smallTable), 503, 'Renderer busy, try again', '2');
    nextRefusal = new RenderPoolError('startup-failed', 'Renderer could not start: no fonts');
    expectEnvelope(await generate(u.apiKey, smallTable), 503, 'Renderer unavailable, try again later', '30');
    expect(await tablesOf(u.userId)).toBe(0);
    expect((await generate(u.apiKey, smallTable)).status).toBe(200);
  });

  it('507 with Retry-After: no space left for the image file', async () => {
    const u = await h.user('premium');
    const blobs = h.deps.blobs;
    const put = blobs.put;
    blobs.put = async () => {
      throw new NoSpaceFault('blob-store', { detail: 'ENOSPC: no space left on device' });
    };
    try {
      expectEnvelope(await generate(u.apiKey, smallTable), 507, /run out of storage space/, '60');
    } finally {
      blobs.put = put;
    }
    expect(await tablesOf(u.userId)).toBe(0);
  });

  it('500: a crashed renderer, with nothing of it shown', async () => {
    const u = await h.user('premium');
    nextRefusal = new RenderCrashError('Rendering failed: the renderer crashed');
    expectEnvelope(await generate(u.apiKey, smallTable), 500, 'Internal server error');
    expect(await tablesOf(u.userId)).toBe(0);
  });
});
