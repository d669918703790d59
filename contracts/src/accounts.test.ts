import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  emailSchema,
  isValidEmail,
  loginRequestSchema,
  magicLinkRequestSchema,
  normalizeEmail,
  registerRequestSchema,
  saveSettingsRequestSchema,
  updateProfileRequestSchema,
} from './accounts';

describe('accounts contracts', () => {
  it('accepts every RFC-shaped address and normalises it idempotently', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '\t'), (email, pad) => {
        fc.pre(email.length <= 254);
        expect(isValidEmail(email)).toBe(true);
        const parsed = emailSchema.parse(`${pad}${email.toUpperCase()}${pad}`);
        expect(parsed).toBe(email.toLowerCase());
        expect(normalizeEmail(parsed)).toBe(parsed);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses things that are not addresses', () => {
    for (const bad of ['plain', 'a@', '@b.co', 'a@b', 'a b@c.co', 'a@b..co', 'a@-b.co', `${'x'.repeat(250)}@b.co`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('takes passwords of 8 to 256 characters, whatever they contain', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300, unit: 'grapheme' }), fc.string({ minLength: 250, maxLength: 260 })),
        (password) => {
          const ok = registerRequestSchema.safeParse({ email: 'a@b.co', password }).success;
          // Characters are Unicode code points (NIST SP 800-63B), not UTF-16 units.
          const characters = [...password].length;
          expect(ok).toBe(characters >= 8 && characters <= 256);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary input: every schema answers with success or issues', () => {
    const schemas = [
      registerRequestSchema,
      loginRequestSchema,
      magicLinkRequestSchema,
      changePasswordRequestSchema,
      updateProfileRequestSchema,
      saveSettingsRequestSchema,
    ];
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true }),
        (input) => {
          for (const schema of schemas) {
            const result = schema.safeParse(input);
            if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
