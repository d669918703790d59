import type { z } from 'zod';
import { schemaRefusal } from '@jsonable/domain/errors';

/**
 * Parses a request part (body, query, parameter) with a contract schema: the one way every route
 * does it. The first problem becomes the 400's message through the one formatter
 * (contracts/issues.ts); every problem goes into the error's details. With `namePath`, the field is
 * always named ("Invalid headerBg: …"), for payloads and forms of many fields. A missing body is
 * parsed as `{}`.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, { namePath = false } = {}): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw schemaRefusal(result.error.issues, { namePath });
}
