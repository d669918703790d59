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
import { foldEvents } from '../runtime/decider';
import { handleCommand, toDomainEvent } from '../runtime/handle-command';
import { userDecider, usableToken, type UserCommand, type UserEvent, type UserState } from './accounts.decider';
import { alreadyRegisteredMail, confirmSignUpMail, magicLinkMail, passwordChangedMail, verifyLink } from './mails';
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

function run(deps: Pick<AccountsDeps, 'eventStore' | 'ids'>, userId: string, command: UserCommand) {
  return handleCommand({ eventStore: deps.eventStore, stream: userStream(userId), decider: userDecider, command, ids: deps.ids });
}

export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  const recorded = await eventStore.readStream(userStream(userId));
  return foldEvents(userDecider, recorded.map((e) => toDomainEvent<UserEvent>(e)));
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
    id: deps.ids.uuid(), type: 'EmailClaimed', data: { email: input.email, userId },
  });
  if (!won) throw new ValidationError('An account with this email already exists');
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const result = await run(deps, userId, {
    type: 'RegisterUser',
    data: {
      userId, email: input.email, passwordHash, authProvider: passwordHash ? 'local' : 'magic_link',
      now: deps.clock.now().toISOString(), ...(input.plan ? { plan: input.plan } : {}),
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
  purpose: 'sign_in' | 'register',
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
    await send(deps.mailer, alreadyRegisteredMail(input.email, verifyLink(deps.config.publicUrl, token)));
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

/** Whether a link can still be confirmed (GET /api/verify-magic-link): reads only, consumes nothing. */
export async function checkMagicLink(deps: Pick<AccountsDeps, 'readModels' | 'eventStore' | 'clock'>, token: string): Promise<boolean> {
  const found = await lookUpToken(deps, token);
  return found !== null;
}

async function lookUpToken(
  deps: Pick<AccountsDeps, 'readModels' | 'eventStore' | 'clock'>,
  token: string,
): Promise<{ tokenHash: string; userId: string; state: UserState } | null> {
  const tokenHash = sha256Hex(token);
  const doc = await deps.readModels.get<LoginTokenDoc>(LOGIN_TOKENS, tokenHash);
  if (!doc) return null;
  // The stream, not the look-up, is the authority on use and expiry.
  const state = await loadUser(deps.eventStore, doc.userId);
  if (!usableToken(state, tokenHash, deps.clock.now().toISOString())) return null;
  return { tokenHash, userId: doc.userId, state };
}

/**
 * Consumes a magic link once and opens a session. For a pending sign-up the address is claimed
 * first; if another account won the address meanwhile, the link still proves control of the
 * address, so its owner is signed in.
 */
export async function confirmMagicLink(deps: AccountsDeps, input: { token: string }): Promise<OpenedSession> {
  const found = await lookUpToken(deps, input.token);
  if (!found) throw new ValidationError(accountMessages.magicLinkInvalid);
  const { tokenHash, userId, state } = found;
  const session = newSessionSecret(deps.ids);
  const now = deps.clock.now().toISOString();

  if (state.status === 'active') {
    const result = await run(deps, userId, { type: 'ConfirmMagicLink', data: { tokenHash, now, sessionHash: session.hash, holdsEmailClaim: true } });
    return { userId, sessionId: session.plaintext, position: result.position };
  }

  const email = state.tokens[tokenHash]?.email ?? state.email;
  if (!email) throw new ValidationError(accountMessages.magicLinkInvalid);
  const claimStream = emailStream(email);
  const holdsEmailClaim = await claimUnique(deps.eventStore, claimStream, {
    id: deps.ids.uuid(), type: 'EmailClaimed', data: { email, userId },
  }, { sameOwner: (existing) => (existing.data as { userId?: string }).userId === userId });
  const consumed = await run(deps, userId, { type: 'ConfirmMagicLink', data: { tokenHash, now, sessionHash: session.hash, holdsEmailClaim } });
  if (holdsEmailClaim) return { userId, sessionId: session.plaintext, position: consumed.position };

  const [claim] = await deps.eventStore.readStream(claimStream);
  const ownerId = (claim?.data as { userId?: string } | undefined)?.userId;
  if (!ownerId) throw new ValidationError(accountMessages.magicLinkInvalid);
  const owner = await loadUser(deps.eventStore, ownerId);
  if (owner.status !== 'active') {
    // The holder of the address never got its account (a crash between claim and registration):
    // this link proves control of the address, so the account is created on the holder's stream.
    const token = state.tokens[tokenHash];
    await run(deps, ownerId, {
      type: 'RegisterUser',
      data: { userId: ownerId, email, passwordHash: token?.passwordHash ?? null, authProvider: token?.passwordHash ? 'local' : 'magic_link', now },
    });
  }
  const signedIn = await run(deps, ownerId, { type: 'SignIn', data: { sessionHash: session.hash, now, method: 'magic_link', verifiedPasswordHash: null } });
  return { userId: ownerId, sessionId: session.plaintext, position: signedIn.position };
}

/** Password sign-in. Unknown address, password-less account and wrong password fail alike. */
export async function signInWithPassword(deps: AccountsDeps, input: { email: string; password: string }): Promise<OpenedSession> {
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
  const ok = passwordHash ? await verifyPassword(passwordHash, input.password) : await burnPasswordCheck(input.password);
  if (!ok) throw new UnauthorizedError(accountMessages.invalidCredentials);
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, owner.userId, {
    type: 'SignIn',
    data: { sessionHash: session.hash, now: deps.clock.now().toISOString(), method: 'password', verifiedPasswordHash: passwordHash },
  });
  return { userId: owner.userId, sessionId: session.plaintext, position: result.position };
}

/** The password hash of the newest unconfirmed sign-up of `email` (from its stream), or null. */
async function pendingSignUpHash(deps: AccountsDeps, email: string): Promise<string | null> {
  const now = deps.clock.now();
  for (const doc of await findPendingSignUps(deps.readModels, email, now)) {
    const state = await loadUser(deps.eventStore, doc.userId);
    const token = state.tokens[doc.id];
    if (state.status === 'pending' && token && usableToken(state, doc.id, now.toISOString()) && token.passwordHash) return token.passwordHash;
  }
  return null;
}

/** Opens a session for an existing account without a credential check (tests, operator tooling). */
export async function openSession(deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock'>, userId: string): Promise<OpenedSession> {
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, userId, {
    type: 'SignIn',
    data: { sessionHash: session.hash, now: deps.clock.now().toISOString(), method: 'magic_link', verifiedPasswordHash: null },
  });
  return { userId, sessionId: session.plaintext, position: result.position };
}

export async function signOut(deps: Pick<AccountsDeps, 'eventStore' | 'ids'>, input: { userId: string; sessionHash: string }): Promise<Written> {
  const result = await run(deps, input.userId, { type: 'SignOut', data: { sessionHash: input.sessionHash } });
  return { position: result.position };
}

export async function updateProfile(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string; firstName: string | null; lastName: string | null },
): Promise<Written> {
  const result = await run(deps, input.userId, { type: 'UpdateProfile', data: { firstName: input.firstName, lastName: input.lastName } });
  return { position: result.position };
}

/**
 * Verifies the current password (not needed when the account has none yet), stores the new hash,
 * revokes every session and opens a new one for the caller.
 */
export async function changePassword(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids' | 'clock' | 'mailer' | 'config'>,
  input: { userId: string; currentPassword: string | undefined; newPassword: string },
): Promise<OpenedSession & { notified: boolean }> {
  const state = await loadUser(deps.eventStore, input.userId);
  if (state.passwordHash !== null) {
    const ok = input.currentPassword !== undefined && (await verifyPassword(state.passwordHash, input.currentPassword));
    if (!ok) throw new ValidationError(accountMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const session = newSessionSecret(deps.ids);
  const result = await run(deps, input.userId, {
    type: 'ChangePassword',
    data: { passwordHash, verifiedPasswordHash: state.passwordHash, sessionHash: session.hash, now: deps.clock.now().toISOString() },
  });
  // The change stands even if the notice cannot be sent; the caller logs a failed notice.
  const notified = state.email !== null && (await deps.mailer.send(passwordChangedMail(state.email, deps.config.publicUrl)).then(() => true, () => false));
  return { userId: input.userId, sessionId: session.plaintext, position: result.position, notified };
}

/** A new user API key, returned this once; the previous key stops working. */
export async function generateUserApiKey(
  deps: Pick<AccountsDeps, 'eventStore' | 'ids'>,
  input: { userId: string },
): Promise<Written & { apiKey: string; prefix: string }> {
  const key = newUserApiKey(deps.ids);
  const result = await run(deps, input.userId, { type: 'IssueUserApiKey', data: { keyHash: key.hash, keyPrefix: key.prefix } });
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
    data: { to: input.to, reason: input.reason, ...(input.subscriptionId !== undefined ? { subscriptionId: input.subscriptionId } : {}) },
  });
  return { position: result.position, changed: result.events.length > 0 };
}
