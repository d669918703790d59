/**
 * The user decider: one stream `user-{id}` per account.
 *
 * A stream may also be *pending*: it holds magic links sent to an address that has no account
 * yet (a sign-up by password or a first sign-in by link). The account exists only once one of
 * those links is confirmed — that is what proves the address belongs to whoever chose the
 * password, so nobody can pre-register someone else's address with a password they know.
 *
 * Everything impure (now, ids, secrets and their hashes, argon2 verification) is resolved by the
 * handlers and passed in the command.
 */
import type {
  AccountsEvent, MagicLinkConsumed, MagicLinkIssued, PasswordChanged, PlanChanged, SettingsSaved,
  UserApiKeyIssued, UserProfileUpdated, UserRegistered, UserSignedIn, UserSignedOut,
} from '@jsonable/contracts/events';
import { accountMessages } from '@jsonable/contracts/accounts';
import type { PlanTier } from '@jsonable/contracts/plans';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError, assertNever } from '../errors';
import type { Decider } from '../runtime/decider';

/** Events that live on a user stream (EmailClaimed lives on the e-mail reservation stream). */
export type UserEvent = Exclude<AccountsEvent, { type: 'EmailClaimed' }>;

export const MAGIC_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Absolute session lifetime (ASVS L2 re-authentication at most every 30 days); no sliding. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface TokenState {
  email: string;
  expiresAt: string;
  consumed: boolean;
  purpose: 'sign_in' | 'register';
  passwordHash: string | null;
}

export interface UserState {
  status: 'none' | 'pending' | 'active';
  userId: string | null;
  email: string | null;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  apiKeyHash: string | null;
  plan: PlanTier;
  settings: Record<string, unknown> | null;
  /** Magic links by token hash. */
  tokens: Record<string, TokenState>;
  /** Sessions that were opened and not closed, by session hash → expiry (ISO). */
  sessions: Record<string, string>;
}

type C<T extends string, D> = { type: T; data: D };

export type RegisterUser = C<'RegisterUser', {
  userId: string; email: string; passwordHash: string | null; authProvider: 'local' | 'magic_link'; now: string; plan?: PlanTier;
}>;
export type IssueMagicLink = C<'IssueMagicLink', {
  userId: string; email: string; tokenHash: string; now: string; purpose: 'sign_in' | 'register'; passwordHash: string | null;
}>;
export type ConfirmMagicLink = C<'ConfirmMagicLink', {
  tokenHash: string; now: string; sessionHash: string;
  /** For a pending stream: whether it won the e-mail reservation (else the owner is signed in elsewhere). */
  holdsEmailClaim: boolean;
}>;
export type SignIn = C<'SignIn', {
  sessionHash: string; now: string; method: 'password' | 'magic_link' | 'register';
  /** The hash the password was verified against: refused if it changed in the meantime. */
  verifiedPasswordHash: string | null;
}>;
export type SignOut = C<'SignOut', { sessionHash: string }>;
export type UpdateProfile = C<'UpdateProfile', { firstName: string | null; lastName: string | null }>;
export type ChangePassword = C<'ChangePassword', {
  passwordHash: string;
  /** The hash the current password was verified against (null: the account had no password). */
  verifiedPasswordHash: string | null;
  /** A new session replaces every session of the account (ASVS 3.3.3). */
  sessionHash: string;
  now: string;
}>;
export type IssueUserApiKey = C<'IssueUserApiKey', { keyHash: string; keyPrefix: string }>;
export type SaveSettings = C<'SaveSettings', { settings: Record<string, unknown> }>;
export type ChangePlan = C<'ChangePlan', { to: PlanTier; reason: PlanChanged['data']['reason']; subscriptionId?: string | null }>;

export type UserCommand =
  | RegisterUser | IssueMagicLink | ConfirmMagicLink | SignIn | SignOut | UpdateProfile
  | ChangePassword | IssueUserApiKey | SaveSettings | ChangePlan;

export function initialUserState(): UserState {
  return {
    status: 'none', userId: null, email: null, passwordHash: null, firstName: null, lastName: null,
    apiKeyHash: null, plan: 'free', settings: null, tokens: {}, sessions: {},
  };
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state, status: 'active', userId: event.data.userId, email: event.data.email,
        passwordHash: event.data.passwordHash, plan: event.data.plan,
      };
    case 'MagicLinkIssued': {
      const d = event.data;
      return {
        ...state,
        status: state.status === 'none' ? 'pending' : state.status,
        userId: state.userId ?? d.userId,
        email: state.email ?? d.email,
        tokens: {
          ...state.tokens,
          [d.tokenHash]: {
            email: d.email, expiresAt: d.expiresAt, consumed: false,
            purpose: d.purpose ?? 'sign_in', passwordHash: d.passwordHash ?? null,
          },
        },
      };
    }
    case 'MagicLinkConsumed': {
      const token = state.tokens[event.data.tokenHash];
      if (!token) return state;
      return { ...state, tokens: { ...state.tokens, [event.data.tokenHash]: { ...token, consumed: true } } };
    }
    case 'UserSignedIn':
      return { ...state, sessions: { ...state.sessions, [event.data.sessionHash]: event.data.expiresAt } };
    case 'UserSignedOut': {
      const { [event.data.sessionHash]: _closed, ...sessions } = state.sessions;
      return { ...state, sessions };
    }
    case 'UserProfileUpdated':
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName };
    case 'PasswordChanged':
      // Every session opened before the change is revoked (the read model drops them too).
      return { ...state, passwordHash: event.data.passwordHash, sessions: {} };
    case 'UserApiKeyIssued':
      return { ...state, apiKeyHash: event.data.keyHash };
    case 'SettingsSaved':
      return { ...state, settings: event.data.settings };
    case 'PlanChanged':
      return { ...state, plan: event.data.to };
    default:
      return assertNever(event);
  }
}

function requireActive(state: UserState): asserts state is UserState & { status: 'active'; userId: string; email: string } {
  if (state.status !== 'active' || !state.userId || !state.email) throw new NotFoundError('User not found');
}

function plusMs(iso: string, ms: number): string {
  return new Date(new Date(iso).getTime() + ms).toISOString();
}

function signedIn(userId: string, method: UserSignedIn['data']['method'], sessionHash: string, now: string): UserSignedIn {
  return { type: 'UserSignedIn', data: { userId, method, sessionHash, expiresAt: plusMs(now, SESSION_TTL_MS) } };
}

/** A link can be confirmed once, before it expires. */
export function usableToken(state: UserState, tokenHash: string, now: string): TokenState | null {
  const token = Object.hasOwn(state.tokens, tokenHash) ? state.tokens[tokenHash] : undefined;
  if (!token || token.consumed) return null;
  if (new Date(token.expiresAt).getTime() <= new Date(now).getTime()) return null;
  return token;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status === 'active') throw new ConflictError('User already exists');
      const d = command.data;
      const registered: UserRegistered = {
        type: 'UserRegistered',
        data: {
          userId: d.userId, email: d.email, passwordHash: d.passwordHash, authProvider: d.authProvider,
          registeredAt: d.now, plan: d.plan ?? 'free',
        },
      };
      return [registered];
    }
    case 'IssueMagicLink': {
      const d = command.data;
      if (state.email !== null && state.email !== d.email) throw new ConflictError('This link belongs to another address');
      const issued: MagicLinkIssued = {
        type: 'MagicLinkIssued',
        data: {
          userId: state.userId ?? d.userId, tokenHash: d.tokenHash, email: d.email,
          expiresAt: plusMs(d.now, MAGIC_LINK_TTL_MS),
          ...(d.purpose === 'register' ? { purpose: 'register' as const, passwordHash: d.passwordHash } : {}),
        },
      };
      return [issued];
    }
    case 'ConfirmMagicLink': {
      const d = command.data;
      const token = usableToken(state, d.tokenHash, d.now);
      if (!token || !state.userId) throw new ValidationError(accountMessages.magicLinkInvalid);
      const consumed: MagicLinkConsumed = { type: 'MagicLinkConsumed', data: { userId: state.userId, tokenHash: d.tokenHash } };
      if (state.status === 'active') return [consumed, signedIn(state.userId, 'magic_link', d.sessionHash, d.now)];
      if (!d.holdsEmailClaim) return [consumed];
      const registered: UserRegistered = {
        type: 'UserRegistered',
        data: {
          userId: state.userId, email: token.email, passwordHash: token.passwordHash,
          authProvider: token.passwordHash ? 'local' : 'magic_link', registeredAt: d.now, plan: 'free',
        },
      };
      return [registered, consumed, signedIn(state.userId, token.purpose === 'register' ? 'register' : 'magic_link', d.sessionHash, d.now)];
    }
    case 'SignIn': {
      requireActive(state);
      const d = command.data;
      if (d.method === 'password' && (state.passwordHash === null || state.passwordHash !== d.verifiedPasswordHash)) {
        throw new UnauthorizedError(accountMessages.invalidCredentials);
      }
      return [signedIn(state.userId, d.method, d.sessionHash, d.now)];
    }
    case 'SignOut': {
      if (!state.userId || !Object.hasOwn(state.sessions, command.data.sessionHash)) return [];
      const out: UserSignedOut = { type: 'UserSignedOut', data: { userId: state.userId, sessionHash: command.data.sessionHash } };
      return [out];
    }
    case 'UpdateProfile': {
      requireActive(state);
      const { firstName, lastName } = command.data;
      if (firstName === state.firstName && lastName === state.lastName) return [];
      const updated: UserProfileUpdated = { type: 'UserProfileUpdated', data: { userId: state.userId, firstName, lastName } };
      return [updated];
    }
    case 'ChangePassword': {
      requireActive(state);
      const d = command.data;
      if (state.passwordHash !== d.verifiedPasswordHash) throw new UnauthorizedError(accountMessages.currentPasswordWrong);
      const changed: PasswordChanged = { type: 'PasswordChanged', data: { userId: state.userId, passwordHash: d.passwordHash } };
      return [changed, signedIn(state.userId, 'password', d.sessionHash, d.now)];
    }
    case 'IssueUserApiKey': {
      requireActive(state);
      const issued: UserApiKeyIssued = {
        type: 'UserApiKeyIssued',
        data: { userId: state.userId, keyHash: command.data.keyHash, keyPrefix: command.data.keyPrefix, previousKeyHash: state.apiKeyHash },
      };
      return [issued];
    }
    case 'SaveSettings': {
      requireActive(state);
      if (state.settings !== null && stableJson(state.settings) === stableJson(command.data.settings)) return [];
      const saved: SettingsSaved = { type: 'SettingsSaved', data: { userId: state.userId, settings: command.data.settings } };
      return [saved];
    }
    case 'ChangePlan': {
      requireActive(state);
      const d = command.data;
      if (state.plan === d.to) return [];
      const changed: PlanChanged = {
        type: 'PlanChanged',
        data: {
          userId: state.userId, from: state.plan, to: d.to, reason: d.reason,
          ...(d.subscriptionId !== undefined ? { subscriptionId: d.subscriptionId } : {}),
        },
      };
      return [changed];
    }
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
