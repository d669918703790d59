/**
 * Issue #22 over HTTP: the holes an attacker used (pre-registration takeover, login CSRF through
 * a link that confirms on load, links outliving a password change), password recovery through
 * the outbox, passwords set by a fresh link session, and the sessions list with revocation.
 */
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  RECENT_LINK_MS,
  RESET_LINK_TTL_MS,
  SESSION_SEEN_INTERVAL_MS,
} from '@jsonable/domain/accounts/accounts.decider';
import { givenAccountsHarness, replayVerify, sessionCookie, startAccountsHarness } from './accounts.harness';

const h = givenAccountsHarness();
const cookieOf = (res: request.Response) => sessionCookie(res.headers['set-cookie'])!;

async function linkSignIn(email: string): Promise<string> {
  await h.api().post('/api/magic-link').send({ email }).expect(200);
  return cookieOf(
    await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(email, 'magic-link') })
      .expect(200),
  );
}

/** An account with a password, and a session opened with that password (not by a link). */
async function accountWithPassword(email: string, password: string): Promise<string> {
  await h.api().post('/api/register').send({ email, password }).expect(200);
  await h
    .api()
    .post('/api/confirm-magic-link')
    .send({ token: h.lastToken(email, 'confirm-sign-up'), password })
    .expect(200);
  return cookieOf(await h.api().post('/api/login').send({ email, password }).expect(200));
}

async function eventsOf(type: string, userId: string) {
  return (await h.deps.eventStore.readAll()).filter(
    (e) => e.type === type && (e.data as { userId?: string }).userId === userId,
  );
}

describe('pre-registration takeover (design: the person confirming types the sign-up password again, or gets no password)', () => {
  it("the attacker's password stops working once the owner of the address takes it", async () => {
    const victim = h.freshEmail();
    const attackerPassword = 'attacker chose this';
    // The attacker signs up with the victim's address; the victim receives the confirmation mail.
    await h.api().post('/api/register').send({ email: victim, password: attackerPassword }).expect(200);
    const token = h.lastToken(victim, 'confirm-sign-up');
    const preview = await h.api().get(`/api/verify-magic-link?token=${token}`).expect(200);
    expect(preview.body).toEqual({ success: true, valid: true, email: victim, purpose: 'register' });
    // The victim does not know that password: a guess is refused and the link stays usable.
    const guess = await h.api().post('/api/confirm-magic-link').send({ token, password: 'my usual password' });
    expect(guess.status).toBe(401);
    expect(guess.body.error.message).toMatch(/not the password chosen at sign-up/);
    // The victim continues without a password: the account is theirs, with no password at all.
    const confirmed = await h.api().post('/api/confirm-magic-link').send({ token }).expect(200);
    expect(confirmed.body).toMatchObject({ email: victim, has_password: false });
    const registered = await eventsOf('UserRegistered', confirmed.body.id as string);
    expect(registered.map((e) => (e.data as { passwordHash: string | null }).passwordHash)).toEqual([null]);
    const login = await h.api().post('/api/login').send({ email: victim, password: attackerPassword });
    expect(login.status).toBe(401);
    // The victim's fresh link session sets a password of their own without a current one.
    const victimCookie = cookieOf(confirmed);
    await h.changePassword(victimCookie, { newPassword: 'the owner now chose' }).expect(200);
    await h.api().post('/api/login').send({ email: victim, password: attackerPassword }).expect(401);
    await h.api().post('/api/login').send({ email: victim, password: 'the owner now chose' }).expect(200);
  });

  it('gives the account the sign-up password when the person confirming types it again', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/register').send({ email, password: 'my own password' }).expect(200);
    const res = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(email, 'confirm-sign-up'), password: 'my own password' })
      .expect(200);
    expect(res.body).toMatchObject({ email, has_password: true });
    await h.api().post('/api/login').send({ email, password: 'my own password' }).expect(200);
  });

  it("a sign-in link to a pre-registered address never gives the account the attacker's password", async () => {
    const victim = h.freshEmail();
    await h.api().post('/api/register').send({ email: victim, password: 'attacker chose this' }).expect(200);
    await linkSignIn(victim);
    await h.api().post('/api/login').send({ email: victim, password: 'attacker chose this' }).expect(401);
    // And the attacker's pending sign-up link, issued before that sign-in, is void.
    const res = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(victim, 'confirm-sign-up'), password: 'attacker chose this' });
    expect(res.status).toBe(400);
  });
});

describe('sign-in links confirm only on a click (no login CSRF)', () => {
  it('GET shows which account the link opens and never consumes it; the POST does, once', async () => {
    const email = h.freshEmail();
    await linkSignIn(email);
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const token = h.lastToken(email, 'magic-link');
    for (let i = 0; i < 3; i++) {
      const res = await h.api().get(`/api/verify-magic-link?token=${token}`).expect(200);
      expect(res.body).toEqual({ success: true, valid: true, email, purpose: 'sign_in' });
    }
    await h.api().post('/api/confirm-magic-link').send({ token }).expect(200);
    await h.api().get(`/api/verify-magic-link?token=${token}`).expect(400);
    await h.api().post('/api/confirm-magic-link').send({ token }).expect(400);
  });

  it("switching accounts: confirming another account's link signs the browser's session out", async () => {
    const mine = h.freshEmail();
    const theirs = h.freshEmail();
    const myCookie = await linkSignIn(mine);
    await linkSignIn(theirs);
    await h.api().post('/api/magic-link').send({ email: theirs }).expect(200);
    const res = await h
      .api()
      .post('/api/confirm-magic-link')
      .set('Cookie', myCookie)
      .send({ token: h.lastToken(theirs, 'magic-link') })
      .expect(200);
    expect(res.body.email).toBe(theirs);
    await h.api().get('/api/user').set('Cookie', myCookie).expect(401);
  });

  it('refuses a cross-site confirmation', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const token = h.lastToken(email, 'magic-link');
    await h.api().post('/api/confirm-magic-link').set('Sec-Fetch-Site', 'cross-site').send({ token }).expect(403);
    await h
      .api()
      .post('/api/confirm-magic-link')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ token }))
      .expect(415);
    await h.api().get(`/api/verify-magic-link?token=${token}`).expect(200);
  });
});

describe('link lifecycle', () => {
  it('refuses links issued before a password change', async () => {
    const email = h.freshEmail();
    const cookie = await accountWithPassword(email, 'first password');
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const old = h.lastToken(email, 'magic-link');
    await h.changePassword(cookie, { currentPassword: 'first password', newPassword: 'second password' }).expect(200);
    await h.api().get(`/api/verify-magic-link?token=${old}`).expect(400);
    await h.api().post('/api/confirm-magic-link').send({ token: old }).expect(400);
    // A link asked for after the change works.
    await linkSignIn(email);
  });

  it('retires every other outstanding link at a link sign-in', async () => {
    const email = h.freshEmail();
    await linkSignIn(email);
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const first = h.lastToken(email, 'magic-link');
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const second = h.lastToken(email, 'magic-link');
    await h.api().post('/api/confirm-magic-link').send({ token: second }).expect(200);
    await h.api().post('/api/confirm-magic-link').send({ token: first }).expect(400);
  });

  it('retires the links of a sign-up that lost the address to the account', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/register').send({ email, password: 'sign-up password' }).expect(200);
    const signUpLink = h.lastToken(email, 'confirm-sign-up');
    await linkSignIn(email);
    await h.api().get(`/api/verify-magic-link?token=${signUpLink}`).expect(400);
    await h.api().post('/api/confirm-magic-link').send({ token: signUpLink }).expect(400);
  });

  it('expires sign-in links after 24 hours', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const token = h.lastToken(email, 'magic-link');
    h.advance(24 * 3600 * 1000);
    try {
      await h.api().post('/api/confirm-magic-link').send({ token }).expect(400);
    } finally {
      h.advance(-24 * 3600 * 1000);
    }
  });
});

describe('password recovery', () => {
  it('answers the forgot-password form identically for known, unknown and pending addresses', async () => {
    const known = h.freshEmail();
    await accountWithPassword(known, 'owner password');
    const pending = h.freshEmail();
    await h.api().post('/api/register').send({ email: pending, password: 'pending password' }).expect(200);
    const unknown = h.freshEmail();
    const answers = [];
    for (const email of [known, unknown, pending]) {
      const res = await h.api().post('/api/forgot-password').send({ email });
      answers.push({
        status: res.status,
        body: res.body as unknown,
        cookie: res.headers['set-cookie'] ?? null,
        type: res.headers['content-type'],
        cache: res.headers['cache-control'],
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { success: true, message: expect.stringMatching(/reset the password/) },
    });
    // The difference only shows in the mailbox of the address.
    expect((await h.waitForMail(known, 'password-reset')).text).toMatch(
      /https:\/\/jsonable\.test\/auth\/reset-password\?token=/,
    );
    const note = await h.waitForMail(unknown, 'password-reset-no-account');
    expect(note.text).toMatch(/no account uses this address/);
    expect(note.text).toContain('https://jsonable.test/auth?tab=register');
    await h.waitForMail(pending, 'password-reset-no-account');
  });

  it('resets the password through the mailed link: other sessions and links end, the link works once', async () => {
    const email = h.freshEmail();
    const elsewhere = await accountWithPassword(email, 'forgotten password');
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const outstanding = h.lastToken(email, 'magic-link');
    await h.api().post('/api/forgot-password').send({ email }).expect(200);
    await h.waitForMail(email, 'password-reset');
    const token = h.lastToken(email, 'password-reset');
    // Looking at the page (GET) consumes nothing; a reset link is not a sign-in link.
    expect((await h.api().get(`/api/password-reset?token=${token}`).expect(200)).body).toEqual({
      success: true,
      valid: true,
      email,
    });
    await h.api().get(`/api/verify-magic-link?token=${token}`).expect(400);
    await h.api().post('/api/confirm-magic-link').send({ token }).expect(400);
    // Mismatched confirmation and a too-short password are refused before anything changes.
    await h
      .api()
      .post('/api/reset-password')
      .send({ token, newPassword: 'brand new password', confirmPassword: 'other' })
      .expect(400);
    await h.api().post('/api/reset-password').send({ token, newPassword: 'short' }).expect(400);

    const reset = await h
      .api()
      .post('/api/reset-password')
      .send({ token, newPassword: 'brand new password', confirmPassword: 'brand new password' })
      .expect(200);
    expect(reset.body.email).toBe(email);
    const fresh = cookieOf(reset);
    await h.api().get('/api/user').set('Cookie', fresh).expect(200);
    await h.api().get('/api/user').set('Cookie', elsewhere).expect(401);
    await h.api().post('/api/login').send({ email, password: 'forgotten password' }).expect(401);
    await h.api().post('/api/login').send({ email, password: 'brand new password' }).expect(200);
    await h.api().post('/api/confirm-magic-link').send({ token: outstanding }).expect(400);
    const again = await h.api().post('/api/reset-password').send({ token, newPassword: 'third password here' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/reset link is invalid or has expired/);
    expect((await h.waitForMail(email, 'password-changed')).text).toContain('https://jsonable.test/auth?tab=forgot');

    const userId = reset.body.id as string;
    expect((await eventsOf('PasswordChanged', userId)).map((e) => (e.data as { method?: string }).method)).toContain(
      'reset_link',
    );
    expect(
      (await eventsOf('MagicLinksRetired', userId)).some(
        (e) => (e.data as { reason: string }).reason === 'password_reset',
      ),
    ).toBe(true);
  });

  it('expires reset links after one hour', async () => {
    const email = h.freshEmail();
    await accountWithPassword(email, 'some password');
    await h.api().post('/api/forgot-password').send({ email }).expect(200);
    await h.waitForMail(email, 'password-reset');
    const token = h.lastToken(email, 'password-reset');
    h.advance(RESET_LINK_TTL_MS);
    try {
      await h.api().get(`/api/password-reset?token=${token}`).expect(400);
      await h.api().post('/api/reset-password').send({ token, newPassword: 'too late password' }).expect(400);
    } finally {
      h.advance(-RESET_LINK_TTL_MS);
    }
  });

  it('rate-limits the forgot-password form per address, with Retry-After and the same answer for unknown addresses', async () => {
    const limited = await startAccountsHarness({
      limits: { resetPerAccount: { name: 'reset-account', limit: 2, windowMs: 60_000 } },
    });
    try {
      for (const email of ['known-limit@example.com', 'nobody-limit@example.com']) {
        if (email.startsWith('known')) {
          await request(limited.server).post('/api/magic-link').send({ email }).expect(200);
          await request(limited.server)
            .post('/api/confirm-magic-link')
            .send({ token: limited.lastToken(email) })
            .expect(200);
        }
        await request(limited.server).post('/api/forgot-password').send({ email }).expect(200);
        await request(limited.server).post('/api/forgot-password').send({ email: email.toUpperCase() }).expect(200);
        const third = await request(limited.server).post('/api/forgot-password').send({ email });
        expect(third.status).toBe(429);
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('setting a password from a fresh link session', () => {
  it('needs no current password within 15 minutes of a link sign-in, and does after', async () => {
    const email = h.freshEmail();
    await accountWithPassword(email, 'old password here');
    const linkCookie = await linkSignIn(email);
    const sessions = await h.api().get('/api/jsonable/sessions').set('Cookie', linkCookie).expect(200);
    expect(Date.parse(sessions.body.passwordWithoutCurrentUntil as string)).toBeGreaterThan(Date.now());
    const changed = await h.changePassword(linkCookie, { newPassword: 'set from the link' }).expect(200);
    const userId = (await h.api().get('/api/user').set('Cookie', cookieOf(changed)).expect(200)).body.id as string;
    expect((await eventsOf('PasswordChanged', userId)).at(-1)!.data).toMatchObject({ method: 'recent_link' });
    await h.api().post('/api/login').send({ email, password: 'set from the link' }).expect(200);

    const later = await linkSignIn(email);
    h.advance(RECENT_LINK_MS);
    try {
      const res = await h.changePassword(later, { newPassword: 'too late for that' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Current password is incorrect');
      expect(
        (await h.api().get('/api/jsonable/sessions').set('Cookie', later).expect(200)).body.passwordWithoutCurrentUntil,
      ).toBeNull();
    } finally {
      h.advance(-RECENT_LINK_MS);
    }
  });

  it('a password session always needs the current password', async () => {
    const email = h.freshEmail();
    const cookie = await accountWithPassword(email, 'the current one');
    expect(
      (await h.api().get('/api/jsonable/sessions').set('Cookie', cookie).expect(200)).body.passwordWithoutCurrentUntil,
    ).toBeNull();
    await h.changePassword(cookie, { newPassword: 'without the current' }).expect(400);
    await h.changePassword(cookie, { currentPassword: 'wrong one', newPassword: 'without the current' }).expect(400);
  });
});

describe('sessions under control', () => {
  async function signInFrom(email: string, password: string, userAgent: string, ip: string): Promise<string> {
    return cookieOf(
      await h
        .api()
        .post('/api/login')
        .set('User-Agent', userAgent)
        .set('X-Forwarded-For', ip)
        .send({ email, password })
        .expect(200),
    );
  }

  it('lists open sessions with created, last seen, user agent and a coarse address; signs one out, then all others', async () => {
    const email = h.freshEmail();
    const password = 'sessions password';
    await accountWithPassword(email, password);
    const laptop = await signInFrom(email, password, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0', '203.0.113.77');
    const phone = await signInFrom(email, password, 'Mozilla/5.0 (iPhone) Safari/605.1', '2001:db8:abcd:12::1');
    const tablet = await signInFrom(email, password, 'Tablet\tAgent', '198.51.100.9');
    const list = await h.api().get('/api/jsonable/sessions').set('Cookie', laptop).expect(200);
    const sessions = list.body.sessions as Array<Record<string, unknown>>;
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
      ip: '203.0.113.0/24',
      method: 'password',
    });
    expect(current.id).toMatch(/^[0-9a-f]{24}$/);
    expect(sessions.find((s) => s.ip === '2001:db8:abcd::/48')).toMatchObject({
      current: false,
      userAgent: 'Mozilla/5.0 (iPhone) Safari/605.1',
    });
    expect(sessions.find((s) => s.ip === '198.51.100.0/24')).toMatchObject({ userAgent: 'TabletAgent' });
    expect(JSON.stringify(list.body)).not.toContain('203.0.113.77');
    for (const s of sessions)
      expect(Date.parse(s.lastSeenAt as string)).toBeGreaterThanOrEqual(Date.parse(s.createdAt as string));

    // Another account cannot see or end these sessions.
    const stranger = await linkSignIn(h.freshEmail());
    const phoneId = sessions.find((s) => s.ip === '2001:db8:abcd::/48')!.id as string;
    expect(
      (await h.api().get('/api/jsonable/sessions').set('Cookie', stranger).expect(200)).body.sessions,
    ).toHaveLength(1);
    await h.api().delete(`/api/jsonable/sessions/${phoneId}`).set('Cookie', stranger).expect(404);
    await h.api().delete('/api/jsonable/sessions/not-an-id').set('Cookie', laptop).expect(400);
    await h.api().delete(`/api/jsonable/sessions/${phoneId}`).expect(401);
    await h.api().get('/api/user').set('Cookie', phone).expect(200);

    // Sign out one session from another.
    const out = await h.api().delete(`/api/jsonable/sessions/${phoneId}`).set('Cookie', laptop).expect(200);
    expect(out.body).toEqual({ success: true, current: false });
    await h.api().get('/api/user').set('Cookie', phone).expect(401);
    await h.api().delete(`/api/jsonable/sessions/${phoneId}`).set('Cookie', laptop).expect(404);
    const userId = (await h.api().get('/api/user').set('Cookie', laptop).expect(200)).body.id as string;
    expect((await eventsOf('UserSignedOut', userId)).at(-1)!.data).toMatchObject({ reason: 'revoked' });

    // Sign out everywhere else.
    const others = await h
      .api()
      .post('/api/jsonable/sessions/sign-out-others')
      .set('Cookie', laptop)
      .send({})
      .expect(200);
    expect(others.body.signedOut).toBeGreaterThanOrEqual(2);
    await h.api().get('/api/user').set('Cookie', tablet).expect(401);
    await h.api().get('/api/user').set('Cookie', laptop).expect(200);
    const after = (await h.api().get('/api/jsonable/sessions').set('Cookie', laptop).expect(200)).body
      .sessions as Array<{ current: boolean }>;
    expect(after).toEqual([expect.objectContaining({ current: true })]);
    // A cross-site "sign out everywhere else" is refused.
    await h
      .api()
      .post('/api/jsonable/sessions/sign-out-others')
      .set('Cookie', laptop)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({})
      .expect(403);
  });

  it('signing out the current session from the list clears the cookie', async () => {
    const cookie = await linkSignIn(h.freshEmail());
    const [mine] = (await h.api().get('/api/jsonable/sessions').set('Cookie', cookie).expect(200)).body
      .sessions as Array<{ id: string }>;
    const res = await h.api().delete(`/api/jsonable/sessions/${mine!.id}`).set('Cookie', cookie).expect(200);
    expect(res.body.current).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/jsonable_session=;/);
    await h.api().get('/api/user').set('Cookie', cookie).expect(401);
  });

  it('moves "last seen" when a session is used after a few minutes, as a SessionSeen event', async () => {
    const cookie = await linkSignIn(h.freshEmail());
    const before = (
      (await h.api().get('/api/jsonable/sessions').set('Cookie', cookie).expect(200)).body.sessions as Array<{
        lastSeenAt: string;
      }>
    )[0]!;
    h.advance(SESSION_SEEN_INTERVAL_MS);
    try {
      const user = await h
        .api()
        .get('/api/user')
        .set('Cookie', cookie)
        .set('X-Forwarded-For', '192.0.2.200')
        .expect(200);
      await h.deps.waitForProjections(await h.deps.eventStore.headPosition());
      const after = (
        (await h.api().get('/api/jsonable/sessions').set('Cookie', cookie).expect(200)).body.sessions as Array<{
          lastSeenAt: string;
          ip: string;
        }>
      )[0]!;
      expect(Date.parse(after.lastSeenAt) - Date.parse(before.lastSeenAt)).toBeGreaterThanOrEqual(
        SESSION_SEEN_INTERVAL_MS,
      );
      expect(after.ip).toBe('192.0.2.0/24');
      expect(await eventsOf('SessionSeen', user.body.id as string)).toHaveLength(1);
    } finally {
      h.advance(-SESSION_SEEN_INTERVAL_MS);
    }
  });
});

describe('hostile input (fast-check)', () => {
  it('GET /api/password-reset and DELETE /api/jsonable/sessions/{id} answer 4xx JSON, never 500', async () => {
    const cookie = await linkSignIn(h.freshEmail());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }),
        ),
        async (raw) => {
          const reset = await h.api().get(`/api/password-reset?token=${encodeURIComponent(raw)}`);
          expect(reset.status).toBe(400);
          expect(reset.body.success).toBe(false);
          const del = await h
            .api()
            .delete(`/api/jsonable/sessions/${encodeURIComponent(raw)}`)
            .set('Cookie', cookie);
          // An id with a slash or none at all reaches another route (404/405).
          expect([400, 404, 405]).toContain(del.status);
          expect(del.body.success).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
    await h.api().get('/api/user').set('Cookie', cookie).expect(200);
  });
});

describe('replay --verify with the new events', () => {
  it('rebuilds the accounts read models into documents equal to the live ones', async () => {
    const { code, output } = await replayVerify(h);
    expect(output).toMatch(/sessions@v3 +ok/);
    expect(output).toMatch(/login_tokens@v2 +ok/);
    expect(code, output).toBe(0);
  });
});
