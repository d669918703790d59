/**
 * sessions: signed-in sessions by SHA-256 hash of the session id (the cookie holds the id), with
 * what Settings → Security lists: when and how it was opened, when it was last seen, the browser's
 * User-Agent and a coarse address. Sign-out revokes one; a password change (or reset) revokes
 * every session opened before it (the change itself opens a new one right after). Revoked
 * sessions stay as tombstones until they expire.
 *
 * v2: adds signedInAt/lastSeenAt/userAgent/ip (UserSignedIn, SessionSeen); rebuilt from the log.
 * v3: adds publicId (the id the sessions list shows, looked up directly by a sign-out) and the
 * index the paged list seeks by (issue #30); rebuilt from the log.
 */
import { createHash } from 'node:crypto';
import type { UserSignedIn } from '@jsonable/contracts/events';
import { alreadyApplied, defineProjection, type Positioned } from '../projection';
import { epochMs } from './guard';

export const SESSIONS = 'sessions';

/**
 * The id Settings → Security shows for a session (24 hex characters), derived from its hash: neither
 * the cookie's secret nor the hash sessions are looked up by ever leaves the server.
 */
export function publicSessionId(sessionHash: string): string {
  return createHash('sha256').update(`session:${sessionHash}`).digest('hex').slice(0, 24);
}

export interface SessionDoc extends Positioned {
  /** SHA-256 hex of the session id. */
  id: string;
  /** publicSessionId(id). */
  publicId: string;
  userId: string;
  method: UserSignedIn['data']['method'];
  createdAt: string;
  /** Epoch ms: absolute expiry. */
  expiresAt: number;
  revoked: boolean;
  /** ISO; the newest SessionSeen (or createdAt). */
  lastSeenAt: string;
  userAgent: string | null;
  /** Coarse address at sign-in, then at the last SessionSeen. */
  ip: string | null;
}

export const sessionsProjection = defineProjection({
  name: 'sessions',
  version: 3,
  collections: [
    {
      name: SESSIONS,
      indexes: ['userId', 'revoked', 'publicId'],
      // The sessions list: one account's open sessions, newest sign-in first, paged by (createdAt, id).
      compoundIndexes: [['userId', 'revoked', 'createdAt', 'id']],
      expiring: true,
    },
  ],
  handles: ['UserSignedIn', 'UserSignedOut', 'PasswordChanged', 'SessionSeen'],
  async handle(event, tx) {
    switch (event.type) {
      case 'UserSignedIn': {
        const existing = await tx.get<SessionDoc>(SESSIONS, event.data.sessionHash);
        if (existing) return;
        const d = event.data;
        const createdAt = d.signedInAt ?? event.createdAt;
        tx.put(SESSIONS, {
          id: d.sessionHash,
          publicId: publicSessionId(d.sessionHash),
          userId: d.userId,
          method: d.method,
          createdAt,
          expiresAt: epochMs(d.expiresAt),
          revoked: false,
          position: event.position,
          lastSeenAt: createdAt,
          userAgent: d.userAgent ?? null,
          ip: d.ip ?? null,
        });
        return;
      }
      case 'SessionSeen': {
        const doc = await tx.get<SessionDoc>(SESSIONS, event.data.sessionHash);
        if (!doc || doc.revoked || alreadyApplied(doc, event.position)) return;
        tx.put(SESSIONS, {
          ...doc,
          lastSeenAt: event.data.seenAt,
          ip: event.data.ip ?? doc.ip,
          position: event.position,
        });
        return;
      }
      case 'UserSignedOut': {
        const doc = await tx.get<SessionDoc>(SESSIONS, event.data.sessionHash);
        if (!doc || alreadyApplied(doc, event.position)) return;
        tx.put(SESSIONS, { ...doc, revoked: true, position: event.position });
        return;
      }
      case 'PasswordChanged': {
        const sessions = await tx.find<SessionDoc>(SESSIONS, { userId: event.data.userId });
        for (const doc of sessions) {
          if (!doc.revoked && !alreadyApplied(doc, event.position))
            tx.put(SESSIONS, { ...doc, revoked: true, position: event.position });
        }
        return;
      }
    }
  },
});
