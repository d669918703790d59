import { describe, expect, it } from 'vitest';
import { runProjectionTwice, type SpecEvent } from '@jsonable/projector/testing';
import { apiKeysProjection } from './api-keys.projection';
import { emailIndexProjection } from './email-index.projection';
import { loginTokensProjection } from './login-tokens.projection';
import { sessionsProjection } from './sessions.projection';
import { usersProjection } from './users.projection';

const registered: SpecEvent = {
  type: 'UserRegistered',
  streamId: 'user-u1',
  data: {
    userId: 'u1',
    email: 'ann@example.com',
    passwordHash: '$argon2id$x',
    authProvider: 'local',
    registeredAt: '2026-01-01T00:00:00.000Z',
    plan: 'free',
  },
};
const u1 = (type: string, data: Record<string, unknown>): SpecEvent => ({
  type,
  streamId: 'user-u1',
  data: { userId: 'u1', ...data },
});
const billing = (type: string, data: Record<string, unknown>): SpecEvent => ({
  type,
  streamId: 'billing-u1',
  data: { userId: 'u1', providerEventId: `evt_${type}`, occurredAt: '2026-01-02T00:00:00.000Z', ...data },
});

describe('users projection', () => {
  it('follows profile, password, key, settings, plan and billing ids, the same when delivered twice', async () => {
    const docs = await runProjectionTwice(usersProjection, [
      registered,
      u1('UserProfileUpdated', { firstName: 'Ann', lastName: 'Lee' }),
      u1('UserApiKeyIssued', { keyHash: 'k1', keyPrefix: 'jsk_aaaaaaaa', previousKeyHash: null }),
      u1('SettingsSaved', { settings: { headerBg: '#112233' } }),
      billing('CheckoutCompleted', {
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        plan: 'premium',
        amount: 900,
        currency: 'usd',
      }),
      u1('PlanChanged', { from: 'free', to: 'premium', reason: 'checkout', subscriptionId: 'sub_1' }),
      // Events of another user or of nobody leave u1 alone.
      {
        type: 'PlanChanged',
        streamId: 'user-u2',
        data: { userId: 'u2', from: 'free', to: 'business', reason: 'operator' },
      },
    ]);
    expect(docs.users).toHaveLength(1);
    expect(docs.users![0]).toMatchObject({
      id: 'u1',
      email: 'ann@example.com',
      username: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      auth_provider: 'local',
      current_plan_tier: 'premium',
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      has_password: true,
      api_key_prefix: 'jsk_aaaaaaaa',
      settings: { headerBg: '#112233' },
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(docs.users)).not.toContain('argon2');
  });

  it('clears the subscription id when that subscription is canceled', async () => {
    const docs = await runProjectionTwice(usersProjection, [
      registered,
      billing('CheckoutCompleted', {
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        plan: 'premium',
        amount: null,
        currency: null,
      }),
      billing('SubscriptionCanceled', { subscriptionId: 'sub_other' }),
      billing('SubscriptionCanceled', { subscriptionId: 'sub_1' }),
      u1('PlanChanged', { from: 'premium', to: 'free', reason: 'subscription_canceled' }),
    ]);
    expect(docs.users![0]).toMatchObject({
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: null,
      current_plan_tier: 'free',
    });
  });
});

describe('email index projection', () => {
  it('keeps the first claim of an address', async () => {
    const docs = await runProjectionTwice(emailIndexProjection, [
      { type: 'EmailClaimed', streamId: 'email-h1', data: { email: 'ann@example.com', userId: 'u1' } },
      { type: 'EmailClaimed', streamId: 'email-h2', data: { email: 'bob@example.com', userId: 'u2' } },
    ]);
    expect(docs.email_index).toEqual([
      { id: 'ann@example.com', userId: 'u1', position: 1 },
      { id: 'bob@example.com', userId: 'u2', position: 2 },
    ]);
  });
});

describe('api key projection', () => {
  it('indexes the current user key and keeps the replaced one as a revoked tombstone', async () => {
    const docs = await runProjectionTwice(apiKeysProjection, [
      u1('UserApiKeyIssued', { keyHash: 'k1', keyPrefix: 'jsk_aaaaaaaa', previousKeyHash: null }),
      u1('UserApiKeyIssued', { keyHash: 'k2', keyPrefix: 'jsk_bbbbbbbb', previousKeyHash: 'k1' }),
    ]);
    expect(docs.api_keys).toEqual([
      { id: 'k1', kind: 'user', userId: 'u1', prefix: 'jsk_aaaaaaaa', revoked: true, position: 2 },
      { id: 'k2', kind: 'user', userId: 'u1', prefix: 'jsk_bbbbbbbb', revoked: false, position: 2 },
    ]);
  });
});

describe('login tokens projection', () => {
  it('records links and marks the consumed one used', async () => {
    const far = '2999-01-01T00:00:00.000Z';
    const docs = await runProjectionTwice(loginTokensProjection, [
      u1('MagicLinkIssued', { tokenHash: 't1', email: 'ann@example.com', expiresAt: far }),
      u1('MagicLinkIssued', {
        tokenHash: 't2',
        email: 'ann@example.com',
        expiresAt: far,
        purpose: 'register',
        passwordHash: '$argon2id$y',
      }),
      u1('MagicLinkConsumed', { tokenHash: 't1' }),
    ]);
    expect(docs.login_tokens).toMatchObject([
      { id: 't1', userId: 'u1', email: 'ann@example.com', purpose: 'sign_in', used: true, expiresAt: Date.parse(far) },
      { id: 't2', purpose: 'register', used: false },
    ]);
    expect(JSON.stringify(docs.login_tokens)).not.toContain('argon2');
  });
});

describe('sessions projection', () => {
  it('opens sessions, revokes one at sign-out and all earlier ones at a password change', async () => {
    const far = '2999-01-01T00:00:00.000Z';
    const docs = await runProjectionTwice(sessionsProjection, [
      u1('UserSignedIn', { method: 'password', sessionHash: 's1', expiresAt: far }),
      u1('UserSignedIn', { method: 'magic_link', sessionHash: 's2', expiresAt: far }),
      u1('UserSignedIn', { method: 'password', sessionHash: 's3', expiresAt: far }),
      u1('UserSignedOut', { sessionHash: 's1' }),
      u1('PasswordChanged', { passwordHash: '$argon2id$new' }),
      u1('UserSignedIn', { method: 'password', sessionHash: 's4', expiresAt: far }),
    ]);
    expect(docs.sessions!.map((s) => [s.id, s.revoked])).toEqual([
      ['s1', true],
      ['s2', true],
      ['s3', true],
      ['s4', false],
    ]);
  });
});

describe('sessions projection: what Settings → Security lists', () => {
  it('keeps created, last seen, user agent and coarse address; a seen event after sign-out changes nothing', async () => {
    const far = '2999-01-01T00:00:00.000Z';
    const docs = await runProjectionTwice(sessionsProjection, [
      u1('UserSignedIn', {
        method: 'password',
        sessionHash: 's1',
        expiresAt: far,
        signedInAt: '2026-01-01T10:00:00.000Z',
        userAgent: 'Firefox',
        ip: '203.0.113.0/24',
      }),
      u1('UserSignedIn', {
        method: 'magic_link',
        sessionHash: 's2',
        expiresAt: far,
        signedInAt: '2026-01-01T11:00:00.000Z',
        userAgent: null,
        ip: null,
      }),
      u1('SessionSeen', { sessionHash: 's1', seenAt: '2026-01-01T12:00:00.000Z', ip: '198.51.100.0/24' }),
      u1('UserSignedOut', { sessionHash: 's2', reason: 'revoked' }),
      u1('SessionSeen', { sessionHash: 's2', seenAt: '2026-01-01T13:00:00.000Z', ip: '192.0.2.0/24' }),
    ]);
    expect(docs.sessions).toMatchObject([
      {
        id: 's1',
        createdAt: '2026-01-01T10:00:00.000Z',
        lastSeenAt: '2026-01-01T12:00:00.000Z',
        userAgent: 'Firefox',
        ip: '198.51.100.0/24',
        revoked: false,
      },
      {
        id: 's2',
        createdAt: '2026-01-01T11:00:00.000Z',
        lastSeenAt: '2026-01-01T11:00:00.000Z',
        userAgent: null,
        ip: null,
        revoked: true,
      },
    ]);
  });
});

describe('login tokens projection: retired links', () => {
  it('marks the links a retirement names as used, reset links keep their purpose', async () => {
    const far = '2999-01-01T00:00:00.000Z';
    const docs = await runProjectionTwice(loginTokensProjection, [
      u1('MagicLinkIssued', {
        tokenHash: 't1',
        email: 'ann@example.com',
        expiresAt: far,
        issuedAt: '2026-01-01T00:00:00.000Z',
      }),
      u1('MagicLinkIssued', { tokenHash: 'r1', email: 'ann@example.com', expiresAt: far, purpose: 'reset_password' }),
      u1('MagicLinkIssued', { tokenHash: 't3', email: 'ann@example.com', expiresAt: far }),
      u1('MagicLinksRetired', {
        tokenHashes: ['t1', 'r1', 'unknown'],
        retiredAt: '2026-01-01T01:00:00.000Z',
        reason: 'password_changed',
      }),
    ]);
    expect(docs.login_tokens!.map((d) => [d.id, d.purpose, d.used])).toEqual([
      ['r1', 'reset_password', true],
      ['t1', 'sign_in', true],
      ['t3', 'sign_in', false],
    ]);
    expect(docs.login_tokens!.find((d) => d.id === 't1')).toMatchObject({ createdAt: '2026-01-01T00:00:00.000Z' });
  });
});
