import type { ReadModels } from '../projection';
import { LOGIN_TOKENS, type LoginTokenDoc } from './login-tokens.projection';

/** The magic link with this token hash when it can still be confirmed at `now`, else null. */
export async function findUsableLoginToken(readModels: ReadModels, tokenHash: string, now: Date): Promise<LoginTokenDoc | null> {
  const doc = await readModels.get<LoginTokenDoc>(LOGIN_TOKENS, tokenHash);
  if (!doc || doc.used || doc.expiresAt <= now.getTime()) return null;
  return doc;
}
