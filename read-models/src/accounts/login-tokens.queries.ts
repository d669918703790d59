import type { ReadModels } from '../projection';
import { LOGIN_TOKENS, type LoginTokenDoc } from './login-tokens.projection';

/** The magic link with this token hash when it can still be confirmed at `now`, else null. */
export async function findUsableLoginToken(
  readModels: ReadModels,
  tokenHash: string,
  now: Date,
): Promise<LoginTokenDoc | null> {
  const doc = await readModels.get<LoginTokenDoc>(LOGIN_TOKENS, tokenHash);
  if (!doc || doc.used || doc.expiresAt <= now.getTime()) return null;
  return doc;
}

/** Sign-up links of `email` not yet confirmed and still valid at `now`, newest first (at most 5). */
export async function findPendingSignUps(readModels: ReadModels, email: string, now: Date): Promise<LoginTokenDoc[]> {
  // Links expire within a day and requests are rate-limited, so an address has a handful at most.
  const docs = await readModels.find<LoginTokenDoc>(LOGIN_TOKENS, { email }, { limit: 100 });
  return docs
    .filter((d) => d.purpose === 'register' && !d.used && d.expiresAt > now.getTime())
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, 5);
}
