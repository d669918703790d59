import type { ReadModels } from '../projection';
import { SESSIONS, type SessionDoc } from './sessions.projection';

/** The open session with this hash, or null when unknown, revoked or expired at `now`. */
export async function findActiveSession(readModels: ReadModels, sessionHash: string, now: Date): Promise<SessionDoc | null> {
  const doc = await readModels.get<SessionDoc>(SESSIONS, sessionHash);
  if (!doc || doc.revoked || doc.expiresAt <= now.getTime()) return null;
  return doc;
}
