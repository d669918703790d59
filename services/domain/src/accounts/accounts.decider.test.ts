import { describe, expect, it } from 'vitest';
import { NotFoundError, UnauthorizedError, ValidationError, ConflictError } from '../errors';
import { testDecider } from '../runtime/testing';
import {
  MAGIC_LINK_TTL_MS,
  RECENT_LINK_MS,
  RESET_LINK_TTL_MS,
  SESSION_SEEN_INTERVAL_MS,
  SESSION_TTL_MS,
  userDecider,
  type UserEvent,
} from './accounts.decider';

const spec = testDecider(userDecider);
const NOW = '2026-01-01T00:00:00.000Z';
const plus = (ms: number) => new Date(new Date(NOW).getTime() + ms).toISOString();

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ann@example.com',
    passwordHash: '$argon2id$old',
    authProvider: 'local',
    registeredAt: NOW,
    plan: 'free',
  },
};
const linkIssued = (
  tokenHash: string,
  extra: Partial<{ purpose: 'register' | 'reset_password'; passwordHash: string | null; issuedAt: string }> = {},
): UserEvent => ({
  type: 'MagicLinkIssued',
  data: { userId: 'u1', tokenHash, email: 'ann@example.com', expiresAt: plus(MAGIC_LINK_TTL_MS), ...extra },
});
const client = { userAgent: 'Test/1.0', ip: '203.0.113.0/24' };
const signedIn = (
  sessionHash: string,
  method: 'password' | 'magic_link' | 'register' | 'password_reset',
  at = NOW,
): UserEvent => ({
  type: 'UserSignedIn',
  data: {
    userId: 'u1',
    method,
    sessionHash,
    expiresAt: new Date(new Date(at).getTime() + SESSION_TTL_MS).toISOString(),
    signedInAt: at,
    userAgent: 'Test/1.0',
    ip: '203.0.113.0/24',
  },
});
const retired = (
  tokenHashes: string[],
  reason: 'password_changed' | 'password_reset' | 'link_sign_in',
  at = NOW,
): UserEvent => ({
  type: 'MagicLinksRetired',
  data: { userId: 'u1', tokenHashes, retiredAt: at, reason },
});

describe('user decider', () => {
  describe('registers a new user, and refuses a second registration', () => {
    const cmd = {
      type: 'RegisterUser' as const,
      data: {
        userId: 'u1',
        email: 'ann@example.com',
        passwordHash: '$argon2id$old',
        authProvider: 'local' as const,
        now: NOW,
      },
    };

    it('registers a new user', () => {
      spec.given([]).when(cmd).then([registered]);
    });

    it('refuses a second registration', () => {
      spec.given([registered]).when(cmd).thenThrows(ConflictError);
    });
  });

  describe('issues a magic link valid for 24 hours, for an account or for an address without one', () => {
    const cmd = {
      type: 'IssueMagicLink' as const,
      data: {
        userId: 'u1',
        email: 'ann@example.com',
        tokenHash: 't1',
        now: NOW,
        purpose: 'sign_in' as const,
        passwordHash: null,
      },
    };

    it('issues a magic link for an account', () => {
      spec
        .given([registered])
        .when(cmd)
        .then([linkIssued('t1', { issuedAt: NOW })]);
    });

    it('issues a magic link for an address without an account', () => {
      spec
        .given([])
        .when(cmd)
        .then([linkIssued('t1', { issuedAt: NOW })]);
    });

    it('refuses a link for another address on this account', () => {
      spec
        .given([registered])
        .when({ ...cmd, data: { ...cmd.data, email: 'eve@example.com' } })
        .thenThrows(ConflictError);
    });
  });

  describe('issues reset links valid for one hour, only for an account', () => {
    const cmd = {
      type: 'IssueMagicLink' as const,
      data: {
        userId: 'u1',
        email: 'ann@example.com',
        tokenHash: 'r1',
        now: NOW,
        purpose: 'reset_password' as const,
        passwordHash: null,
      },
    };

    it('issues a reset link valid for one hour for an account', () => {
      spec
        .given([registered])
        .when(cmd)
        .then([
          {
            type: 'MagicLinkIssued',
            data: {
              userId: 'u1',
              tokenHash: 'r1',
              email: 'ann@example.com',
              expiresAt: plus(RESET_LINK_TTL_MS),
              purpose: 'reset_password',
              issuedAt: NOW,
            },
          },
        ]);
    });

    it('refuses a reset link without an account', () => {
      spec.given([]).when(cmd).thenThrows(NotFoundError);
    });
  });

  describe('confirms a link once, retires the other links and opens a session', () => {
    const confirm = {
      type: 'ConfirmMagicLink' as const,
      data: {
        tokenHash: 't1',
        now: plus(1000),
        sessionHash: 's1',
        holdsEmailClaim: true,
        confirmedPasswordHash: null,
        client,
      },
    };
    const used: UserEvent = { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } };

    it('confirms a link: consumed, the other links retired, a session opened', () => {
      spec
        .given([registered, linkIssued('t1'), linkIssued('t2')])
        .when(confirm)
        .then([
          { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } },
          retired(['t2'], 'link_sign_in', plus(1000)),
          signedIn('s1', 'magic_link', plus(1000)),
        ]);
    });

    it('refuses a link retired by an earlier sign-in', () => {
      // The retired link is refused afterwards.
      spec
        .given([
          registered,
          linkIssued('t1'),
          linkIssued('t2'),
          { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } },
          retired(['t2'], 'link_sign_in', plus(1000)),
        ])
        .when({ ...confirm, data: { ...confirm.data, tokenHash: 't2', now: plus(2000) } })
        .thenThrows(ValidationError);
    });

    it('refuses a reset link: it never signs in by itself', () => {
      // A reset link never signs in by itself.
      spec
        .given([registered, linkIssued('r1', { purpose: 'reset_password' })])
        .when({ ...confirm, data: { ...confirm.data, tokenHash: 'r1' } })
        .thenThrows(ValidationError);
    });

    it('refuses a link already used', () => {
      spec
        .given([registered, linkIssued('t1'), used])
        .when(confirm)
        .thenThrows(ValidationError, 'This magic link is invalid or has expired.');
    });

    it('refuses a link that was never issued', () => {
      spec.given([registered]).when(confirm).thenThrows(ValidationError, 'This magic link is invalid or has expired.');
    });

    it('refuses a link once it has expired', () => {
      spec
        .given([registered, linkIssued('t1')])
        .when({ ...confirm, data: { ...confirm.data, now: plus(MAGIC_LINK_TTL_MS) } })
        .thenThrows(ValidationError, 'This magic link is invalid or has expired.');
    });
  });

  describe('creates the account with the sign-up password only when the person confirming typed it again', () => {
    const confirm = {
      type: 'ConfirmMagicLink' as const,
      data: {
        tokenHash: 't1',
        now: NOW,
        sessionHash: 's1',
        holdsEmailClaim: true,
        confirmedPasswordHash: '$argon2id$chosen',
        client,
      },
    };
    const signUp = linkIssued('t1', { purpose: 'register', passwordHash: '$argon2id$chosen' });

    it('creates the account with the sign-up password when it was typed again', () => {
      const [first, second] = spec
        .given([signUp])
        .when(confirm)
        .then([
          {
            type: 'UserRegistered',
            data: {
              userId: 'u1',
              email: 'ann@example.com',
              passwordHash: '$argon2id$chosen',
              authProvider: 'local',
              registeredAt: NOW,
              plan: 'free',
            },
          },
          { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } },
          retired([], 'link_sign_in'),
          signedIn('s1', 'register'),
        ]);
      expect([first?.type, second?.type]).toEqual(['UserRegistered', 'MagicLinkConsumed']);
    });

    it('creates an account without a password when it was not typed again', () => {
      // Without it: an account without a password (whoever chose the sign-up password gets nothing).
      spec
        .given([signUp])
        .when({ ...confirm, data: { ...confirm.data, confirmedPasswordHash: null } })
        .then([
          {
            type: 'UserRegistered',
            data: {
              userId: 'u1',
              email: 'ann@example.com',
              passwordHash: null,
              authProvider: 'magic_link',
              registeredAt: NOW,
              plan: 'free',
            },
          },
          { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } },
          retired([], 'link_sign_in'),
          signedIn('s1', 'register'),
        ]);
    });

    it('refuses a password hash that is not the sign-up one', () => {
      // A hash that is not the sign-up's is refused.
      spec
        .given([signUp])
        .when({ ...confirm, data: { ...confirm.data, confirmedPasswordHash: '$argon2id$other' } })
        .thenThrows(UnauthorizedError);
    });

    it('only consumes the link when another account won the address', () => {
      // Another account won the address: the link is only consumed here (the owner is signed in on its own stream).
      spec
        .given([linkIssued('t1')])
        .when({ ...confirm, data: { ...confirm.data, holdsEmailClaim: false } })
        .then([{ type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 't1' } }]);
    });
  });

  describe('signs in only against the password hash that was verified', () => {
    const cmd = {
      type: 'SignIn' as const,
      data: { sessionHash: 's1', now: NOW, method: 'password' as const, verifiedPasswordHash: '$argon2id$old', client },
    };
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$new' } };

    it('signs in against the password hash that was verified', () => {
      spec
        .given([registered])
        .when(cmd)
        .then([signedIn('s1', 'password')]);
    });

    it('refuses a verified hash the password has since changed from', () => {
      spec.given([registered, changed]).when(cmd).thenThrows(UnauthorizedError);
    });

    it('answers a sign-in without an account as not found', () => {
      spec.given([]).when(cmd).thenThrows(NotFoundError);
    });
  });

  describe('signs in by a link of a sign-up that lost the address, unless the links were retired since', () => {
    const cmd = {
      type: 'SignIn' as const,
      data: {
        sessionHash: 's1',
        now: plus(2000),
        method: 'magic_link' as const,
        verifiedPasswordHash: null,
        client,
        foreignLinkIssuedAt: plus(1000),
      },
    };

    it('signs in by a link of a sign-up that lost the address', () => {
      spec
        .given([registered, linkIssued('t9')])
        .when(cmd)
        .then([retired(['t9'], 'link_sign_in', plus(2000)), signedIn('s1', 'magic_link', plus(2000))]);
    });

    it('refuses that link once the links were retired since', () => {
      spec
        .given([registered, retired([], 'password_changed', plus(1500))])
        .when(cmd)
        .thenThrows(ValidationError);
    });
  });

  describe('signs out an open session once', () => {
    const out: UserEvent = { type: 'UserSignedOut', data: { userId: 'u1', sessionHash: 's1', reason: 'logout' } };

    it('signs out an open session', () => {
      spec
        .given([registered, signedIn('s1', 'password')])
        .when({ type: 'SignOut', data: { sessionHash: 's1', reason: 'logout' } })
        .then([out]);
    });

    it('changes nothing when the session is already signed out', () => {
      spec
        .given([registered, signedIn('s1', 'password'), out])
        .when({ type: 'SignOut', data: { sessionHash: 's1', reason: 'logout' } })
        .thenNothing();
    });
  });

  describe('signs out every other open session', () => {
    const given = [
      registered,
      signedIn('s1', 'password'),
      signedIn('s2', 'magic_link'),
      signedIn('s3', 'password'),
      { type: 'UserSignedOut', data: { userId: 'u1', sessionHash: 's3', reason: 'logout' } } as UserEvent,
    ];

    it('signs out every other open session', () => {
      spec
        .given(given)
        .when({ type: 'SignOutOthers', data: { keepSessionHash: 's1', now: plus(1000) } })
        .then([{ type: 'UserSignedOut', data: { userId: 'u1', sessionHash: 's2', reason: 'others' } }]);
    });

    it('does not sign out expired sessions again', () => {
      // Expired sessions are not signed out again.
      spec
        .given(given)
        .when({ type: 'SignOutOthers', data: { keepSessionHash: 's1', now: plus(SESSION_TTL_MS) } })
        .thenNothing();
    });
  });

  describe('records a session as seen at most once per interval', () => {
    const touch = {
      type: 'TouchSession' as const,
      data: { sessionHash: 's1', now: plus(SESSION_SEEN_INTERVAL_MS), ip: '198.51.100.0/24' },
    };
    const seen: UserEvent = {
      type: 'SessionSeen',
      data: { userId: 'u1', sessionHash: 's1', seenAt: plus(SESSION_SEEN_INTERVAL_MS), ip: '198.51.100.0/24' },
    };

    it('records a session as seen once the interval has passed', () => {
      spec
        .given([registered, signedIn('s1', 'password')])
        .when(touch)
        .then([seen]);
    });

    it('changes nothing within the interval after the last seen', () => {
      spec
        .given([registered, signedIn('s1', 'password'), seen])
        .when({ ...touch, data: { ...touch.data, now: plus(SESSION_SEEN_INTERVAL_MS + 1000) } })
        .thenNothing();
    });

    it('changes nothing within the interval after the sign-in', () => {
      spec
        .given([registered, signedIn('s1', 'password')])
        .when({ ...touch, data: { ...touch.data, now: plus(1000) } })
        .thenNothing();
    });

    it('changes nothing for a session that does not exist', () => {
      spec.given([registered]).when(touch).thenNothing();
    });
  });

  describe('updates the profile only when it changes', () => {
    const cmd = { type: 'UpdateProfile' as const, data: { firstName: 'Ann', lastName: 'Lee' } };
    const updated: UserEvent = {
      type: 'UserProfileUpdated',
      data: { userId: 'u1', firstName: 'Ann', lastName: 'Lee' },
    };

    it('updates the profile', () => {
      spec.given([registered]).when(cmd).then([updated]);
    });

    it('changes nothing when the profile is the same', () => {
      spec.given([registered, updated]).when(cmd).thenNothing();
    });
  });

  describe('changes the password against the verified hash, retires every link and opens a fresh session', () => {
    const cmd = {
      type: 'ChangePassword' as const,
      data: {
        passwordHash: '$argon2id$new',
        verifiedPasswordHash: '$argon2id$old',
        callerSessionHash: 's1',
        sessionHash: 's2',
        now: NOW,
        client,
      },
    };

    it('changes the password: every link retired, a fresh session', () => {
      spec
        .given([registered, linkIssued('t1')])
        .when(cmd)
        .then([
          {
            type: 'PasswordChanged',
            data: { userId: 'u1', passwordHash: '$argon2id$new', method: 'current_password' },
          },
          retired(['t1'], 'password_changed'),
          signedIn('s2', 'password'),
        ]);
    });

    it('refuses a verified hash that is not the current one', () => {
      spec
        .given([registered])
        .when({ ...cmd, data: { ...cmd.data, verifiedPasswordHash: '$argon2id$stale' } })
        .thenThrows(UnauthorizedError);
    });
  });

  describe('lets a session opened by a link in the last 15 minutes change the password without the current one', () => {
    const cmd = {
      type: 'ChangePassword' as const,
      data: {
        passwordHash: '$argon2id$new',
        verifiedPasswordHash: null,
        callerSessionHash: 's1',
        sessionHash: 's2',
        now: plus(RECENT_LINK_MS - 1000),
        client,
      },
    };

    it('changes the password from a session opened by a link in the last 15 minutes', () => {
      const [changed] = spec
        .given([registered, signedIn('s1', 'magic_link')])
        .when(cmd)
        .then([
          { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$new', method: 'recent_link' } },
          retired([], 'password_changed', plus(RECENT_LINK_MS - 1000)),
          signedIn('s2', 'password', plus(RECENT_LINK_MS - 1000)),
        ]);
      expect(changed?.type).toBe('PasswordChanged');
    });

    it('refuses once those 15 minutes have passed', () => {
      spec
        .given([registered, signedIn('s1', 'magic_link')])
        .when({ ...cmd, data: { ...cmd.data, now: plus(RECENT_LINK_MS) } })
        .thenThrows(UnauthorizedError);
    });

    it('refuses from a session opened by a password', () => {
      spec
        .given([registered, signedIn('s1', 'password')])
        .when(cmd)
        .thenThrows(UnauthorizedError);
    });

    it('refuses from a session that is not the caller', () => {
      spec
        .given([registered, signedIn('s1', 'magic_link')])
        .when({ ...cmd, data: { ...cmd.data, callerSessionHash: 'sX' } })
        .thenThrows(UnauthorizedError);
    });

    it('lets an account without a password set its first one', () => {
      // An account without a password sets its first one.
      spec
        .given([{ ...registered, data: { ...registered.data, passwordHash: null } } as UserEvent])
        .when({ ...cmd, data: { ...cmd.data, callerSessionHash: null } })
        .then([
          { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$new', method: 'first_password' } },
          retired([], 'password_changed', plus(RECENT_LINK_MS - 1000)),
          signedIn('s2', 'password', plus(RECENT_LINK_MS - 1000)),
        ]);
    });
  });

  describe('resets the password with a reset link once: consumed, every other link retired, a new session', () => {
    const cmd = {
      type: 'ResetPassword' as const,
      data: { tokenHash: 'r1', passwordHash: '$argon2id$new', sessionHash: 's9', now: plus(1000), client },
    };
    const given = [registered, linkIssued('r1', { purpose: 'reset_password' }), linkIssued('t1')];

    it('resets the password: link consumed, every other link retired, a new session', () => {
      spec
        .given(given)
        .when(cmd)
        .then([
          { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 'r1' } },
          { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$new', method: 'reset_link' } },
          retired(['t1'], 'password_reset', plus(1000)),
          signedIn('s9', 'password_reset', plus(1000)),
        ]);
    });

    it('refuses a reset link used before', () => {
      spec
        .given([...given, { type: 'MagicLinkConsumed', data: { userId: 'u1', tokenHash: 'r1' } }])
        .when(cmd)
        .thenThrows(ValidationError);
    });

    it('refuses a sign-in link for a reset', () => {
      spec
        .given(given)
        .when({ ...cmd, data: { ...cmd.data, tokenHash: 't1' } })
        .thenThrows(ValidationError);
    });

    it('refuses a reset link once it has expired', () => {
      spec
        .given([
          registered,
          linkIssued('r1', { purpose: 'reset_password', issuedAt: NOW }),
          {
            type: 'MagicLinkIssued',
            data: {
              userId: 'u1',
              tokenHash: 'r2',
              email: 'ann@example.com',
              expiresAt: plus(RESET_LINK_TTL_MS),
              purpose: 'reset_password',
            },
          },
        ])
        .when({ ...cmd, data: { ...cmd.data, tokenHash: 'r2', now: plus(RESET_LINK_TTL_MS) } })
        .thenThrows(ValidationError);
    });
  });

  describe('issues a user key naming the key it replaces', () => {
    const first: UserEvent = {
      type: 'UserApiKeyIssued',
      data: { userId: 'u1', keyHash: 'k1', keyPrefix: 'jsk_aaaaaaaa', previousKeyHash: null },
    };

    it('issues the first user key', () => {
      spec
        .given([registered])
        .when({ type: 'IssueUserApiKey', data: { keyHash: 'k1', keyPrefix: 'jsk_aaaaaaaa' } })
        .then([first]);
    });

    it('issues a user key naming the key it replaces', () => {
      spec
        .given([registered, first])
        .when({ type: 'IssueUserApiKey', data: { keyHash: 'k2', keyPrefix: 'jsk_bbbbbbbb' } })
        .then([
          {
            type: 'UserApiKeyIssued',
            data: { userId: 'u1', keyHash: 'k2', keyPrefix: 'jsk_bbbbbbbb', previousKeyHash: 'k1' },
          },
        ]);
    });
  });

  describe('saves settings unless they are the same (key order does not matter)', () => {
    const saved: UserEvent = { type: 'SettingsSaved', data: { userId: 'u1', settings: { a: 1, b: { c: 2, d: 3 } } } };

    it('saves settings', () => {
      spec
        .given([registered])
        .when({ type: 'SaveSettings', data: { settings: { a: 1, b: { c: 2, d: 3 } } } })
        .then([saved]);
    });

    it('changes nothing when the settings are the same in another key order', () => {
      spec
        .given([registered, saved])
        .when({ type: 'SaveSettings', data: { settings: { b: { d: 3, c: 2 }, a: 1 } } })
        .thenNothing();
    });
  });

  describe('changes the plan, and a change to the same plan appends nothing', () => {
    const changed: UserEvent = {
      type: 'PlanChanged',
      data: { userId: 'u1', from: 'free', to: 'premium', reason: 'operator' },
    };

    it('changes the plan', () => {
      spec
        .given([registered])
        .when({ type: 'ChangePlan', data: { to: 'premium', reason: 'operator' } })
        .then([changed]);
    });

    it('changes nothing on a change to the same plan', () => {
      spec
        .given([registered, changed])
        .when({ type: 'ChangePlan', data: { to: 'premium', reason: 'checkout', subscriptionId: 'sub_1' } })
        .thenNothing();
    });

    it('answers a plan change without an account as not found', () => {
      spec
        .given([])
        .when({ type: 'ChangePlan', data: { to: 'premium', reason: 'operator' } })
        .thenThrows(NotFoundError);
    });
  });
});
