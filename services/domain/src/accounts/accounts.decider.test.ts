import { describe, expect, it } from 'vitest';
import { NotFoundError, UnauthorizedError, ValidationError, ConflictError } from '../errors';
import { testDecider } from '../runtime/testing';
import { MAGIC_LINK_TTL_MS, SESSION_TTL_MS, userDecider, type UserEvent } from './accounts.decider';

const spec = testDecider(userDecider);
const NOW = '2026-01-01T00:00:00.000Z';
const plus = (ms: number) => new Date(new Date(NOW).getTime() + ms).toISOString();

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ann@example.com', passwordHash: '$argon2id$old', authProvider: 'local', registeredAt: NOW, plan: 'free' },
};
const linkIssued = (tokenHash: string, extra: Partial<{ purpose: 'register'; passwordHash: string }> = {}): UserEvent => ({
  type: 'MagicLinkIssued',
  data: { userId: 'u1', tokenHash, email: 'ann@example.com', expiresAt: plus(MAGIC_LINK_TTL_MS), ...extra },
});

describe('user decider', () => {
  it('registers a new user, and refuses a second registration', () => {
    const cmd = { type: 'RegisterUser' as const, data: { userId: 'u1', email: 'ann@example.com', passwordHash: '$argon2id$old', authProvider: 'local' as const, now: NOW } };
    spec.given([]).when(cmd).then([registered]);
    spec.given([registered]).when(cmd).thenThrows(ConflictError);
  });

  it('issues a magic link valid for 24 hours, for an account or for an address without one', () => {
    const cmd = { type: 'IssueMagicLink' as const, data: { userId: 'u1', email: 'ann@example.com', tokenHash: 't1', now: NOW, purpose: 'sign_in' as const, passwordHash: null } };
    spec.given([registered]).when(cmd).then([linkIssued('t1')]);
    spec.given([]).when(cmd).then([linkIssued('t1')]);
    spec.given([registered]).when({ ...cmd, data: { ...cmd.data, email: 'eve@example.com' } }).thenThrows(ConflictError);
  });

  it('confirms a link once and opens a session', () => {
    const confirm = { type: 'ConfirmMagicLink' as const, data: { tokenHash: 't1', now: plus(1000), sessionHash: 's1', holdsEmailClaim: true } };
    spec.given([registered, linkIssued('t1')]).when(confirm).then([
      { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } },
      { type: 'UserSignedIn', data: { userId: 'u1', method: 'magic_link', sessionHash: 's1', expiresAt: new Date(new Date(plus(1000)).getTime() + SESSION_TTL_MS).toISOString() } },
    ]);
    const used: UserEvent = { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } };
    spec.given([registered, linkIssued('t1'), used]).when(confirm).thenThrows(ValidationError, 'This magic link is invalid or has expired.');
    spec.given([registered]).when(confirm).thenThrows(ValidationError, 'This magic link is invalid or has expired.');
    spec.given([registered, linkIssued('t1')])
      .when({ ...confirm, data: { ...confirm.data, now: plus(MAGIC_LINK_TTL_MS) } })
      .thenThrows(ValidationError, 'This magic link is invalid or has expired.');
  });

  it('creates the account with the chosen password when a sign-up link is confirmed', () => {
    const confirm = { type: 'ConfirmMagicLink' as const, data: { tokenHash: 't1', now: NOW, sessionHash: 's1', holdsEmailClaim: true } };
    const [first, second, third] = spec.given([linkIssued('t1', { purpose: 'register', passwordHash: '$argon2id$chosen' })]).when(confirm).then([
      { type: 'UserRegistered', data: { userId: 'u1', email: 'ann@example.com', passwordHash: '$argon2id$chosen', authProvider: 'local', registeredAt: NOW, plan: 'free' } },
      { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } },
      { type: 'UserSignedIn', data: { userId: 'u1', method: 'register', sessionHash: 's1', expiresAt: plus(SESSION_TTL_MS) } },
    ]);
    expect([first?.type, second?.type, third?.type]).toEqual(['UserRegistered', 'MagicLinkConsumed', 'UserSignedIn']);
    // Another account won the address: the link is only consumed here (the owner is signed in on its own stream).
    spec.given([linkIssued('t1')]).when({ ...confirm, data: { ...confirm.data, holdsEmailClaim: false } })
      .then([{ type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } }]);
  });

  it('signs in only against the password hash that was verified', () => {
    const cmd = { type: 'SignIn' as const, data: { sessionHash: 's1', now: NOW, method: 'password' as const, verifiedPasswordHash: '$argon2id$old' } };
    spec.given([registered]).when(cmd).then([{ type: 'UserSignedIn', data: { userId: 'u1', method: 'password', sessionHash: 's1', expiresAt: plus(SESSION_TTL_MS) } }]);
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$new' } };
    spec.given([registered, changed]).when(cmd).thenThrows(UnauthorizedError);
    spec.given([]).when(cmd).thenThrows(NotFoundError);
  });

  it('signs out an open session once', () => {
    const opened: UserEvent = { type: 'UserSignedIn', data: { userId: 'u1', method: 'password', sessionHash: 's1', expiresAt: plus(SESSION_TTL_MS) } };
    const out: UserEvent = { type: 'UserSignedOut', data: { userId: 'u1', sessionHash: 's1' } };
    spec.given([registered, opened]).when({ type: 'SignOut', data: { sessionHash: 's1' } }).then([out]);
    spec.given([registered, opened, out]).when({ type: 'SignOut', data: { sessionHash: 's1' } }).thenNothing();
  });

  it('updates the profile only when it changes', () => {
    const cmd = { type: 'UpdateProfile' as const, data: { firstName: 'Ann', lastName: 'Lee' } };
    const updated: UserEvent = { type: 'UserProfileUpdated', data: { userId: 'u1', firstName: 'Ann', lastName: 'Lee' } };
    spec.given([registered]).when(cmd).then([updated]);
    spec.given([registered, updated]).when(cmd).thenNothing();
  });

  it('changes the password against the verified hash and opens a fresh session', () => {
    const cmd = { type: 'ChangePassword' as const, data: { passwordHash: '$argon2id$new', verifiedPasswordHash: '$argon2id$old', sessionHash: 's2', now: NOW } };
    spec.given([registered]).when(cmd).then([
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$new' } },
      { type: 'UserSignedIn', data: { userId: 'u1', method: 'password', sessionHash: 's2', expiresAt: plus(SESSION_TTL_MS) } },
    ]);
    spec.given([registered]).when({ ...cmd, data: { ...cmd.data, verifiedPasswordHash: '$argon2id$stale' } }).thenThrows(UnauthorizedError);
  });

  it('issues a user key naming the key it replaces', () => {
    const first: UserEvent = { type: 'UserApiKeyIssued', data: { userId: 'u1', keyHash: 'k1', keyPrefix: 'jsk_aaaaaaaa', previousKeyHash: null } };
    spec.given([registered]).when({ type: 'IssueUserApiKey', data: { keyHash: 'k1', keyPrefix: 'jsk_aaaaaaaa' } }).then([first]);
    spec.given([registered, first]).when({ type: 'IssueUserApiKey', data: { keyHash: 'k2', keyPrefix: 'jsk_bbbbbbbb' } })
      .then([{ type: 'UserApiKeyIssued', data: { userId: 'u1', keyHash: 'k2', keyPrefix: 'jsk_bbbbbbbb', previousKeyHash: 'k1' } }]);
  });

  it('saves settings unless they are the same (key order does not matter)', () => {
    const saved: UserEvent = { type: 'SettingsSaved', data: { userId: 'u1', settings: { a: 1, b: { c: 2, d: 3 } } } };
    spec.given([registered]).when({ type: 'SaveSettings', data: { settings: { a: 1, b: { c: 2, d: 3 } } } }).then([saved]);
    spec.given([registered, saved]).when({ type: 'SaveSettings', data: { settings: { b: { d: 3, c: 2 }, a: 1 } } }).thenNothing();
  });

  it('changes the plan, and a change to the same plan appends nothing', () => {
    const changed: UserEvent = { type: 'PlanChanged', data: { userId: 'u1', from: 'free', to: 'premium', reason: 'operator' } };
    spec.given([registered]).when({ type: 'ChangePlan', data: { to: 'premium', reason: 'operator' } }).then([changed]);
    spec.given([registered, changed]).when({ type: 'ChangePlan', data: { to: 'premium', reason: 'checkout', subscriptionId: 'sub_1' } }).thenNothing();
    spec.given([]).when({ type: 'ChangePlan', data: { to: 'premium', reason: 'operator' } }).thenThrows(NotFoundError);
  });
});
