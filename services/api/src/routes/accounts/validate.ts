import type { z } from 'zod';
import { ValidationError } from '@jsonable/domain/errors';

/** Parses a request part with a contract schema; the first problem becomes the 400 message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid request', details);
}
