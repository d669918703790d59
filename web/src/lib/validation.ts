/** Client-side checks of the sign-in forms (SPEC §5). The server re-checks everything. */

import { accountMessages, isValidEmail, normalizeEmail } from '@jsonable/contracts/account-rules';

/** The same check the server applies, so the form never accepts what the API refuses. */
export function isEmail(value: string): boolean {
  return isValidEmail(normalizeEmail(value));
}

/** The magic-link form's message for an e-mail value, or null when it is acceptable. */
export function emailError(value: string): string | null {
  if (value.trim() === '') return accountMessages.emailRequired;
  if (!isEmail(value)) return accountMessages.emailInvalid;
  return null;
}

export function passwordsMatchError(password: string, confirm: string): string | null {
  return password === confirm ? null : accountMessages.passwordsDontMatch;
}
