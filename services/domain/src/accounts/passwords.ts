/**
 * Password hashing: argon2id with the OWASP Password Storage Cheat Sheet's first configuration
 * (m = 19 MiB, t = 2, p = 1). The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) carries its
 * own salt and parameters, so raising them later only affects new hashes.
 */
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX } from '@jsonable/contracts/accounts';

// `Algorithm` is a const enum in the package's typings, which isolatedModules cannot inline.
const ARGON2ID = 2;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  // The routes validate lengths first; this guard keeps a bypassing caller from hashing megabytes.
  if (password.length > PASSWORD_MAX) throw new Error('Password too long to hash');
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password or a malformed hash; never throws on user input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throw-away hash so that an unknown address or a password-less account costs
 * the same time as a wrong password (no enumeration through timing).
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password-0123456789', ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
