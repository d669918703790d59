/**
 * login_tokens (SPEC §3): magic links by SHA-256 hash of the token. Answers the verify call
 * (which must not consume) and tells the confirm call which user stream decides. The decider
 * remains the authority on single use; this is a look-up. Expired links disappear by themselves.
 */
import type { MagicLinkConsumed, MagicLinkIssued } from '@jsonable/contracts/events';
import type { Projection, ProjectedEvent, ProjectionTx } from '../projection';
import { alreadyApplied, epochMs, type Positioned } from './guard';

export const LOGIN_TOKENS = 'login_tokens';

export interface LoginTokenDoc extends Positioned {
  /** SHA-256 hex of the token. */
  id: string;
  userId: string;
  email: string;
  purpose: 'sign_in' | 'register';
  createdAt: string;
  /** Epoch ms (the expiring collection removes the document after it). */
  expiresAt: number;
  used: boolean;
}

export const loginTokensProjection: Projection = {
  name: 'login_tokens',
  version: 1,
  // email: a password sign-in finds an unconfirmed sign-up of the address (to say so). Added to
  // existing collections in place by ensureCollection, so no rebuild is needed.
  collections: [{ name: LOGIN_TOKENS, indexes: ['userId', 'email'], expiring: true }],
  handles: ['MagicLinkIssued', 'MagicLinkConsumed'],
  async handle(event: ProjectedEvent, tx: ProjectionTx): Promise<void> {
    const typed = event as unknown as MagicLinkIssued | MagicLinkConsumed;
    const doc = await tx.get<LoginTokenDoc>(LOGIN_TOKENS, typed.data.tokenHash);
    if (alreadyApplied(doc, event.position)) return;
    if (typed.type === 'MagicLinkIssued') {
      const d = typed.data;
      tx.put(LOGIN_TOKENS, {
        id: d.tokenHash, userId: d.userId, email: d.email, purpose: d.purpose ?? 'sign_in',
        createdAt: event.createdAt, expiresAt: epochMs(d.expiresAt), used: false, position: event.position,
      });
    } else if (doc) {
      tx.put(LOGIN_TOKENS, { ...doc, used: true, position: event.position });
    }
  },
};
