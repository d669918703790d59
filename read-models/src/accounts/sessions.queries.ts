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

/** A bound on the list (an account has a handful of open sessions; sign-ins are rate-limited). */
const SESSIONS_LISTED_MAX = 500;

/** The account's open sessions at `now`, most recently seen first. */
export async function listActiveSessions(readModels: ReadModels, userId: string, now: Date): Promise<SessionDoc[]> {
  const docs = await readModels.find<SessionDoc>(SESSIONS, { userId, revoked: false }, { limit: SESSIONS_LISTED_MAX });
  return docs
    .filter((d) => !d.revoked && d.expiresAt > now.getTime())
    .sort(
      (a, b) =>
        (b.lastSeenAt ?? b.createdAt).localeCompare(a.lastSeenAt ?? a.createdAt) ||
        b.createdAt.localeCompare(a.createdAt),
    );
}
