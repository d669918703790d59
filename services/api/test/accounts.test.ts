/** The accounts flows over HTTP, with the spec's messages. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { changePlan } from '@jsonable/domain/accounts/accounts.handlers';
import { givenAccountsHarness, PUBLIC_URL, sessionCookie, startAccountsHarness } from './accounts.harness';

const h = givenAccountsHarness();

describe('sign-up by password', () => {
  it('mails a confirmation link built from PUBLIC_URL; confirming creates the account and signs in', async () => {
    const email = h.freshEmail();
    const res = await h
      .api()
      .post('/api/register')
      .set('Host', 'evil.example')
      .send({ email: `  ${email.toUpperCase()} `, password: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Check your email to finish creating your account.' });
    expect(res.headers['set-cookie']).toBeUndefined();

    const mail = h
      .outbox()
      .filter((m) => m.to === email)
      .at(-1)!;
    expect(mail.subject).toBe('Confirm your Jsonable account');
    expect(mail.text).toContain(`${PUBLIC_URL}/auth/verify?token=`);
    expect(mail.html).toContain(`${PUBLIC_URL}/auth/verify?token=`);
    expect(mail.text).not.toContain('evil.example');

    // No account before confirmation: the password does not sign in yet.
    await h.api().post('/api/login').send({ email, password: 'correct horse battery' }).expect(401);

    const token = h.lastToken(email);
    await h
      .api()
      .get('/api/verify-magic-link')
      .query({ token })
      .expect(200, { success: true, valid: true, email, purpose: 'register' });
    const confirmed = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token, password: 'correct horse battery' })
      .expect(200);
    expect(confirmed.body).toMatchObject({
      email,
      username: email,
      auth_provider: 'local',
      current_plan_tier: 'free',
      has_password: true,
      first_name: null,
    });
    expect(confirmed.body).not.toHaveProperty('password');
    const cookie = sessionCookie(confirmed.headers['set-cookie'])!;
    const me = await h.api().get('/api/user').set('Cookie', cookie).expect(200);
    expect(me.body.id).toBe(confirmed.body.id);

    const login = await h.api().post('/api/login').send({ email, password: 'correct horse battery' }).expect(200);
    expect(login.body.id).toBe(confirmed.body.id);
  });

  it('gives the spec messages for bad input', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: '', password: 'correct horse' }, 'Email is required'],
      [{ password: 'correct horse' }, 'Email is required'],
      [{ email: 'not-an-address', password: 'correct horse' }, 'Please enter a valid email address'],
      [{ email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters'],
      [{ email: 'a@b.co', password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
      [{ email: 'a@b.co', password: 'correct horse', confirmPassword: 'correct horsf' }, "Passwords don't match"],
    ];
    for (const [body, message] of cases) {
      const res = await h
        .api()
        .post('/api/register')
        .send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, error: { code: 400, message } });
    }
  });

  it('refuses a one-megabyte password before hashing it', async () => {
    const res = await h
      .api()
      .post('/api/register')
      .send({ email: h.freshEmail(), password: 'p'.repeat(1024 * 1024) });
    expect([400, 413]).toContain(res.status);
    expect(res.body.success).toBe(false);
    const login = await h
      .api()
      .post('/api/login')
      .send({ email: h.freshEmail(), password: 'p'.repeat(1024 * 1024) });
    expect([400, 401, 413]).toContain(login.status);
  });
});

describe('sign-in by password and sign-out', () => {
  it('signs in, reads the user, signs out and revokes the session server-side', async () => {
    const email = h.freshEmail();
    await h.signUp(email, 'my password 1');
    const login = await h.api().post('/api/login').send({ email, password: 'my password 1' }).expect(200);
    const cookie = sessionCookie(login.headers['set-cookie'])!;
    await h.api().get('/api/user').set('Cookie', cookie).expect(200);

    await h.api().post('/api/logout').set('Cookie', cookie).expect(200, { success: true });
    const after = await h.api().get('/api/user').set('Cookie', cookie);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, error: { code: 401, message: 'Not authenticated' } });
  });

  it('revokes the session a browser still held when it signs in again', async () => {
    const email = h.freshEmail();
    const { cookie } = await h.signUp(email, 'my password 2');
    const again = await h
      .api()
      .post('/api/login')
      .set('Cookie', cookie)
      .send({ email, password: 'my password 2' })
      .expect(200);
    const fresh = sessionCookie(again.headers['set-cookie'])!;
    expect(fresh).not.toBe(cookie);
    await h.api().get('/api/user').set('Cookie', cookie).expect(401);
    await h.api().get('/api/user').set('Cookie', fresh).expect(200);
  });

  it('answers an unknown address and a wrong password alike', async () => {
    const email = h.freshEmail();
    await h.signUp(email, 'right password');
    const wrong = await h.api().post('/api/login').send({ email, password: 'wrong password' });
    const unknown = await h.api().post('/api/login').send({ email: h.freshEmail(), password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: { code: 401, message: 'Invalid email or password' } });
    expect(unknown.body).toEqual(wrong.body);
    const missing = await h.api().post('/api/login').send({ email });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Email and password are required');
  });

  it('tells the right password of an unconfirmed sign-up to confirm the e-mail first; anyone else learns nothing', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/register').send({ email, password: 'pending password' }).expect(200);
    const early = await h.api().post('/api/login').send({ email, password: 'pending password' });
    expect(early.status).toBe(401);
    expect(early.body.error.message).toBe(
      'Please confirm your email address first: open the link we sent you, or register again to get a new one.',
    );
    // A wrong password for that address reads exactly like an unknown address.
    const guess = await h.api().post('/api/login').send({ email, password: 'some guess 123' });
    expect(guess.body).toEqual({ success: false, error: { code: 401, message: 'Invalid email or password' } });
    // Once the link is opened (and the password typed again there), the same password signs in.
    await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(email, 'confirm-sign-up'), password: 'pending password' })
      .expect(200);
    await h.api().post('/api/login').send({ email, password: 'pending password' }).expect(200);
  });

  it('answers 401 for GET /api/user when signed out or with a forged cookie', async () => {
    await h.api().get('/api/user').expect(401);
    await h
      .api()
      .get('/api/user')
      .set('Cookie', `jsonable_session=${'A'.repeat(43)}`)
      .expect(401);
    await h.api().get('/api/user').set('Cookie', 'jsonable_session=../../etc').expect(401);
  });
});

describe('magic links', () => {
  it('creates the account on confirmation for an unknown address', async () => {
    const email = h.freshEmail();
    const res = await h.api().post('/api/magic-link').send({ email }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Magic link sent. Check your email for a sign-in link.' });
    const token = h.lastToken(email, 'magic-link');
    const confirmed = await h.api().post('/api/confirm-magic-link').send({ token }).expect(200);
    expect(confirmed.body).toMatchObject({ email, has_password: false, auth_provider: 'local' });
  });

  it('signs an existing account in, once; verify never consumes', async () => {
    const email = h.freshEmail();
    const { userId } = await h.signUp(email);
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const token = h.lastToken(email, 'magic-link');
    for (let i = 0; i < 3; i++) await h.api().get(`/api/verify-magic-link?token=${token}`).expect(200);
    const confirmed = await h.api().post('/api/confirm-magic-link').send({ token }).expect(200);
    expect(confirmed.body.id).toBe(userId);
    for (const call of [
      h.api().post('/api/confirm-magic-link').send({ token }),
      h.api().get(`/api/verify-magic-link?token=${token}`),
    ]) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: { code: 400, message: 'This magic link is invalid or has expired.' },
      });
    }
  });

  it('expires links after 24 hours', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const token = h.lastToken(email);
    h.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const verify = await h.api().get('/api/verify-magic-link').query({ token });
      expect(verify.status).toBe(400);
      expect(verify.body.error.message).toBe('This magic link is invalid or has expired.');
      const confirm = await h.api().post('/api/confirm-magic-link').send({ token });
      expect(confirm.status).toBe(400);
      expect(confirm.body.error.message).toBe('This magic link is invalid or has expired.');
    } finally {
      h.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('gives the spec messages for bad input and unknown tokens', async () => {
    const noToken = await h.api().get('/api/verify-magic-link');
    expect(noToken.status).toBe(400);
    expect(noToken.body.error.message).toBe('No token provided');
    const unknown = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('This magic link is invalid or has expired.');
    const bad = await h.api().post('/api/magic-link').send({ email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid email address');
    const empty = await h.api().post('/api/magic-link').send({ email: '' });
    expect(empty.body.error.message).toBe('Email is required');
  });
});

describe('profile, password and settings', () => {
  it('shows the user with plan, updates names and keeps the e-mail read-only', async () => {
    const email = h.freshEmail();
    const { cookie } = await h.signUp(email);
    const me = await h.api().get('/api/jsonable/user').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({
      email,
      current_plan_tier: 'free',
      plan: { tier: 'free', name: 'Free', tablesPerPeriod: 25, projects: 1 },
    });

    const updated = await h
      .api()
      .patch('/api/jsonable/user')
      .set('Cookie', cookie)
      .send({ email, first_name: ' Ann ', last_name: 'Lee' })
      .expect(200);
    expect(updated.body).toMatchObject({ first_name: 'Ann', last_name: 'Lee', email });
    const other = await h
      .api()
      .patch('/api/jsonable/user')
      .set('Cookie', cookie)
      .send({ email: 'other@example.com', first_name: 'X' });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe('Email cannot be changed');
    const again = await h.api().get('/api/jsonable/user').set('Cookie', cookie).expect(200);
    expect(again.body.first_name).toBe('Ann');
    await h.api().patch('/api/jsonable/user').send({ first_name: 'X' }).expect(401);
  });

  it('changes the password with the current one, revoking older sessions', async () => {
    const email = h.freshEmail();
    const { cookie } = await h.signUp(email, 'first password');
    const other = sessionCookie(
      (await h.api().post('/api/login').send({ email, password: 'first password' })).headers['set-cookie'],
    )!;

    const wrong = await h.changePassword(cookie, { currentPassword: 'nope nope', newPassword: 'second password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Current password is incorrect');
    const mismatch = await h.changePassword(cookie, {
      currentPassword: 'first password',
      newPassword: 'second password',
      confirmPassword: 'other password',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe('Password Mismatch: New password and confirmation do not match.');

    const ok = await h
      .changePassword(cookie, { currentPassword: 'first password', newPassword: 'second password' })
      .expect(200);
    const fresh = sessionCookie(ok.headers['set-cookie'])!;
    expect(fresh).not.toBe(cookie);
    await h.api().get('/api/user').set('Cookie', fresh).expect(200);
    await h.api().get('/api/user').set('Cookie', cookie).expect(401);
    await h.api().get('/api/user').set('Cookie', other).expect(401);
    await h.api().post('/api/login').send({ email, password: 'first password' }).expect(401);
    await h.api().post('/api/login').send({ email, password: 'second password' }).expect(200);
    const notice = h
      .outbox()
      .filter((m) => m.to === email)
      .at(-1)!;
    expect(notice.tag).toBe('password-changed');
    expect(notice.subject).toBe('Your Jsonable password was changed');
  });

  it('lets a magic-link account set its first password without a current one', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const res = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(email) })
      .expect(200);
    const cookie = sessionCookie(res.headers['set-cookie'])!;
    await h.changePassword(cookie, { newPassword: 'brand new password' }).expect(200);
    await h.api().post('/api/login').send({ email, password: 'brand new password' }).expect(200);
  });

  it('saves settings and reads them back', async () => {
    const { cookie } = await h.signUp(h.freshEmail());
    await h.api().get('/api/settings').set('Cookie', cookie).expect(200, { success: true, settings: {} });
    const settings = { headerBg: '#112233', fontFamily: 'Inter', cellPadding: 12 };
    await h.api().post('/api/settings').set('Cookie', cookie).send(settings).expect(200, { success: true, settings });
    await h.api().get('/api/settings').set('Cookie', cookie).expect(200, { success: true, settings });
    await h
      .api()
      .post('/api/settings')
      .set('Cookie', cookie)
      .send({ settings: { headerBg: '#000' } })
      .expect(200);
    await h
      .api()
      .get('/api/settings')
      .set('Cookie', cookie)
      .expect(200, { success: true, settings: { headerBg: '#000' } });
    const big = await h
      .api()
      .post('/api/settings')
      .set('Cookie', cookie)
      .send({ blob: 'x'.repeat(20_000) });
    expect(big.status).toBe(400);
    await h.api().post('/api/settings').send(settings).expect(401);
  });

  it('refuses settings the form would refuse (SPEC §5), naming the field, and keeps the saved ones', async () => {
    const { cookie } = await h.signUp(h.freshEmail());
    const saved = { headerBg: '#112233', cellPadding: 12 };
    await h.api().post('/api/settings').set('Cookie', cookie).send(saved).expect(200);
    const cases: Array<[object, RegExp]> = [
      [{ cellPadding: 99 }, /^Invalid cellPadding: /],
      [{ imageQuality: 50 }, /^Invalid imageQuality: /],
      [{ headerBg: 'blue-ish' }, /^Invalid headerBg: Use a hex colour/],
      [{ fontFamily: 'Comic Sans' }, /^Invalid fontFamily: /],
      [{ settings: { borderStyle: 'double' } }, /^Invalid borderStyle: /],
      [{ favouriteColour: '#fff' }, /favouriteColour/],
    ];
    for (const [body, message] of cases) {
      const res = await h.api().post('/api/settings').set('Cookie', cookie).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toMatch(message);
    }
    await h.api().get('/api/settings').set('Cookie', cookie).expect(200, { success: true, settings: saved });
  });

  it('follows plan changes (and a change to the same plan appends nothing)', async () => {
    const { cookie, userId } = await h.signUp(h.freshEmail());
    const changed = await changePlan(h.deps, { userId, to: 'premium', reason: 'operator' });
    expect(changed.changed).toBe(true);
    await h.deps.waitForProjections(changed.position);
    const me = await h.api().get('/api/jsonable/user').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({
      current_plan_tier: 'premium',
      plan: { name: 'Professional', tablesPerPeriod: 150 },
    });
    const before = await h.deps.eventStore.readStream(`user-${userId}`);
    expect((await changePlan(h.deps, { userId, to: 'premium', reason: 'checkout' })).changed).toBe(false);
    expect(await h.deps.eventStore.readStream(`user-${userId}`)).toHaveLength(before.length);
  });
});

describe('user API key', () => {
  it('shows a new key once, then only its prefix; the old key stops working at once', async () => {
    const { cookie, userId } = await h.signUp(h.freshEmail());
    await h
      .api()
      .get('/api/jsonable/user/api-key')
      .set('Cookie', cookie)
      .expect(200, { success: true, apiKey: null, hasKey: false });

    const first = await h.api().post('/api/jsonable/user/generate-api-key').set('Cookie', cookie).expect(200);
    const key1 = first.body.apiKey as string;
    expect(key1).toMatch(/^jsk_[A-Za-z0-9_-]{43}$/);
    const shown = await h.api().get('/api/jsonable/user/api-key').set('Cookie', cookie).expect(200);
    expect(shown.body).toEqual({ success: true, apiKey: `${key1.slice(0, 12)}…`, hasKey: true });

    for (const call of [
      h.api().get('/api/test/key-whoami').set('Authorization', `Bearer ${key1}`),
      h.api().get('/api/test/key-whoami').set('X-API-Key', key1),
      h.api().get('/api/test/key-whoami').query({ api_key: key1 }),
    ]) {
      const res = await call;
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userId, via: 'user_key' });
    }

    const second = await h.api().post('/api/jsonable/user/generate-api-key').set('Cookie', cookie).expect(200);
    const key2 = second.body.apiKey as string;
    expect(key2).not.toBe(key1);
    const old = await h.api().get('/api/test/key-whoami').set('X-API-Key', key1);
    expect(old.status).toBe(401);
    expect(old.body.error.message).toContain('check your API key');
    await h.api().get('/api/test/key-whoami').set('X-API-Key', key2).expect(200);
  });

  it('refuses missing and malformed keys with the check-your-key message', async () => {
    for (const call of [
      h.api().get('/api/test/key-whoami'),
      h.api().get('/api/test/key-whoami').set('Authorization', 'Bearer jsk_nope'),
      h.api().get('/api/test/key-whoami').set('X-API-Key', 'k'.repeat(5000)),
    ]) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        error: { code: 401, message: 'Invalid or missing API key. Please check your API key.' },
      });
    }
  });
});

describe('project keys through the API-key middleware', () => {
  it('resolves a project key to its project and owner, via the projects context index', async () => {
    const { projectsModule } = await import('../src/modules/projects');
    const { imagesModule } = await import('../src/modules/images');
    const withProjects = await startAccountsHarness({ extraModules: [projectsModule, imagesModule] });
    try {
      const api2 = () => request(withProjects.server);
      const email = h.freshEmail();
      await api2().post('/api/magic-link').send({ email }).expect(200);
      const res = await api2()
        .post('/api/confirm-magic-link')
        .send({ token: withProjects.lastToken(email) })
        .expect(200);
      const cookie = sessionCookie(res.headers['set-cookie'])!;
      const created = await api2()
        .post('/api/jsonable/projects')
        .set('Cookie', cookie)
        .send({ name: 'Reports', description: '', endpointPath: 'reports' });
      expect(created.status).toBe(201);
      const key = created.body.apiKey as string;
      const who = await api2().get('/api/test/key-whoami').set('Authorization', `Bearer ${key}`).expect(200);
      expect(who.body).toEqual({ userId: res.body.id, via: 'project_key', projectId: created.body.id });
    } finally {
      await withProjects.close();
    }
  });
});
