/**
 * Accounts command handlers: load → decide → append (handleCommand), plus the impure parts the
 * decider cannot do (argon2, random secrets, look-ups, e-mail).
 *
 * No account enumeration: signing up and asking for a magic link do the same work and give the
 * same answer whether or not the address has an account — the difference only shows in the
 * e-mail that the address's owner receives.
 */
import type { PlanChanged } from '@jsonable/contracts/events';
import type { PlanTier } from '@jsonable/contracts/plans';
import { accountMessages } from '@jsonable/contracts/accounts';
import type { ReadModels } from '@jsonable/read-models/projection';
import { findEmailOwner } from '@jsonable/read-models/accounts/users.queries';
import { LOGIN_TOKENS, type LoginTokenDoc } from '@jsonable/read-models/accounts/login-tokens.projection';
import { findPendingSignUps } from '@jsonable/read-models/accounts/login-tokens.queries';
import { UnauthorizedError, UnavailableError, ValidationError } from '../errors';
import type { Clock, EventStore, Ids, MailMessage, Mailer } from '../ports';
import { claimUnique } from '../runtime/claim-unique';
import { aggregateStream } from '../runtime/aggregate-stream';
import { handleCommand } from '../runtime/handle-command';
import {
  passwordWithoutCurrentUntil,
  userDecider,
  usableToken,
  type ClientInfo,
  type UserCommand,
  type UserState,
} from './accounts.decider';
import type { LinkPurpose, UserSignedOut } from '@jsonable/contracts/events';
import {
  alreadyRegisteredMail,
  confirmSignUpMail,
  magicLinkMail,
  noAccountResetMail,
  passwordChangedMail,
  passwordResetMail,
  resetLink,
  verifyLink,
} from './mails';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { newMagicLinkToken, newSessionSecret, newUserApiKey, sha256Hex } from './secrets';
import { emailStream, userStream } from './streams';

export interface AccountsDeps {
  eventStore: EventStore;
  readModels: ReadModels;
  mailer: Mailer;
  clock: Clock;
  ids: Ids;
  config: { publicUrl: string };
}

/** What a write answers: the global position read-your-writes waits for. */
export interface Written {
  position: number;
}

/** A new session: the id goes into the cookie, only its hash was stored. */
export interface OpenedSession extends Written {
  userId: string;
  sessionId: string;
}

/** Nobody in particular: operator tooling and tests open sessions without a browser. */
export const NO_CLIENT: ClientInfo = { userAgent: null, ip: null };

function run(deps: Pick<AccountsDeps, 'eventStore' | 'ids'>, userId: string, command: UserCommand) {
  return handleCommand({
    eventStore: deps.eventStore,
    stream: userStream(userId),
    decider: userDecider,
    command,
    ids: deps.ids,
  });
}

export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  return (await aggregateStream(eventStore, userStream(userId), userDecider)).state;
}

/**
 * Tells the owner their password was changed: whether the notice went out. The change stands
 * even if it cannot be sent; the caller logs a failed notice.
 */
function noticeOfNewPassword(deps: Pick<AccountsDeps, 'mailer' | 'config'>, email: string): Promise<boolean> {
  return deps.mailer.send(passwordChangedMail(email, deps.config.publicUrl)).then(
    () => true,
    () => false,
  );
}

async function send(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch {
    throw new UnavailableError('Failed to send email. Please try again.');
  }
}

/**
 * Creates an account directly (operator CLI, tests, seeding): claims the address, then appends
 * UserRegistered. The HTTP sign-up goes through requestSignUp, which confirms the address first.
 */
export async function registerUser(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock'>,
  input: { email: string; password: string | null; plan?: PlanTier },
): Promise<Written & { userId: string }> {
  const userId = deps.ids.uuid();
  const won = await claimUnique(deps.eventStore, emailStream(input.email), {
    id: deps.ids.uuid(),
    type: 'EmailClaimed',
    data: { email: input.email, userId },
  });
  if (!won) throw new ValidationError('An account with this email already exists');
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const result = await run(deps, userId, {
    type: 'RegisterUser',
    data: {
      userId,
      email: input.email,
      passwordHash,
      authProvider: passwordHash ? 'local' : 'magic_link',
      now: deps.clock.now().toISOString(),
      ...(input.plan ? { plan: input.plan } : {}),
    },
  });
  return { userId, position: result.position };
}

/** The user holding an address's reservation (an account, or a sign-up waiting for confirmation). */
async function ownerOf(deps: AccountsDeps, email: string): Promise<{ userId: string; state: UserState } | null> {
  const userId = await findEmailOwner(deps.readModels, email);
  if (!userId) return null;
  const state = await loadUser(deps.eventStore, userId);
  return state.status === 'active' ? { userId, state } : null;
}

async function issueLink(
  deps: AccountsDeps,
  userId: string,
  email: string,
  purpose: LinkPurpose,
  passwordHash: string | null,
): Promise<{ token: string; position: number }> {
  const token = newMagicLinkToken(deps.ids);
  const result = await run(deps, userId, {
    type: 'IssueMagicLink',
    data: { userId, email, tokenHash: token.hash, now: deps.clock.now().toISOString(), purpose, passwordHash },
  });
  return { token: token.plaintext, position: result.position };
}

/**
 * Sign-up by e-mail and password. A new address gets a confirmation link that creates the account
 * (with this password) when used; an address that already has an account gets a sign-in link and
 * a note instead. The caller answers the same in both cases.
 */
export async function requestSignUp(deps: AccountsDeps, input: { email: string; password: string }): Promise<Written> {
  // Hash first on both paths: the answer takes as long for a known address as for a new one.
  const passwordHash = await hashPassword(input.password);
  const owner = await ownerOf(deps, input.email);
  if (owner) {
    const { token, position } = await issueLink(deps, owner.userId, input.email, 'sign_in', null);
    await send(
      deps.mailer,
      alreadyRegisteredMail(input.email, verifyLink(deps.config.publicUrl, token), deps.config.publicUrl),
    );
    return { position };
  }
  const { token, position } = await issueLink(deps, deps.ids.uuid(), input.email, 'register', passwordHash);
  await send(deps.mailer, confirmSignUpMail(input.email, verifyLink(deps.config.publicUrl, token)));
  return { position };
}

/** A sign-in link valid 24 hours; for an address without an account, the account is created on confirmation. */
export async function requestMagicLink(deps: AccountsDeps, input: { email: string }): Promise<Written> {
  const owner = await ownerOf(deps, input.email);
  const userId = owner?.userId ?? deps.ids.uuid();
  const { token, position } = await issueLink(deps, userId, input.email, 'sign_in', null);
  await send(deps.mailer, magicLinkMail(input.email, verifyLink(deps.config.publicUrl, token)));
  return { position };
}

/** What GET /api/verify-magic-link shows before the click: the address, and whether it is a sign-up. */
export interface LinkPreview {
  email: string;
  purpose: 'sign_in' | 'register';
}

/** Whether a link can still be confirmed (GET /api/verify-magic-link): reads only, consumes nothing. */
export async function checkMagicLink(
  deps: Pick<AccountsDeps, 'readModels' | 'eventStore' | 'clock'>,
  token: string,
): Promise<LinkPreview | null> {
  const found = await lookUpToken(deps, token);
  if (!found || found.token.purpose === 'reset_password') return null;
  return { email: found.token.email, purpose: found.token.purpose };
}

/** Whether a reset link can still be used (GET /api/password-reset): reads only. */
export async function checkResetLink(
  deps: Pick<AccountsDeps, 'readModels' | 'eventStore' | 'clock'>,
  token: string,
): Promise<{ email: string } | null> {
  const found = await lookUpToken(deps, token);
  if (!found || found.token.purpose !== 'reset_password' || found.state.status !== 'active') return null;
  return { email: found.token.email };
}

type FoundToken = {
  tokenHash: string;
  userId: string;
  state: UserState;
  token: NonNullable<ReturnType<typeof usableToken>>;
};

async function lookUpToken(
  deps: Pick<AccountsDeps, 'readModels' | 'eventStore' | 'clock'>,
  token: string,
): Promise<FoundToken | null> {
  const tokenHash = sha256Hex(token);
  const doc = await deps.readModels.get<LoginTokenDoc>(LOGIN_TOKENS, tokenHash);
  if (!doc) return null;
  // The stream, not the look-up, is the authority on use and expiry.
  const now = deps.clock.now().toISOString();
  const state = await loadUser(deps.eventStore, doc.userId);
  const usable = usableToken(state, tokenHash, now);
  if (!usable) return null;
  // A link of a sign-up that never became the account: void once the account's links were retired.
  if (state.status !== 'active') {
    const ownerId = await findEmailOwner(deps.readModels, usable.email);
    if (ownerId && ownerId !== doc.userId) {
      const owner = await loadUser(deps.eventStore, ownerId);
      if (owner.linksRetiredAt !== null && usable.issuedAt < owner.linksRetiredAt) return null;
    }
  }
  return { tokenHash, userId: doc.userId, state, token: usable };
}

/**
 * Consumes a magic link once (after the click on /auth/verify) and opens a session. For a pending
 * sign-up the address is claimed first, and the account gets the sign-up's password only when
 * `password` is that password (else, without `password`, it has none). If another account won the
 * address meanwhile, the link still proves control of the address, so its owner is signed in.
 */
export async function confirmMagicLink(
  deps: AccountsDeps,
  input: { token: string; password?: string | undefined; client: ClientInfo },
): Promise<OpenedSession> {
  const found = await lookUpToken(deps, input.token);
  if (!found || found.token.purpose === 'reset_password') throw new ValidationError(accountMessages.magicLinkInvalid);
  const { tokenHash, userId, state, token } = found;
  const session = newSessionSecret(deps.ids);
  const now = deps.clock.now().toISOString();
  const base = { tokenHash, now, sessionHash: session.hash, client: input.client };

  if (state.status === 'active') {
    const result = await run(deps, userId, {
      type: 'ConfirmMagicLink',
      data: { ...base, holdsEmailClaim: true, confirmedPasswordHash: null },
    });
    return { userId, sessionId: session.plaintext, position: result.position };
  }

  // The sign-up's password counts only when the person confirming knows it.
  let confirmedPasswordHash: string | null = null;
  if (input.password !== undefined) {
    const ok =
      token.purpose === 'register' && token.passwordHash !== null
        ? await verifyPassword(token.passwordHash, input.password)
        : await burnPasswordCheck(input.password);
    if (!ok) throw new UnauthorizedError(accountMessages.signUpPasswordWrong);
    confirmedPasswordHash = token.passwordHash;
  }

  const claimStream = emailStream(token.email);
  const holdsEmailClaim = await claimUnique(
    deps.eventStore,
    claimStream,
    {
      id: deps.ids.uuid(),
      type: 'EmailClaimed',
      data: { email: token.email, userId },
    },
    { sameOwner: (existing) => (existing.data as { userId?: string }).userId === userId },
  );
  const consumed = await run(deps, userId, {
    type: 'ConfirmMagicLink',
    data: { ...base, holdsEmailClaim, confirmedPasswordHash },
  });
  if (holdsEmailClaim) return { userId, sessionId: session.plaintext, position: consumed.position };

  const [claim] = await deps.eventStore.readStream(claimStream);
  const ownerId = (claim?.data as { userId?: string } | undefined)?.userId;
  if (!ownerId) throw new ValidationError(accountMessages.magicLinkInvalid);
  const owner = await loadUser(deps.eventStore, ownerId);
  if (owner.status !== 'active') {
    // The holder of the address never got its account (a crash between claim and registration):
    // this link proves control of the address, so the account is created on the holder's stream.
    await run(deps, ownerId, {
      type: 'RegisterUser',
      data: {
        userId: ownerId,
        email: token.email,
        passwordHash: confirmedPasswordHash,
        authProvider: confirmedPasswordHash ? 'local' : 'magic_link',
        now,
      },
    });
  }
  const signedIn = await run(deps, ownerId, {
    type: 'SignIn',
    data: {
      sessionHash: session.hash,
      now,
      method: 'magic_link',
      verifiedPasswordHash: null,
      client: input.client,
      foreignLinkIssuedAt: token.issuedAt,
    },
  });
  return { userId: ownerId, sessionId: session.plaintext, position: signedIn.position };
}

/** Password sign-in. Unknown address, password-less account and wrong password fail alike. */
export async function signInWithPassword(
  deps: AccountsDeps,
  input: { email: string; password: string; client: ClientInfo },
): Promise<OpenedSession> {
  const owner = await ownerOf(deps, input.email);
  if (!owner) {
    // No account yet. If the address has a sign-up waiting for its e-mail link and this is its
    // password, say so rather than "invalid": only someone who knows the password learns that a
    // sign-up is pending. One password check either way, so timing tells nothing more.
    const pending = await pendingSignUpHash(deps, input.email);
    const ok = pending ? await verifyPassword(pending, input.password) : await burnPasswordCheck(input.password);
    throw new UnauthorizedError(pending && ok ? accountMessages.confirmEmailFirst : accountMessages.invalidCredentials);
  }
  const passwordHash = owner.state.passwordHash ?? null;
  const ok = passwordHash
    ? await verifyPassword(passwordHash, input.password)
    : await burnPasswordCheck(input.password);
  if (!ok) throw new UnauthorizedError(accountMessages.invalidCredentials);
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, owner.userId, {
    type: 'SignIn',
    data: {
      sessionHash: session.hash,
      now: deps.clock.now().toISOString(),
      method: 'password',
      verifiedPasswordHash: passwordHash,
      client: input.client,
    },
  });
  return { userId: owner.userId, sessionId: session.plaintext, position: result.position };
}

/** The password hash of the newest unconfirmed sign-up of `email` (from its stream), or null. */
async function pendingSignUpHash(deps: AccountsDeps, email: string): Promise<string | null> {
  const now = deps.clock.now();
  for (const doc of await findPendingSignUps(deps.readModels, email, now)) {
    const state = await loadUser(deps.eventStore, doc.userId);
    const token = state.tokens[doc.id];
    if (state.status === 'pending' && token && usableToken(state, doc.id, now.toISOString()) && token.passwordHash)
      return token.passwordHash;
  }
  return null;
}

/** Opens a session for an existing account without a credential check (tests, operator tooling). */
export async function openSession(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock'>,
  userId: string,
): Promise<OpenedSession> {
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, userId, {
    type: 'SignIn',
    data: {
      sessionHash: session.hash,
      now: deps.clock.now().toISOString(),
      method: 'magic_link',
      verifiedPasswordHash: null,
      client: NO_CLIENT,
    },
  });
  return { userId, sessionId: session.plaintext, position: result.position };
}

export async function signOut(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string; sessionHash: string; reason: NonNullable<UserSignedOut['data']['reason']> },
): Promise<Written & { signedOut: boolean }> {
  const result = await run(deps, input.userId, {
    type: 'SignOut',
    data: { sessionHash: input.sessionHash, reason: input.reason },
  });
  return { position: result.position, signedOut: result.events.length > 0 };
}

/** Signs out every open session of the account except `keepSessionHash`. */
export async function signOutOthers(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock'>,
  input: { userId: string; keepSessionHash: string },
): Promise<Written & { signedOut: number }> {
  const result = await run(deps, input.userId, {
    type: 'SignOutOthers',
    data: { keepSessionHash: input.keepSessionHash, now: deps.clock.now().toISOString() },
  });
  return { position: result.position, signedOut: result.events.length };
}

/** Records that a session was used, at most once every few minutes (the sessions list's "last seen"). */
export async function touchSession(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock'>,
  input: { userId: string; sessionHash: string; ip: string | null },
): Promise<void> {
  await run(deps, input.userId, {
    type: 'TouchSession',
    data: { sessionHash: input.sessionHash, now: deps.clock.now().toISOString(), ip: input.ip },
  });
}

/** Until when the session may set a new password without the current one, or null. */
export async function passwordWithoutCurrentUntilFor(
  deps: Pick<AccountsDeps, 'eventStore' | 'clock'>,
  input: { userId: string; sessionHash: string | null },
): Promise<string | null> {
  const state = await loadUser(deps.eventStore, input.userId);
  return passwordWithoutCurrentUntil(state, input.sessionHash, deps.clock.now().toISOString());
}

export async function updateProfile(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string; firstName: string | null; lastName: string | null },
): Promise<Written> {
  const result = await run(deps, input.userId, {
    type: 'UpdateProfile',
    data: { firstName: input.firstName, lastName: input.lastName },
  });
  return { position: result.position };
}

/**
 * Verifies the current password — not needed when the account has none yet, or when the caller's
 * session was opened by an e-mailed link less than 15 minutes ago — stores the new hash, retires
 * every outstanding link, revokes every session and opens a new one for the caller.
 */
export async function changePassword(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock' | 'mailer' | 'config'>,
  input: {
    userId: string;
    sessionHash: string | null;
    currentPassword: string | undefined;
    newPassword: string;
    client: ClientInfo;
  },
): Promise<OpenedSession & { notified: boolean }> {
  const state = await loadUser(deps.eventStore, input.userId);
  let verifiedPasswordHash: string | null = null;
  if (state.passwordHash !== null && input.currentPassword !== undefined && input.currentPassword !== '') {
    if (!(await verifyPassword(state.passwordHash, input.currentPassword)))
      throw new ValidationError(accountMessages.currentPasswordWrong);
    verifiedPasswordHash = state.passwordHash;
  } else if (
    state.passwordHash !== null &&
    passwordWithoutCurrentUntil(state, input.sessionHash, deps.clock.now().toISOString()) === null
  ) {
    throw new ValidationError(accountMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, input.userId, {
    type: 'ChangePassword',
    data: {
      passwordHash,
      verifiedPasswordHash,
      callerSessionHash: input.sessionHash,
      sessionHash: session.hash,
      now: deps.clock.now().toISOString(),
      client: input.client,
    },
  });
  const notified = state.email !== null && (await noticeOfNewPassword(deps, state.email));
  return { userId: input.userId, sessionId: session.plaintext, position: result.position, notified };
}

/**
 * "Forgot password?": mails a reset link (valid 1 hour) when the address has an account, and a
 * note saying no account uses it otherwise. Callers answer before this settles, so the answer
 * and its timing are the same for both (see the forgot-password route).
 */
export async function requestPasswordReset(
  deps: AccountsDeps & { waitForProjections(position: number): Promise<void> },
  input: { email: string },
): Promise<void> {
  const owner = await ownerOf(deps, input.email);
  if (!owner) {
    await send(deps.mailer, noAccountResetMail(input.email, deps.config.publicUrl));
    return;
  }
  const { token, position } = await issueLink(deps, owner.userId, input.email, 'reset_password', null);
  // The link must be usable as soon as it arrives.
  await deps.waitForProjections(position);
  await send(deps.mailer, passwordResetMail(input.email, resetLink(deps.config.publicUrl, token)));
}

/**
 * Sets a new password through a reset link: consumes the link, retires every other link, revokes
 * every session and opens a new one for the caller, and tells the owner by e-mail.
 */
export async function resetPassword(
  deps: AccountsDeps,
  input: { token: string; newPassword: string; client: ClientInfo },
): Promise<OpenedSession & { notified: boolean }> {
  const found = await lookUpToken(deps, input.token);
  if (!found || found.token.purpose !== 'reset_password') {
    // The same argon2 work as a valid link, so a guessed token learns nothing from the timing.
    await hashPassword(input.newPassword);
    throw new ValidationError(accountMessages.resetLinkInvalid);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, found.userId, {
    type: 'ResetPassword',
    data: {
      tokenHash: found.tokenHash,
      passwordHash,
      sessionHash: session.hash,
      now: deps.clock.now().toISOString(),
      client: input.client,
    },
  });
  const notified = await noticeOfNewPassword(deps, found.token.email);
  return { userId: found.userId, sessionId: session.plaintext, position: result.position, notified };
}

/** A new user API key, returned this once; the previous key stops working. */
export async function generateUserApiKey(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string },
): Promise<Written & { apiKey: string; prefix: string }> {
  const key = newUserApiKey(deps.ids);
  const result = await run(deps, input.userId, {
    type: 'IssueUserApiKey',
    data: { keyHash: key.hash, keyPrefix: key.prefix },
  });
  return { apiKey: key.plaintext, prefix: key.prefix, position: result.position };
}

export async function saveSettings(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string; settings: Record<string, unknown> },
): Promise<Written> {
  const result = await run(deps, input.userId, { type: 'SaveSettings', data: { settings: input.settings } });
  return { position: result.position };
}

/**
 * Moves an account to another plan (billing webhooks, the operator CLI). A change to the plan the
 * account already has appends nothing.
 */
export async function changePlan(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string; to: PlanTier; reason: PlanChanged['data']['reason']; subscriptionId?: string | null },
): Promise<Written & { changed: boolean }> {
  const result = await run(deps, input.userId, {
    type: 'ChangePlan',
    data: {
      to: input.to,
      reason: input.reason,
      ...(input.subscriptionId !== undefined ? { subscriptionId: input.subscriptionId } : {}),
    },
  });
  return { position: result.position, changed: result.events.length > 0 };
}
