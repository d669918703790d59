/**
 * sessions: signed-in sessions by SHA-256 hash of the session id (the cookie holds the id).
 * Sign-out revokes one; a password change revokes every session opened before it (the change
 * itself opens a new one right after). Revoked sessions stay as tombstones until they expire.
 */
import type { PasswordChanged, UserSignedIn, UserSignedOut } from '@jsonable/contracts/events';
import type { Projection, ProjectedEvent, ProjectionTx } from '../projection';
import { alreadyApplied, epochMs, type Positioned } from './guard';

export const SESSIONS = 'sessions';

export interface SessionDoc extends Positioned {
  /** SHA-256 hex of the session id. */
  id: string;
  userId: string;
  method: UserSignedIn['data']['method'];
  createdAt: string;
  /** Epoch ms: absolute expiry. */
  expiresAt: number;
  revoked: boolean;
}

export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  collections: [{ name: SESSIONS, indexes: ['userId'], expiring: true }],
  handles: ['UserSignedIn', 'UserSignedOut', 'PasswordChanged'],
  async handle(event: ProjectedEvent, tx: ProjectionTx): Promise<void> {
    const typed = event as unknown as UserSignedIn | UserSignedOut | PasswordChanged;
    switch (typed.type) {
      case 'UserSignedIn': {
        const existing = await tx.get<SessionDoc>(SESSIONS, typed.data.sessionHash);
        if (existing) return;
        tx.put(SESSIONS, {
          id: typed.data.sessionHash, userId: typed.data.userId, method: typed.data.method,
          createdAt: event.createdAt, expiresAt: epochMs(typed.data.expiresAt), revoked: false, position: event.position,
        });
        return;
      }
      case 'UserSignedOut': {
        const doc = await tx.get<SessionDoc>(SESSIONS, typed.data.sessionHash);
        if (!doc || alreadyApplied(doc, event.position)) return;
        tx.put(SESSIONS, { ...doc, revoked: true, position: event.position });
        return;
      }
      case 'PasswordChanged': {
        const sessions = await tx.find<SessionDoc>(SESSIONS, { userId: typed.data.userId });
        for (const doc of sessions) {
          if (!doc.revoked && !alreadyApplied(doc, event.position)) tx.put(SESSIONS, { ...doc, revoked: true, position: event.position });
        }
        return;
      }
    }
  },
};
