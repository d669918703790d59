/** Accounts security properties over HTTP: enumeration, cookies, CSRF, rate limits, races, secrets at rest. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@jsonable/domain/accounts/secrets';
import { claimUnique } from '@jsonable/domain/runtime/claim-unique';
import {
  givenAccountsHarness,
  PUBLIC_URL,
  replayVerify,
  sessionCookie,
  startAccountsHarness,
} from './accounts.harness';

const h = givenAccountsHarness();

/** Status, body and headers that could tell the two answers apart. */
function observable(res: request.Response) {
  return {
    status: res.status,
    body: res.body as unknown,
    cookie: res.headers['set-cookie'] ?? null,
    type: res.headers['content-type'],
  };
}

describe('no account enumeration', () => {
  it('answers register identically for a known and an unknown address, and mails the owner instead', async () => {
    const known = h.freshEmail();
    const { userId } = await h.signUp(known, 'owner password');
    const unknown = h.freshEmail();
    const a = await h.api().post('/api/register').send({ email: known, password: 'attacker password' });
    const b = await h.api().post('/api/register').send({ email: unknown, password: 'attacker password' });
    expect(observable(a)).toEqual(observable(b));
    expect(a.status).toBe(200);

    const ownerMail = h
      .outbox()
      .filter((m) => m.to === known)
      .at(-1)!;
    expect(ownerMail.tag).toBe('already-registered');
    // The owner's password is untouched and the attacker's does not sign in.
    await h.api().post('/api/login').send({ email: known, password: 'attacker password' }).expect(401);
    const owner = await h.api().post('/api/login').send({ email: known, password: 'owner password' }).expect(200);
    expect(owner.body.id).toBe(userId);
    // The link in the owner's note signs the owner in (it proves control of the address).
    const res = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(known, 'already-registered') })
      .expect(200);
    expect(res.body.id).toBe(userId);
  });

  it('answers magic-link requests identically for a known and an unknown address', async () => {
    const known = h.freshEmail();
    await h.signUp(known, 'owner password');
    const a = await h.api().post('/api/magic-link').send({ email: known });
    const b = await h.api().post('/api/magic-link').send({ email: h.freshEmail() });
    expect(observable(a)).toEqual(observable(b));
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, 30 days, and new at every sign-in', async () => {
    const email = h.freshEmail();
    await h.signUp(email, 'cookie password');
    const one = await h.api().post('/api/login').send({ email, password: 'cookie password' }).expect(200);
    const two = await h.api().post('/api/login').send({ email, password: 'cookie password' }).expect(200);
    const raw = (one.headers['set-cookie'] as unknown as string[])[0]!;
    expect(raw).toMatch(/^jsonable_session=[A-Za-z0-9_-]{43}; /);
    const attributes = raw.split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${30 * 24 * 3600}`]),
    );
    expect(attributes).not.toContain('Secure');
    expect(one.headers['cache-control']).toBe('no-store');
    expect(sessionCookie(one.headers['set-cookie'])).not.toBe(sessionCookie(two.headers['set-cookie']));
  });

  it('is Secure with the __Host- prefix when SECURE_COOKIES', async () => {
    const secure = await startAccountsHarness({ config: { secureCookies: true } });
    try {
      const email = h.freshEmail();
      await request(secure.server).post('/api/magic-link').send({ email }).expect(200);
      const res = await request(secure.server)
        .post('/api/confirm-magic-link')
        .send({ token: secure.lastToken(email) })
        .expect(200);
      const raw = (res.headers['set-cookie'] as unknown as string[])[0]!;
      expect(raw).toMatch(/^__Host-jsonable_session=/);
      expect(raw.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
      await request(secure.server)
        .get('/api/user')
        .set('Cookie', sessionCookie(res.headers['set-cookie'])!)
        .expect(200);
    } finally {
      await secure.close();
    }
  });

  it('expires 30 days after sign-in', async () => {
    const { cookie } = await h.signUp(h.freshEmail(), 'expiry password');
    const thirtyDays = 30 * 24 * 3600 * 1000;
    h.advance(thirtyDays + 1000);
    try {
      await h.api().get('/api/user').set('Cookie', cookie).expect(401);
    } finally {
      h.advance(-(thirtyDays + 1000));
    }
    await h.api().get('/api/user').set('Cookie', cookie).expect(200);
  });
});

describe('CSRF', () => {
  it('refuses cross-site sign-in attempts and non-JSON bodies', async () => {
    const email = h.freshEmail();
    await h.signUp(email, 'csrf password');
    const body = { email, password: 'csrf password' };
    const crossSite = await h.api().post('/api/login').set('Sec-Fetch-Site', 'cross-site').send(body);
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ success: false, error: { code: 403, message: 'Cross-site request refused' } });
    await h.api().post('/api/login').set('Origin', 'https://evil.example').send(body).expect(403);
    await h.api().post('/api/login').set('Origin', 'null').send(body).expect(403);
    const form = await h.api().post('/api/login').type('form').send(body);
    expect(form.status).toBe(415);
    expect(form.body.error.message).toBe('Content-Type must be application/json');
    await h.api().post('/api/login').set('Content-Type', 'text/plain').send(JSON.stringify(body)).expect(415);
    // The web app's own requests pass.
    await h
      .api()
      .post('/api/login')
      .set('Origin', PUBLIC_URL)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body)
      .expect(200);
  });

  it('refuses cookie-authenticated mutations from other sites, on every route behind requireSession', async () => {
    const { cookie } = await h.signUp(h.freshEmail(), 'csrf password 2');
    const mutate = () => h.api().patch('/api/jsonable/user').set('Cookie', cookie);
    await mutate().set('Sec-Fetch-Site', 'cross-site').send({ first_name: 'Mallory' }).expect(403);
    await mutate().set('Origin', 'https://evil.example').send({ first_name: 'Mallory' }).expect(403);
    await mutate().type('form').send({ first_name: 'Mallory' }).expect(415);
    await h
      .api()
      .post('/api/jsonable/user/generate-api-key')
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    await h
      .api()
      .post('/api/test/session-echo')
      .set('Cookie', cookie)
      .set('Content-Type', 'text/plain')
      .send('x=1')
      .expect(415);
    await h.api().post('/api/logout').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').expect(403);
    const me = await h
      .api()
      .get('/api/jsonable/user')
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(200);
    expect(me.body.first_name).toBeNull();
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account across IPs and per IP across accounts, with Retry-After', async () => {
    const limited = await startAccountsHarness({
      limits: {
        loginPerAccount: { name: 'login-account', limit: 3, windowMs: 60_000 },
        loginPerIp: { name: 'login-ip', limit: 5, windowMs: 60_000 },
      },
    });
    try {
      const api2 = () => request(limited.server);
      const victim = 'victim@example.com';
      for (let i = 0; i < 3; i++) {
        await api2()
          .post('/api/login')
          .set('X-Forwarded-For', `203.0.113.${i + 1}`)
          .send({ email: victim, password: `guess ${i}` })
          .expect(401);
      }
      const blocked = await api2()
        .post('/api/login')
        .set('X-Forwarded-For', '203.0.113.99')
        .send({ email: victim, password: 'guess 4' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(120);
      expect(blocked.body.error.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
      // The owner can still sign in by e-mail while password sign-in is blocked.
      await api2().post('/api/magic-link').set('X-Forwarded-For', '203.0.113.77').send({ email: victim }).expect(200);

      // One IP trying many accounts.
      const ip = '198.51.100.7';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (
            await api2()
              .post('/api/login')
              .set('X-Forwarded-For', ip)
              .send({ email: `spray${i}@example.com`, password: 'Winter2026!' })
          ).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // A forged left-most X-Forwarded-For entry does not escape the limit (the proxy's entry counts).
      await api2()
        .post('/api/login')
        .set('X-Forwarded-For', `1.2.3.4, ${ip}`)
        .send({ email: 'other@example.com', password: 'x' })
        .expect(429);

      // The windows are minutes: two windows later the account can sign in again.
      limited.advance(2 * 60_000 + 1000);
      await api2()
        .post('/api/login')
        .set('X-Forwarded-For', '203.0.113.50')
        .send({ email: victim, password: 'guess 5' })
        .expect(401);
    } finally {
      await limited.close();
    }
  });

  it('limits magic-link and register requests per address', async () => {
    const limited = await startAccountsHarness({
      limits: {
        magicLinkPerAccount: { name: 'magic-link-account', limit: 2, windowMs: 60_000 },
        registerPerAccount: { name: 'register-account', limit: 2, windowMs: 60_000 },
      },
    });
    try {
      const api2 = () => request(limited.server);
      const email = 'flood@example.com';
      await api2().post('/api/magic-link').send({ email }).expect(200);
      await api2().post('/api/magic-link').send({ email: ' FLOOD@example.com ' }).expect(200);
      const third = await api2().post('/api/magic-link').send({ email });
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(limited.outbox().filter((m) => m.to === email)).toHaveLength(2);
      await api2().post('/api/register').send({ email, password: 'password 1' }).expect(200);
      await api2().post('/api/register').send({ email, password: 'password 1' }).expect(200);
      await api2().post('/api/register').send({ email, password: 'password 1' }).expect(429);
    } finally {
      await limited.close();
    }
  });
});

describe('races', () => {
  it('consumes a link once when it is confirmed twice at the same moment', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const token = h.lastToken(email);
    const results = await Promise.all([1, 2, 3].map(() => h.api().post('/api/confirm-magic-link').send({ token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('gives an address one account when two sign-ups are confirmed at once', async () => {
    const email = h.freshEmail();
    await h.api().post('/api/register').send({ email, password: 'first racer' }).expect(200);
    const first = h.lastToken(email);
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const second = h.lastToken(email);
    expect(second).not.toBe(first);
    const [a, b] = await Promise.all([
      h.api().post('/api/confirm-magic-link').send({ token: first }),
      h.api().post('/api/confirm-magic-link').send({ token: second }),
    ]);
    // One link wins the address. The other proved the address too: it signs in to that account,
    // unless the winner's link sign-in retired it first (every link sign-in retires the others).
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 400]).toContain(r.status);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    const claims = await h.deps.eventStore.readStream(`email-${sha256Hex(email)}`);
    expect(claims).toHaveLength(1);
    const registered = (await h.deps.eventStore.readAll()).filter(
      (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email,
    );
    expect(registered).toHaveLength(1);
  });
});

describe('recovery', () => {
  it('creates the account for an address whose reservation was left without one (a crash between claim and registration)', async () => {
    const email = h.freshEmail();
    // What a crash leaves behind: the address is claimed by a user id whose stream has no account.
    const orphan = 'orphan-' + Date.now();
    await claimUnique(h.deps.eventStore, `email-${sha256Hex(email)}`, {
      id: crypto.randomUUID(),
      type: 'EmailClaimed',
      data: { email, userId: orphan },
    });
    await h.api().post('/api/register').send({ email, password: 'recovered password' }).expect(200);
    const res = await h
      .api()
      .post('/api/confirm-magic-link')
      .send({ token: h.lastToken(email), password: 'recovered password' })
      .expect(200);
    expect(res.body).toMatchObject({ id: orphan, email, has_password: true });
    await h.api().post('/api/login').send({ email, password: 'recovered password' }).expect(200);
  });
});

describe('secrets at rest', () => {
  it('stores argon2id hashes and never a plaintext password, token, session id or key in any event or document', async () => {
    const email = h.freshEmail();
    const password = 'Plaintext-Password-Canary-42';
    const { cookie, token } = await h.signUp(email, password);
    const login = await h.api().post('/api/login').send({ email, password }).expect(200);
    const key = (await h.api().post('/api/jsonable/user/generate-api-key').set('Cookie', cookie).expect(200)).body
      .apiKey as string;
    await h.api().post('/api/magic-link').send({ email }).expect(200);
    const pendingToken = h.lastToken(email, 'magic-link');
    const newPassword = 'Second-Password-Canary-43';
    const changed = await h.changePassword(cookie, { currentPassword: password, newPassword }).expect(200);

    const events = await h.deps.eventStore.readAll();
    const hashes = events.flatMap((e) => {
      const d = e.data as { passwordHash?: string | null };
      return typeof d.passwordHash === 'string' ? [d.passwordHash] : [];
    });
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    for (const hash of hashes) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const secrets = [
      password,
      newPassword,
      token,
      pendingToken,
      key,
      sessionCookie(login.headers['set-cookie'])!.split('=')[1]!,
      cookie.split('=')[1]!,
      sessionCookie(changed.headers['set-cookie'])!.split('=')[1]!,
    ];
    // Every byte SQLite holds: main files and write-ahead logs of both stores.
    const files = readdirSync(h.dir).filter((f) => f.includes('.sqlite'));
    expect(files.some((f) => f.startsWith('events'))).toBe(true);
    expect(files.some((f) => f.startsWith('read-models'))).toBe(true);
    const everything = files.map((f) => readFileSync(join(h.dir, f)).toString('latin1')).join('\n');
    expect(everything).toContain(email);
    for (const secret of secrets)
      expect(everything.includes(secret), `a secret (${secret.slice(0, 6)}…) is stored in clear`).toBe(false);
    // Their hashes are what is stored.
    expect(everything).toContain(sha256Hex(key));
  });
});

describe('replay --verify', () => {
  it('rebuilds every accounts read model from the log into documents equal to the live ones', async () => {
    const { code, output } = await replayVerify(h);
    expect(output).toMatch(/users@v1 +ok: \d+ documents identical/);
    expect(output).toMatch(/sessions@v3 +ok/);
    expect(code, output).toBe(0);
  });
});
