/** Whatever a client sends to the accounts routes, the answer is a 2xx/4xx JSON answer, never a 500. */
import fc from 'fast-check';
import type { Response } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { givenAccountsHarness, sessionCookie } from './accounts.harness';

const h = givenAccountsHarness();
/** A password-less account's session, signed in through a magic link. */
let cookie: string;
beforeAll(async () => {
  await h.api().post('/api/magic-link').send({ email: 'props@example.com' }).expect(200);
  const res = await h
    .api()
    .post('/api/confirm-magic-link')
    .send({ token: h.lastToken('props@example.com') })
    .expect(200);
  cookie = sessionCookie(res.headers['set-cookie'])!;
});

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '__proto__', 'constructor', 'a@b.co', 'x'.repeat(300)),
);
const value = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }), fc.emailAddress());
/** Bodies with the fields the routes read, any of them missing or of any type, plus stray keys. */
const body = fc.oneof(
  fc.record(
    {
      email: value,
      password: value,
      confirmPassword: value,
      token: value,
      first_name: value,
      last_name: value,
      currentPassword: value,
      newPassword: value,
      settings: value,
      __proto__: value,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

function assertAnswered(res: Response, label: string): void {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  if (res.status >= 400)
    expect(res.body).toMatchObject({ success: false, error: { code: res.status, message: expect.any(String) } });
}

const routes: Array<{ method: 'post' | 'patch'; path: string; session: boolean }> = [
  { method: 'post', path: '/api/register', session: false },
  { method: 'post', path: '/api/login', session: false },
  { method: 'post', path: '/api/magic-link', session: false },
  { method: 'post', path: '/api/confirm-magic-link', session: false },
  { method: 'patch', path: '/api/jsonable/user', session: true },
  { method: 'post', path: '/api/jsonable/change-password', session: true },
  { method: 'post', path: '/api/settings', session: true },
  { method: 'post', path: '/api/forgot-password', session: false },
  { method: 'post', path: '/api/reset-password', session: false },
  { method: 'post', path: '/api/jsonable/sessions/sign-out-others', session: true },
];

describe('accounts request bodies (fast-check)', () => {
  for (const route of routes) {
    it(`${route.method.toUpperCase()} ${route.path} never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          let req = h.api()[route.method](route.path).set('Content-Type', 'application/json');
          if (route.session) req = req.set('Cookie', cookie);
          const res = await req.send(JSON.stringify(payload));
          assertAnswered(res, `${route.path} ${JSON.stringify(payload)}`);
          // A password change revokes the session and hands out a new one: keep using the live one.
          cookie = sessionCookie(res.headers['set-cookie']) ?? cookie;
          if (route.session) expect(res.status).not.toBe(401);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('GET /api/verify-magic-link never answers 500, whatever the token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 2 }), async (tokens) => {
        const query = tokens.map((t) => `token=${encodeURIComponent(t)}`).join('&');
        const res = await h.api().get(`/api/verify-magic-link?${query}`);
        assertAnswered(res, query);
        expect(res.status).toBe(400);
      }),
      { numRuns: 60 },
    );
  });

  it('malformed JSON is a 400, not a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return true;
          }
        }),
        async (raw) => {
          const res = await h.api().post('/api/login').set('Content-Type', 'application/json').send(raw);
          assertAnswered(res, raw);
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: 40 },
    );
  });
});
