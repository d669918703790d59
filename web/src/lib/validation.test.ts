import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emailError, isEmail, passwordsMatchError } from './validation';

describe('sign-in form validation', () => {
  it('gives the SPEC §5 messages', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('   ')).toBe('Email is required');
    expect(emailError('ada@')).toBe('Please enter a valid email address');
    expect(emailError('ada@example')).toBe('Please enter a valid email address');
    expect(emailError('ada@example.com')).toBeNull();
    expect(passwordsMatchError('a', 'b')).toBe("Passwords don't match");
    expect(passwordsMatchError('same', 'same')).toBeNull();
  });

  it('accepts generated addresses and rejects anything without exactly one @', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '  '), (e, pad) => {
        // Surrounding spaces are trimmed; letter case does not matter.
        expect(isEmail(pad + e.toUpperCase() + pad)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => {
          expect(isEmail(s)).toBe(false);
          expect(emailError(s)).not.toBeNull();
        },
      ),
    );
  });
});
