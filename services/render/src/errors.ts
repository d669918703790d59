/**
 * Refusal of a table payload, raised before any heavy work: members of the one error family
 * (@jsonable/domain/errors), 400 when malformed and 413 when too large; the message is shown to
 * the user as is.
 */
import { PayloadTooLargeError, ValidationError } from '@jsonable/domain/errors';

export const badRequest = (message: string) => new ValidationError(message);
export const tooLarge = (message: string) => new PayloadTooLargeError(message);
