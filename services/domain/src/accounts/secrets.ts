/**
 * Secrets the accounts context hands out: session ids, magic-link tokens and user API keys.
 * Only their SHA-256 hashes are ever stored (events and documents); the plaintext goes to the
 * user once (a cookie, an e-mail, a response body). 32 random bytes make a secret that cannot
 * be guessed, so a fast unsalted hash is enough to look it up (ASVS 2.9/3.2).
 *
 * Constant time: a presented secret is never compared with a stored one byte by byte. It is
 * hashed and the hash is looked up (an attacker cannot steer the hash's bytes, so the look-up's
 * timing says nothing about stored values); passwords are checked by argon2's own constant-time
 * verify, and an unknown account burns the same argon2 work (passwords.ts).
 */
import { createHash } from 'node:crypto';
import type { Ids } from '../ports';

export const SECRET_BYTES = 32;
export const USER_KEY_PREFIX = 'jsk_';
/** How much of a key is shown after its creation: the marker plus 8 characters. */
export const KEY_PREFIX_LENGTH = USER_KEY_PREFIX.length + 8;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export interface IssuedSecret {
  /** Given to the user once. */
  plaintext: string;
  /** What is stored. */
  hash: string;
}

export function newSessionSecret(ids: Ids): IssuedSecret {
  const plaintext = ids.secret(SECRET_BYTES);
  return { plaintext, hash: sha256Hex(plaintext) };
}

export function newMagicLinkToken(ids: Ids): IssuedSecret {
  const plaintext = ids.secret(SECRET_BYTES);
  return { plaintext, hash: sha256Hex(plaintext) };
}

export function newUserApiKey(ids: Ids): IssuedSecret & { prefix: string } {
  const plaintext = `${USER_KEY_PREFIX}${ids.secret(SECRET_BYTES)}`;
  return { plaintext, hash: sha256Hex(plaintext), prefix: plaintext.slice(0, KEY_PREFIX_LENGTH) };
}

/** The e-mail reservation stream is named after the hash, so the address is not in the stream name. */
export function emailHash(normalizedEmail: string): string {
  return sha256Hex(normalizedEmail);
}
