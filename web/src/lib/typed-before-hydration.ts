import { useEffect } from 'react';

/**
 * The public pages are prerendered, so a visitor (or an autofilling browser) can type into a form
 * before React hydrates it: the text is then in the DOM but not in the component's state, and a
 * submit button that waits for filled fields stays disabled. Adopt such text once, after hydration.
 */
export function useAdoptTypedValues(fields: ReadonlyArray<readonly [id: string, set: (value: string) => void]>): void {
  useEffect(() => {
    for (const [id, set] of fields) {
      const el = document.getElementById(id);
      if (el instanceof HTMLInputElement && el.value !== '') set(el.value);
    }
    // Once, after hydration: later text arrives through onChange.
  }, []);
}
