/**
 * login_tokens (SPEC §3): e-mailed links by SHA-256 hash of the token — sign-in, sign-up and
 * password reset links. Answers the check calls (which must not consume) and tells the confirm
 * and reset calls which user stream decides. The decider remains the authority on single use and
 * retirement; this is a look-up. Expired links disappear by themselves.
 *
 * v2: links retired by a password change, reset or link sign-in (MagicLinksRetired) are marked
 * used; reset links carry purpose 'reset_password'.
 */
import type { LinkPurpose } from '@jsonable/contracts/events';
import { alreadyApplied, defineProjection, type Positioned, type ProjectionTx } from '../projection';
import { epochMs } from './guard';

export const LOGIN_TOKENS = 'login_tokens';

export interface LoginTokenDoc extends Positioned {
  /** SHA-256 hex of the token. */
  id: string;
  userId: string;
  email: string;
  purpose: LinkPurpose;
  createdAt: string;
  /** Epoch ms (the expiring collection removes the document after it). */
  expiresAt: number;
  used: boolean;
}

export const loginTokensProjection = defineProjection({
  name: 'login_tokens',
  version: 2,
  // email: a password sign-in finds an unconfirmed sign-up of the address (to say so).
  collections: [{ name: LOGIN_TOKENS, indexes: ['userId', 'email'], expiring: true }],
  handles: ['MagicLinkIssued', 'MagicLinkConsumed', 'MagicLinksRetired'],
  async handle(event, tx) {
    if (event.type === 'MagicLinksRetired') {
      for (const tokenHash of event.data.tokenHashes)
        markUsed(tx, await tx.get<LoginTokenDoc>(LOGIN_TOKENS, tokenHash), event.position);
      return;
    }
    const doc = await tx.get<LoginTokenDoc>(LOGIN_TOKENS, event.data.tokenHash);
    if (alreadyApplied(doc, event.position)) return;
    if (event.type === 'MagicLinkIssued') {
      const d = event.data;
      tx.put(LOGIN_TOKENS, {
        id: d.tokenHash,
        userId: d.userId,
        email: d.email,
        purpose: d.purpose ?? 'sign_in',
        createdAt: d.issuedAt ?? event.createdAt,
        expiresAt: epochMs(d.expiresAt),
        used: false,
        position: event.position,
      });
    } else {
      markUsed(tx, doc, event.position);
    }
  },
});

function markUsed(tx: ProjectionTx, doc: LoginTokenDoc | null, position: number): void {
  if (doc && !alreadyApplied(doc, position)) tx.put(LOGIN_TOKENS, { ...doc, used: true, position });
}
