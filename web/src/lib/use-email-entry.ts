import { useState } from 'react';
import { emailError } from './validation';

/**
 * The e-mail entry of the magic-link and forgot-password forms: its message shows once the field
 * was left or the form submitted. `field` goes to an EmailField.
 */
export function useEmailEntry() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const error = emailError(email);
  return {
    email,
    setEmail,
    error,
    /** Marks the field touched; true when the address is acceptable. */
    check: () => {
      setTouched(true);
      return error === null;
    },
    reset: () => {
      setEmail('');
      setTouched(false);
    },
    field: { value: email, onChange: setEmail, onBlur: () => setTouched(true), error: touched && error },
  };
}
