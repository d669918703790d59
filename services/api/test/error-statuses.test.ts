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
import request from 'supertest';
import type { PlanTier } from '@jsonable/contracts/plans';
import { givenRenderHarness, smallTable, type RenderHarness, type TestUser } from './render.harness';
import {
  apiSpecification,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  renderedFor,
  user,
} from './support/api-spec';

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

const givenApi = apiSpecification(h);
type Request = ReturnType<typeof request>;
/** The scenario's user had no table counted. */
const noRender = expectNoNewEvents(renderedFor);

/** POST /api/jsonable/table-to-image with the user's API key (none when `u` is null). */
const generate = (req: Request, u: TestUser | null, body: unknown) => {
  const post = req.post('/api/jsonable/table-to-image');
  return u ? post.set('X-API-Key', u.apiKey).send(body as object) : post.send(body as object);
};

/** Given a user on `plan` whose next render ends with `refusal` instead of rendering. */
const userWhoseNextRenderFails = (plan: PlanTier, refusal: Error) => async (hh: RenderHarness) => {
  const u = await user(plan)(hh);
  nextRefusal = refusal;
  return u;
};

describe('every status of the error family, through real routes', () => {
  it('400: a payload the API schema refuses, named the one way', () =>
    givenApi(user())
      .when((req, u) => generate(req, u, { headers: [1, null], rows: [[1, 2]] }))
      .then(expectError(400, 'Invalid headers.1: Each header must be a string or a number'), noRender));

  it('400: a payload the engine refuses in a worker keeps its status and message', () =>
    givenApi(user('premium'))
      .when((req, u) =>
        generate(req, u, {
          headers: ['Region', 'Jan'],
          rows: [['North', 1]],
          conditionalFormats: [{ type: 'dataBar', column: 'Apr' }],
        }),
      )
      .then(expectError(400, 'Invalid conditionalFormats.0.column: no column named "Apr"'), noRender));

  it('401: no API key', () =>
    givenApi()
      .when((req) => generate(req, null, smallTable))
      .then(expectError(401, /API key/i), expectNoNewEvents()));

  it('402: a project over the plan’s allowance', () =>
    givenApi(async (hh) => {
      const u = await user('free')(hh);
      await hh.project(u, 'One');
      return u;
    })
      .when((req, u) =>
        req.post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Two', endpointPath: 'two' }),
      )
      .then(expectError(402, /Upgrade your plan/), expectNoNewEvents()));

  it('403: a cross-site request with the session cookie', () =>
    givenApi(user())
      .when((req, u) =>
        req
          .post('/api/jsonable/projects')
          .set('Cookie', u.cookie)
          .set('Sec-Fetch-Site', 'cross-site')
          .send({ name: 'X', endpointPath: 'x' }),
      )
      .then(expectError(403, 'Cross-site request refused'), expectNoNewEvents()));

  it('404: an image that does not exist', () =>
    givenApi()
      .when((req) => req.get('/api/jsonable/images/no-such-image.png'))
      .then(expectError(404, 'Image not found or deleted')));

  it('409: an Idempotency-Key used again for another body', () =>
    givenApi(async (hh) => {
      const u = await user('premium')(hh);
      const first = await generate(request(hh.server), u, smallTable).set('Idempotency-Key', 'k-409');
      expect(first.status).toBe(200);
      return u;
    })
      .when((req, u) => generate(req, u, { ...smallTable, title: 'Other' }).set('Idempotency-Key', 'k-409'))
      .then(expectError(409, /Idempotency-Key was already used/), noRender));

  it('413: a table over the row limit, refused before it is queued', () =>
    givenApi(user('premium'))
      .when((req, u) => generate(req, u, { headers: ['n'], rows: Array.from({ length: 10_001 }, (_, i) => [i]) }))
      .then(expectError(413, /Too many rows/), noRender));

  it('413: a table that exhausts the worker’s memory', () =>
    givenApi(userWhoseNextRenderFails('premium', new RenderPoolError('out-of-memory')))
      .when((req, u) => generate(req, u, smallTable))
      .then(expectError(413, /needs more memory than one render may use/), noRender));

  it('415: a body that is not JSON', () =>
    givenApi(user())
      .when((req, u) =>
        req
          .post('/api/jsonable/table-to-image')
          .set('X-API-Key', u.apiKey)
          .set('Content-Type', 'text/plain')
          .send('not json'),
      )
      .then(expectError(415, 'Content-Type must be application/json'), noRender));

  it('429 with Retry-After: previews over the rate limit', () => {
    const preview = (req: Request, u: TestUser) =>
      req.post('/api/jsonable/table-to-image/preview').set('X-API-Key', u.apiKey).send({});
    return givenApi(async (hh) => {
      const u = await user()(hh);
      expect((await preview(request(hh.server), u)).status).toBe(400); // the one preview of the window
      return u;
    })
      .when(preview)
      .then(
        expectResponse(429, { success: false, error: { code: 429, message: expect.any(String) } }),
        ({ response }) => expect(Number(response.headers['retry-after'])).toBeGreaterThan(0),
      );
  });

  it('503 with Retry-After: the render pool is busy, and nothing is counted', () =>
    givenApi(userWhoseNextRenderFails('premium', new RenderPoolError('busy')))
      .when((req, u) => generate(req, u, smallTable))
      .then(expectError(503, 'Renderer busy, try again', '2'), noRender));

  it('503 with Retry-After: the render pool cannot start, and nothing is counted', () =>
    givenApi(
      userWhoseNextRenderFails('premium', new RenderPoolError('startup-failed', 'Renderer could not start: no fonts')),
    )
      .when((req, u) => generate(req, u, smallTable))
      .then(expectError(503, 'Renderer unavailable, try again later', '30'), noRender));

  it('renders again after a refusal: the refusal was one request’s, not the pool’s', () =>
    givenApi(async (hh) => {
      const u = await userWhoseNextRenderFails('premium', new RenderPoolError('busy'))(hh);
      expect((await generate(request(hh.server), u, smallTable)).status).toBe(503);
      return u;
    })
      .when((req, u) => generate(req, u, smallTable))
      .then(expectResponse(200, { success: true }), expectNewEvents(renderedFor, [{ type: 'TableRendered' }])));

  it('507 with Retry-After: no space left for the image file', async () => {
    const blobs = h.deps.blobs;
    const put = blobs.put;
    blobs.put = async () => {
      throw new NoSpaceFault('blob-store', { detail: 'ENOSPC: no space left on device' });
    };
    try {
      await givenApi(user('premium'))
        .when((req, u) => generate(req, u, smallTable))
        .then(expectError(507, /run out of storage space/, '60'), noRender);
    } finally {
      blobs.put = put;
    }
  });

  it('500: a crashed renderer, with nothing of it shown', () =>
    givenApi(userWhoseNextRenderFails('premium', new RenderCrashError('Rendering failed: the renderer crashed')))
      .when((req, u) => generate(req, u, smallTable))
      .then(expectError(500, 'Internal server error'), noRender));
});
