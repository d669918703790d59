import { findPage, type KeysetOrder, type KeysetPosition, type PageRequest } from '../paging';
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

const NEWEST_FIRST: KeysetOrder<SessionDoc> = [
  ['createdAt', -1],
  ['id', -1],
];

/**
 * A page of the account's open sessions at `now`, newest sign-in first, after `page.after` when
 * given. Sign-in time never changes, so a cursor stays put while sessions are used (last seen
 * moves), opened or signed out.
 */
export async function pageActiveSessions(
  readModels: ReadModels,
  userId: string,
  now: Date,
  page: PageRequest,
): Promise<{ sessions: SessionDoc[]; next: KeysetPosition | null }> {
  const { docs, next } = await findPage(readModels, SESSIONS, activeOf(userId, now), NEWEST_FIRST, page);
  return { sessions: docs, next };
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
