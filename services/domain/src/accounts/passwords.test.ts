import { describe, expect, it } from 'vitest';
import { randomIds } from '../runtime/system';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { newMagicLinkToken, newSessionSecret, newUserApiKey, sha256Hex } from './secrets';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters and a fresh salt per hash', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'correct horse batterz')).toBe(false);
  });

  it('never throws on user input: malformed hashes and overlong passwords are just wrong', async () => {
    expect(await verifyPassword('not a hash', 'whatever1')).toBe(false);
    const hash = await hashPassword('x'.repeat(256));
    expect(await verifyPassword(hash, 'x'.repeat(257))).toBe(false);
    await expect(hashPassword('x'.repeat(257))).rejects.toThrow();
    expect(await burnPasswordCheck('anything at all')).toBe(false);
  });
});

describe('secrets', () => {
  it('hands out 256-bit secrets and stores their SHA-256 hash', () => {
    const session = newSessionSecret(randomIds);
    expect(session.plaintext).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.hash).toBe(sha256Hex(session.plaintext));
    expect(newMagicLinkToken(randomIds).plaintext).not.toBe(newMagicLinkToken(randomIds).plaintext);
    const key = newUserApiKey(randomIds);
    expect(key.plaintext).toMatch(/^jsk_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.plaintext.slice(0, 12));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
