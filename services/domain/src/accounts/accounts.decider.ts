/**
 * The user decider: one stream `user-{id}` per account.
 *
 * A stream may also be *pending*: it holds magic links sent to an address that has no account
 * yet (a sign-up by password or a first sign-in by link). The account exists only once one of
 * those links is confirmed. Confirming a sign-up link proves control of the address, not that
 * the person confirming chose the sign-up's password: the account gets that password only if
 * they type it again on the confirmation page, and is created without a password otherwise. So
 * someone who pre-registers another person's address never holds a password of that account.
 *
 * Link lifecycle: a link works once, until it expires (24 hours; 1 hour for a reset link), and
 * every password change, password reset and link sign-in retires all other outstanding links of
 * the account (MagicLinksRetired), including links of the same address on pending streams.
 *
 * Everything impure (now, ids, secrets and their hashes, argon2 verification) is resolved by the
 * handlers and passed in the command.
 */
import type {
  AccountsEvent,
  LinkPurpose,
  MagicLinkConsumed,
  MagicLinkIssued,
  MagicLinksRetired,
  PasswordChanged,
  PlanChanged,
  SessionSeen,
  SettingsSaved,
  SignInMethod,
  UserApiKeyIssued,
  UserProfileUpdated,
  UserRegistered,
  UserSignedIn,
  UserSignedOut,
} from '@jsonable/contracts/events';
import { accountMessages } from '@jsonable/contracts/accounts';
import type { PlanTier } from '@jsonable/contracts/plans';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError, assertNever } from '../errors';
import type { Decider } from '../runtime/decider';

/** Events that live on a user stream (EmailClaimed lives on the e-mail reservation stream). */
export type UserEvent = Exclude<AccountsEvent, { type: 'EmailClaimed' }>;

/** Sign-in and sign-up links. */
export const MAGIC_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Password reset links: short, as they set a credential (ASVS 2.5.x recommends minutes to an hour). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Absolute session lifetime (ASVS L2 re-authentication at most every 30 days); no sliding. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A session an e-mailed link opened this recently may set a new password without the current one:
 * opening the link just proved control of the address, which is what a reset proves too.
 */
export const RECENT_LINK_MS = 15 * 60 * 1000;
/** A session's "last seen" moves at most this often (one SessionSeen event per interval). */
export const SESSION_SEEN_INTERVAL_MS = 5 * 60 * 1000;

interface TokenState {
  email: string;
  issuedAt: string;
  expiresAt: string;
  consumed: boolean;
  purpose: LinkPurpose;
  passwordHash: string | null;
}

export interface SessionState {
  method: SignInMethod;
  signedInAt: string;
  expiresAt: string;
  lastSeenAt: string;
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
  /** Sessions that were opened and not closed, by session hash. */
  sessions: Record<string, SessionState>;
  /** Links of this address issued before this moment are void, on any stream (ISO, or null). */
  linksRetiredAt: string | null;
}

type C<T extends string, D> = { type: T; data: D };

/** Where a sign-in came from, for the sessions list. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export type RegisterUser = C<
  'RegisterUser',
  {
    userId: string;
    email: string;
    passwordHash: string | null;
    authProvider: 'local' | 'magic_link';
    now: string;
    plan?: PlanTier;
  }
>;
export type IssueMagicLink = C<
  'IssueMagicLink',
  {
    userId: string;
    email: string;
    tokenHash: string;
    now: string;
    purpose: LinkPurpose;
    passwordHash: string | null;
  }
>;
export type ConfirmMagicLink = C<
  'ConfirmMagicLink',
  {
    tokenHash: string;
    now: string;
    sessionHash: string;
    client: ClientInfo;
    /** For a pending stream: whether it won the e-mail reservation (else the owner is signed in elsewhere). */
    holdsEmailClaim: boolean;
    /**
     * Sign-up links only: the sign-up's password hash when the person confirming typed that password
     * again (verified by the handler), or null to create the account without a password.
     */
    confirmedPasswordHash: string | null;
  }
>;
export type SignIn = C<
  'SignIn',
  {
    sessionHash: string;
    now: string;
    method: SignInMethod;
    client: ClientInfo;
    /** The hash the password was verified against: refused if it changed in the meantime. */
    verifiedPasswordHash: string | null;
    /**
     * A sign-in by a link of this address kept on another stream (a sign-up that lost the address to
     * this account): when it was issued. Refused if the account's links were retired since; else
     * this account's other links are retired like at any link sign-in.
     */
    foreignLinkIssuedAt?: string;
  }
>;
export type SignOut = C<'SignOut', { sessionHash: string; reason: NonNullable<UserSignedOut['data']['reason']> }>;
export type SignOutOthers = C<'SignOutOthers', { keepSessionHash: string; now: string }>;
export type TouchSession = C<'TouchSession', { sessionHash: string; now: string; ip: string | null }>;
export type UpdateProfile = C<'UpdateProfile', { firstName: string | null; lastName: string | null }>;
export type ChangePassword = C<
  'ChangePassword',
  {
    passwordHash: string;
    /** The hash the current password was verified against; null when it was not given. */
    verifiedPasswordHash: string | null;
    /** The session asking: without the current password it must be a link sign-in of the last 15 minutes. */
    callerSessionHash: string | null;
    /** A new session replaces every session of the account (ASVS 3.3.3). */
    sessionHash: string;
    now: string;
    client: ClientInfo;
  }
>;
export type ResetPassword = C<
  'ResetPassword',
  {
    tokenHash: string;
    passwordHash: string;
    sessionHash: string;
    now: string;
    client: ClientInfo;
  }
>;
export type IssueUserApiKey = C<'IssueUserApiKey', { keyHash: string; keyPrefix: string }>;
export type SaveSettings = C<'SaveSettings', { settings: Record<string, unknown> }>;
export type ChangePlan = C<
  'ChangePlan',
  { to: PlanTier; reason: PlanChanged['data']['reason']; subscriptionId?: string | null }
>;

export type UserCommand =
  | RegisterUser
  | IssueMagicLink
  | ConfirmMagicLink
  | SignIn
  | SignOut
  | SignOutOthers
  | TouchSession
  | UpdateProfile
  | ChangePassword
  | ResetPassword
  | IssueUserApiKey
  | SaveSettings
  | ChangePlan;

export function initialUserState(): UserState {
  return {
    status: 'none',
    userId: null,
    email: null,
    passwordHash: null,
    firstName: null,
    lastName: null,
    apiKeyHash: null,
    plan: 'free',
    settings: null,
    tokens: {},
    sessions: {},
    linksRetiredAt: null,
  };
}

function plusMs(iso: string, ms: number): string {
  return new Date(new Date(iso).getTime() + ms).toISOString();
}

const ms = (iso: string): number => new Date(iso).getTime();

export function linkTtlMs(purpose: LinkPurpose): number {
  return purpose === 'reset_password' ? RESET_LINK_TTL_MS : MAGIC_LINK_TTL_MS;
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        status: 'active',
        userId: event.data.userId,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        plan: event.data.plan,
      };
    case 'MagicLinkIssued': {
      const d = event.data;
      const purpose = d.purpose ?? 'sign_in';
      return {
        ...state,
        status: state.status === 'none' ? 'pending' : state.status,
        userId: state.userId ?? d.userId,
        email: state.email ?? d.email,
        tokens: {
          ...state.tokens,
          [d.tokenHash]: {
            email: d.email,
            issuedAt: d.issuedAt ?? plusMs(d.expiresAt, -linkTtlMs(purpose)),
            expiresAt: d.expiresAt,
            consumed: false,
            purpose,
            passwordHash: d.passwordHash ?? null,
          },
        },
      };
    }
    case 'MagicLinkConsumed': {
      const token = state.tokens[event.data.tokenHash];
      if (!token) return state;
      return { ...state, tokens: { ...state.tokens, [event.data.tokenHash]: { ...token, consumed: true } } };
    }
    case 'MagicLinksRetired': {
      const tokens = { ...state.tokens };
      for (const hash of event.data.tokenHashes) {
        const token = tokens[hash];
        if (token) tokens[hash] = { ...token, consumed: true };
      }
      return { ...state, tokens, linksRetiredAt: event.data.retiredAt };
    }
    case 'UserSignedIn': {
      const d = event.data;
      const signedInAt = d.signedInAt ?? plusMs(d.expiresAt, -SESSION_TTL_MS);
      return {
        ...state,
        sessions: {
          ...state.sessions,
          [d.sessionHash]: { method: d.method, signedInAt, expiresAt: d.expiresAt, lastSeenAt: signedInAt },
        },
      };
    }
    case 'UserSignedOut': {
      const { [event.data.sessionHash]: _closed, ...sessions } = state.sessions;
      return { ...state, sessions };
    }
    case 'SessionSeen': {
      const session = state.sessions[event.data.sessionHash];
      if (!session) return state;
      return {
        ...state,
        sessions: { ...state.sessions, [event.data.sessionHash]: { ...session, lastSeenAt: event.data.seenAt } },
      };
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

function requireActive(
  state: UserState,
): asserts state is UserState & { status: 'active'; userId: string; email: string } {
  if (state.status !== 'active' || !state.userId || !state.email) throw new NotFoundError('User not found');
}

function signedIn(
  userId: string,
  method: SignInMethod,
  sessionHash: string,
  now: string,
  client: ClientInfo,
): UserSignedIn {
  return {
    type: 'UserSignedIn',
    data: {
      userId,
      method,
      sessionHash,
      expiresAt: plusMs(now, SESSION_TTL_MS),
      signedInAt: now,
      userAgent: client.userAgent,
      ip: client.ip,
    },
  };
}

/** Retires every link of the account that could still be used, except `except`. */
function retireLinks(
  state: UserState,
  userId: string,
  now: string,
  reason: MagicLinksRetired['data']['reason'],
  except?: string,
): MagicLinksRetired {
  const tokenHashes = Object.entries(state.tokens)
    .filter(([hash, t]) => hash !== except && !t.consumed && ms(t.expiresAt) > ms(now))
    .map(([hash]) => hash);
  return { type: 'MagicLinksRetired', data: { userId, tokenHashes, retiredAt: now, reason } };
}

/** A link can be confirmed once, before it expires, and not after the account's links were retired. */
export function usableToken(state: UserState, tokenHash: string, now: string): TokenState | null {
  const token = Object.hasOwn(state.tokens, tokenHash) ? state.tokens[tokenHash] : undefined;
  if (!token || token.consumed) return null;
  if (ms(token.expiresAt) <= ms(now)) return null;
  if (state.linksRetiredAt !== null && ms(token.issuedAt) < ms(state.linksRetiredAt)) return null;
  return token;
}

/** A session's state when it is open at `now`, else null. */
export function openSessionOf(state: UserState, sessionHash: string, now: string): SessionState | null {
  const session = Object.hasOwn(state.sessions, sessionHash) ? state.sessions[sessionHash] : undefined;
  return session && ms(session.expiresAt) > ms(now) ? session : null;
}

/**
 * Until when this session may set a new password without the current one (ISO), or null: it was
 * opened by an e-mailed link (sign-in, sign-up or reset) less than 15 minutes ago.
 */
export function passwordWithoutCurrentUntil(state: UserState, sessionHash: string | null, now: string): string | null {
  if (sessionHash === null) return null;
  const session = openSessionOf(state, sessionHash, now);
  if (!session || session.method === 'password') return null;
  const until = plusMs(session.signedInAt, RECENT_LINK_MS);
  return ms(until) > ms(now) ? until : null;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
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
          userId: d.userId,
          email: d.email,
          passwordHash: d.passwordHash,
          authProvider: d.authProvider,
          registeredAt: d.now,
          plan: d.plan ?? 'free',
        },
      };
      return [registered];
    }
    case 'IssueMagicLink': {
      const d = command.data;
      if (state.email !== null && state.email !== d.email)
        throw new ConflictError('This link belongs to another address');
      if (d.purpose === 'reset_password') requireActive(state);
      const issued: MagicLinkIssued = {
        type: 'MagicLinkIssued',
        data: {
          userId: state.userId ?? d.userId,
          tokenHash: d.tokenHash,
          email: d.email,
          expiresAt: plusMs(d.now, linkTtlMs(d.purpose)),
          ...(d.purpose !== 'sign_in' ? { purpose: d.purpose } : {}),
          ...(d.purpose === 'register' ? { passwordHash: d.passwordHash } : {}),
          issuedAt: d.now,
        },
      };
      return [issued];
    }
    case 'ConfirmMagicLink': {
      const d = command.data;
      const token = usableToken(state, d.tokenHash, d.now);
      // A reset link sets a password on its own page; it never signs in by itself.
      if (!token || !state.userId || token.purpose === 'reset_password')
        throw new ValidationError(accountMessages.magicLinkInvalid);
      const consumed: MagicLinkConsumed = {
        type: 'MagicLinkConsumed',
        data: { userId: state.userId, tokenHash: d.tokenHash },
      };
      const retired = retireLinks(state, state.userId, d.now, 'link_sign_in', d.tokenHash);
      if (state.status === 'active')
        return [consumed, retired, signedIn(state.userId, 'magic_link', d.sessionHash, d.now, d.client)];
      if (!d.holdsEmailClaim) return [consumed];
      if (d.confirmedPasswordHash !== null && d.confirmedPasswordHash !== token.passwordHash) {
        throw new UnauthorizedError(accountMessages.signUpPasswordWrong);
      }
      const passwordHash = token.purpose === 'register' ? d.confirmedPasswordHash : null;
      const registered: UserRegistered = {
        type: 'UserRegistered',
        data: {
          userId: state.userId,
          email: token.email,
          passwordHash,
          authProvider: passwordHash ? 'local' : 'magic_link',
          registeredAt: d.now,
          plan: 'free',
        },
      };
      return [
        registered,
        consumed,
        retired,
        signedIn(
          state.userId,
          token.purpose === 'register' ? 'register' : 'magic_link',
          d.sessionHash,
          d.now,
          d.client,
        ),
      ];
    }
    case 'SignIn': {
      requireActive(state);
      const d = command.data;
      if (d.method === 'password' && (state.passwordHash === null || state.passwordHash !== d.verifiedPasswordHash)) {
        throw new UnauthorizedError(accountMessages.invalidCredentials);
      }
      const opened = signedIn(state.userId, d.method, d.sessionHash, d.now, d.client);
      if (d.foreignLinkIssuedAt === undefined) return [opened];
      if (state.linksRetiredAt !== null && ms(d.foreignLinkIssuedAt) < ms(state.linksRetiredAt)) {
        throw new ValidationError(accountMessages.magicLinkInvalid);
      }
      return [retireLinks(state, state.userId, d.now, 'link_sign_in'), opened];
    }
    case 'SignOut': {
      if (!state.userId || !Object.hasOwn(state.sessions, command.data.sessionHash)) return [];
      const out: UserSignedOut = {
        type: 'UserSignedOut',
        data: { userId: state.userId, sessionHash: command.data.sessionHash, reason: command.data.reason },
      };
      return [out];
    }
    case 'SignOutOthers': {
      const { userId } = state;
      if (!userId) return [];
      const d = command.data;
      return Object.keys(state.sessions)
        .filter((hash) => hash !== d.keepSessionHash && openSessionOf(state, hash, d.now))
        .map((sessionHash): UserSignedOut => ({
          type: 'UserSignedOut',
          data: { userId, sessionHash, reason: 'others' },
        }));
    }
    case 'TouchSession': {
      const d = command.data;
      const session = state.userId ? openSessionOf(state, d.sessionHash, d.now) : null;
      if (!session || !state.userId || ms(d.now) - ms(session.lastSeenAt) < SESSION_SEEN_INTERVAL_MS) return [];
      const seen: SessionSeen = {
        type: 'SessionSeen',
        data: { userId: state.userId, sessionHash: d.sessionHash, seenAt: d.now, ip: d.ip },
      };
      return [seen];
    }
    case 'UpdateProfile': {
      requireActive(state);
      const { firstName, lastName } = command.data;
      if (firstName === state.firstName && lastName === state.lastName) return [];
      const updated: UserProfileUpdated = {
        type: 'UserProfileUpdated',
        data: { userId: state.userId, firstName, lastName },
      };
      return [updated];
    }
    case 'ChangePassword': {
      requireActive(state);
      const d = command.data;
      let method: PasswordChanged['data']['method'];
      if (state.passwordHash === null) method = 'first_password';
      else if (d.verifiedPasswordHash !== null) {
        if (state.passwordHash !== d.verifiedPasswordHash)
          throw new UnauthorizedError(accountMessages.currentPasswordWrong);
        method = 'current_password';
      } else if (passwordWithoutCurrentUntil(state, d.callerSessionHash, d.now) !== null) method = 'recent_link';
      else throw new UnauthorizedError(accountMessages.currentPasswordWrong);
      const changed: PasswordChanged = {
        type: 'PasswordChanged',
        data: { userId: state.userId, passwordHash: d.passwordHash, method },
      };
      return [
        changed,
        retireLinks(state, state.userId, d.now, 'password_changed'),
        signedIn(state.userId, 'password', d.sessionHash, d.now, d.client),
      ];
    }
    case 'ResetPassword': {
      const d = command.data;
      const token = usableToken(state, d.tokenHash, d.now);
      if (!token || token.purpose !== 'reset_password' || state.status !== 'active' || !state.userId) {
        throw new ValidationError(accountMessages.resetLinkInvalid);
      }
      const consumed: MagicLinkConsumed = {
        type: 'MagicLinkConsumed',
        data: { userId: state.userId, tokenHash: d.tokenHash },
      };
      const changed: PasswordChanged = {
        type: 'PasswordChanged',
        data: { userId: state.userId, passwordHash: d.passwordHash, method: 'reset_link' },
      };
      return [
        consumed,
        changed,
        retireLinks(state, state.userId, d.now, 'password_reset', d.tokenHash),
        signedIn(state.userId, 'password_reset', d.sessionHash, d.now, d.client),
      ];
    }
    case 'IssueUserApiKey': {
      requireActive(state);
      const issued: UserApiKeyIssued = {
        type: 'UserApiKeyIssued',
        data: {
          userId: state.userId,
          keyHash: command.data.keyHash,
          keyPrefix: command.data.keyPrefix,
          previousKeyHash: state.apiKeyHash,
        },
      };
      return [issued];
    }
    case 'SaveSettings': {
      requireActive(state);
      if (state.settings !== null && stableJson(state.settings) === stableJson(command.data.settings)) return [];
      const saved: SettingsSaved = {
        type: 'SettingsSaved',
        data: { userId: state.userId, settings: command.data.settings },
      };
      return [saved];
    }
    case 'ChangePlan': {
      requireActive(state);
      const d = command.data;
      if (state.plan === d.to) return [];
      const changed: PlanChanged = {
        type: 'PlanChanged',
        data: {
          userId: state.userId,
          from: state.plan,
          to: d.to,
          reason: d.reason,
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
