import type { Filter } from '../ports';
import type { ReadModels } from '../projection';
import { SESSIONS, type SessionDoc } from './sessions.projection';

/** The open session with this hash, or null when unknown, revoked or expired at `now`. */
export async function findActiveSession(
  readModels: ReadModels,
  sessionHash: string,
  now: Date,
): Promise<SessionDoc | null> {
  const doc = await readModels.get<SessionDoc>(SESSIONS, sessionHash);
  if (!doc || doc.revoked || doc.expiresAt <= now.getTime()) return null;
  return doc;
}

/** The open sessions of an account at `now`: not revoked, not expired. */
function activeOf(userId: string, now: Date): Filter {
  return { userId, revoked: false, expiresAt: { $gt: now.getTime() } };
}

/** A keyset position in the sessions list: the (createdAt, id) of the last session of a page. */
export type SessionPosition = [createdAt: string, id: string];

/**
 * A page of the account's open sessions at `now`, newest sign-in first, after `after` when given.
 * Sign-in time never changes, so a cursor stays put while sessions are used (last seen moves),
 * opened or signed out.
 */
export async function pageActiveSessions(
  readModels: ReadModels,
  userId: string,
  now: Date,
  page: { limit: number; after?: SessionPosition },
): Promise<{ sessions: SessionDoc[]; next: SessionPosition | null }> {
  const found = await readModels.find<SessionDoc>(SESSIONS, activeOf(userId, now), {
    sort: [
      ['createdAt', -1],
      ['id', -1],
    ],
    limit: page.limit + 1,
    ...(page.after ? { after: page.after } : {}),
  });
  const sessions = found.slice(0, page.limit);
  const last = sessions[sessions.length - 1];
  return { sessions, next: found.length > page.limit && last ? [last.createdAt, last.id] : null };
}

export function countActiveSessions(readModels: ReadModels, userId: string, now: Date): Promise<number> {
  return readModels.count(SESSIONS, activeOf(userId, now));
}

/**
 * The account's open session with this public id at `now`, or null: unknown, revoked, expired and
 * another account's sessions alike.
 */
export async function findOwnActiveSession(
  readModels: ReadModels,
  userId: string,
  publicId: string,
  now: Date,
): Promise<SessionDoc | null> {
  const [doc] = await readModels.find<SessionDoc>(SESSIONS, { publicId, ...activeOf(userId, now) }, { limit: 1 });
  return doc ?? null;
}
