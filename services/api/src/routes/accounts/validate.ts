import type { z } from 'zod';
import { ValidationError } from '@jsonable/domain/errors';

/** Parses a request part with a contract schema; the first problem becomes the 400 message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, { namePath = false } = {}): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = details[0];
  // With namePath the field is named first ("cellPadding: Too big: …"), for forms of many fields.
  const message = first ? (namePath && first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
  throw new ValidationError(message, details);
}
