import { useState, type FormEvent } from 'react';
import { toast } from './toaster';

/**
 * A form's submit: `check` first (false stops it, e.g. after marking the fields touched), then `run`
 * while `pending` is true; if `run` throws, an error toast with `failTitle` and `failMessage(err)`.
 */
export function useFormSubmit({
  check,
  run,
  failTitle,
  failMessage,
}: {
  check?: () => boolean;
  run: () => Promise<unknown>;
  failTitle: string;
  failMessage: (err: unknown) => string;
}) {
  const [pending, setPending] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (check && !check()) return;
    setPending(true);
    try {
      await run();
    } catch (err) {
      toast.error(failTitle, failMessage(err));
    } finally {
      setPending(false);
    }
  }
  return { pending, onSubmit };
}
