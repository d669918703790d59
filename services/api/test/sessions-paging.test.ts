/**
 * Issue #30 on the sessions list (Settings → Security): GET /api/jsonable/sessions pages like every
 * list (`limit`, opaque `cursor`, `Link: <…>; rel="next"`, `X-Total-Count`), newest sign-in first,
 * without expired or signed-out sessions; DELETE /api/jsonable/sessions/{id} finds the session by
 * its public id directly, and another account's id is "not found" exactly like an unknown one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_MAX, listMessages, nextLink } from '@jsonable/contracts/lists';
import { SESSION_TTL_MS } from '@jsonable/domain/accounts/accounts.decider';
import { openSession, registerUser, signOut } from '@jsonable/domain/accounts/accounts.handlers';
import { sha256Hex } from '@jsonable/domain/accounts/secrets';
import { publicSessionId } from '@jsonable/read-models/accounts/sessions.projection';
import { givenAccountsHarness, PUBLIC_URL } from './accounts.harness';

const h = givenAccountsHarness();
const HOUR = 60 * 60 * 1000;

interface Listed {
  id: string;
  current: boolean;
  createdAt: string;
}

/** A registered user with `count` open sessions: their cookies and public ids, oldest first. */
async function userWithSessions(count: number) {
  const { userId } = await registerUser(h.deps, { email: h.freshEmail(), password: null });
  const sessions: Array<{ cookie: string; id: string; hash: string }> = [];
  for (let i = 0; i < count; i++) sessions.push(await session(userId));
  return { userId, sessions };
}

async function session(userId: string) {
  const opened = await openSession(h.deps, userId);
  await h.deps.waitForProjections(opened.position);
  const hash = sha256Hex(opened.sessionId);
  return { cookie: `jsonable_session=${opened.sessionId}`, id: publicSessionId(hash), hash };
}

const list = (cookie: string, path = '/api/jsonable/sessions') => h.api().get(path).set('Cookie', cookie);

/** Every page from the first (of `limit`), following the Link headers: each page's sessions and total. */
async function allPages(cookie: string, limit: number, between: () => Promise<void> = async () => undefined) {
  const pages: Array<{ sessions: Listed[]; total: number }> = [];
  let path: string | null = `/api/jsonable/sessions?limit=${limit}`;
  while (path) {
    const res = await list(cookie, path).expect(200);
    pages.push({ sessions: res.body.sessions as Listed[], total: Number(res.headers['x-total-count']) });
    const next = nextLink(res.headers.link);
    if (next) expect(next.startsWith(`${PUBLIC_URL}/api/jsonable/sessions?`)).toBe(true);
    path = next ? next.slice(PUBLIC_URL.length) : null;
    if (path) await between();
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

describe('GET /api/jsonable/sessions pages', () => {
  it('a page of `limit`, newest sign-in first, X-Total-Count, a Link to the next page and none on the last', async () => {
    const { sessions } = await userWithSessions(5);
    const cookie = sessions[0]!.cookie;
    const first = await list(cookie, '/api/jsonable/sessions?limit=2').expect(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.link).toMatch(
      /^<https:\/\/jsonable\.test\/api\/jsonable\/sessions\?limit=2&cursor=[\w-]+>; rel="next"$/,
    );
    expect(first.body.passwordWithoutCurrentUntil).toBeDefined();

    const pages = await allPages(cookie, 2);
    expect(pages.map((p) => p.sessions.length)).toEqual([2, 2, 1]);
    const listed = pages.flatMap((p) => p.sessions);
    expect(new Set(listed.map((s) => s.id))).toEqual(new Set(sessions.map((s) => s.id)));
    const order = listed.map((s) => s.createdAt);
    expect(order).toEqual([...order].sort().reverse());
    expect(listed.filter((s) => s.current).map((s) => s.id)).toEqual([sessions[0]!.id]);

    // Without parameters: the first page of the default size, here everything.
    const all = await list(cookie).expect(200);
    expect(all.body.sessions).toHaveLength(5);
    expect(all.headers.link).toBeUndefined();
  });

  it(`refuses a limit above ${LIST_PAGE_MAX} (naming it), a limit of 0, a garbled cursor and another account's cursor`, async () => {
    const mine = await userWithSessions(3);
    const theirs = await userWithSessions(3);
    const cookie = mine.sessions[0]!.cookie;
    for (const limit of [LIST_PAGE_MAX + 1, 0, 1.5]) {
      const res = await list(cookie, `/api/jsonable/sessions?limit=${limit}`).expect(400);
      expect(res.body.error.message).toContain(listMessages.limit);
      expect(res.body.error.message).toContain(String(LIST_PAGE_MAX));
    }
    await list(cookie, `/api/jsonable/sessions?limit=${LIST_PAGE_MAX}`).expect(200);
    const garbled = await list(cookie, '/api/jsonable/sessions?cursor=bm90LWpzb24').expect(400);
    expect(garbled.body.error.message).toContain(listMessages.cursor);
    const next = nextLink((await list(theirs.sessions[0]!.cookie, '/api/jsonable/sessions?limit=1')).headers.link)!;
    const cursor = new URL(next).searchParams.get('cursor')!;
    const stolen = await list(cookie, `/api/jsonable/sessions?limit=1&cursor=${cursor}`).expect(400);
    expect(stolen.body.error.message).toContain(listMessages.cursorOtherQuery);
  });

  it('lists neither expired nor signed-out sessions, and counts neither', async () => {
    const { userId, sessions } = await userWithSessions(2);
    h.advance(SESSION_TTL_MS - HOUR);
    try {
      const later = await session(userId);
      h.advance(2 * HOUR); // the two first sessions have expired; `later` has not
      const res = await list(later.cookie).expect(200);
      expect((res.body.sessions as Listed[]).map((s) => s.id)).toEqual([later.id]);
      expect(res.headers['x-total-count']).toBe('1');
      // An expired session cannot be signed out either: it is not found.
      await h.api().delete(`/api/jsonable/sessions/${sessions[1]!.id}`).set('Cookie', later.cookie).expect(404);

      const other = await session(userId);
      const written = await signOut(h.deps, { userId, sessionHash: other.hash, reason: 'revoked' });
      await h.deps.waitForProjections(written.position);
      const after = await list(later.cookie).expect(200);
      expect((after.body.sessions as Listed[]).map((s) => s.id)).toEqual([later.id]);
      expect(after.headers['x-total-count']).toBe('1');
    } finally {
      h.advance(-(SESSION_TTL_MS + HOUR));
    }
  });
});

describe('DELETE /api/jsonable/sessions/{id}', () => {
  it("another account's session id is 404 exactly like an unknown id; that session stays signed in", async () => {
    const mine = await userWithSessions(1);
    const theirs = await userWithSessions(2);
    const cookie = mine.sessions[0]!.cookie;
    const unknown = await h
      .api()
      .delete(`/api/jsonable/sessions/${'0'.repeat(24)}`)
      .set('Cookie', cookie)
      .expect(404);
    for (const target of theirs.sessions) {
      const res = await h.api().delete(`/api/jsonable/sessions/${target.id}`).set('Cookie', cookie).expect(404);
      expect(res.body).toEqual(unknown.body);
      expect(res.headers['content-length']).toBe(unknown.headers['content-length']);
      await h.api().get('/api/user').set('Cookie', target.cookie).expect(200);
    }
    expect((await list(theirs.sessions[0]!.cookie).expect(200)).headers['x-total-count']).toBe('2');
    // The owner signs it out by the same id.
    const out = await h
      .api()
      .delete(`/api/jsonable/sessions/${theirs.sessions[1]!.id}`)
      .set('Cookie', theirs.sessions[0]!.cookie)
      .expect(200);
    expect(out.body).toEqual({ success: true, current: false });
    await h.api().get('/api/user').set('Cookie', theirs.sessions[1]!.cookie).expect(401);
  });
});

describe('following cursors (fast-check)', () => {
  it('yields every session open throughout exactly once, while sessions are opened and signed out between pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.constantFrom('open', 'sign-out', 'nothing'), { maxLength: 6 }),
        async (count, limit, changes) => {
          const { userId, sessions } = await userWithSessions(count);
          const viewer = sessions[0]!;
          // Sessions signed out between pages are taken from the newest, never the viewer's.
          const removable = sessions.slice(1).reverse();
          const removed = new Set<string>();
          const opened = new Set<string>();
          let step = 0;
          const pages = await allPages(viewer.cookie, limit, async () => {
            const change = changes[step++];
            if (change === 'open') opened.add((await session(userId)).id);
            if (change === 'sign-out' && removable.length > 0) {
              const target = removable.shift()!;
              const written = await signOut(h.deps, { userId, sessionHash: target.hash, reason: 'revoked' });
              await h.deps.waitForProjections(written.position);
              removed.add(target.id);
            }
          });
          const listed = pages.flatMap((p) => p.sessions.map((s) => s.id));
          expect(new Set(listed).size).toBe(listed.length);
          const throughout = sessions.map((s) => s.id).filter((id) => !removed.has(id));
          for (const id of throughout) expect(listed).toContain(id);
          for (const id of listed) expect(throughout.includes(id) || removed.has(id) || opened.has(id)).toBe(true);
          if (removed.size === 0 && opened.size === 0) {
            expect(listed).toHaveLength(count);
            expect(pages.every((p) => p.total === count)).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
