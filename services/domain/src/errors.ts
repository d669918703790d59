/**
 * The one error family. Every error a caller should see carries its HTTP status (and, for 429
 * and 503, how long to wait): the domain's refusals below, the dependency faults (faults.ts), the
 * engine's input refusals and the render pool's refusals (services/render) are all DomainErrors.
 * One Koa middleware (services/api/src/middleware/errors.ts) turns any of them into the envelope
 * `{ success: false, error: { code, message } }`; an error outside the family is a bug, a 500.
 */
import { issueMessage, type IssueLike, type IssueMessageOptions } from '@jsonable/contracts/issues';

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** Whole seconds a caller should wait before trying again (sent as Retry-After); set on every 429 and 503. */
  readonly retryAfterSeconds?: number;
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/**
 * The base of a refusal with one status and nothing else of its own: each refusal below is still
 * its own class (callers catch it by type), only the status is written once per class.
 */
function withStatus<S extends number>(status: S) {
  return class extends DomainError {
    readonly status = status;
  };
}
export class ValidationError extends withStatus(400) {}

/**
 * A schema's refusal as the caller's 400: the first issue's message through the one formatter
 * (contracts/issues.ts), every issue in the details. The API's `parse` and the engine's table
 * request both refuse through it.
 */
export function schemaRefusal(issues: readonly IssueLike[], options: IssueMessageOptions = {}): ValidationError {
  const details = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return new ValidationError(issueMessage(issues, options), details);
}
export class UnauthorizedError extends withStatus(401) {}
export class PaymentRequiredError extends withStatus(402) {}
export class ForbiddenError extends withStatus(403) {}
export class NotFoundError extends withStatus(404) {}
export class ConflictError extends withStatus(409) {}
export class PayloadTooLargeError extends withStatus(413) {}
/** 415: a body in a format the route does not take. */
export class UnsupportedMediaTypeError extends withStatus(415) {}
export class RateLimitedError extends DomainError {
  readonly status = 429;
  constructor(
    message: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** How long a caller should wait before trying again when nothing more specific is known. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** 503: the service cannot answer now; a later try can succeed (answered with Retry-After). */
export class UnavailableError extends DomainError {
  readonly status = 503;
  override readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A client error of a status with no class of its own (405 and the like, from libraries). */
class ClientStatusError extends DomainError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const byStatus: Record<number, new (message: string) => DomainError> = {
  400: ValidationError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
};

/**
 * The family member for a 4xx status and a message meant for the caller: how errors that only
 * carry a status (rebuilt from a render worker, thrown by Koa or its body parser) join the family.
 */
export function errorWithStatus(status: number, message: string): DomainError {
  if (status === 429) return new RateLimitedError(message, DEFAULT_RETRY_AFTER_SECONDS);
  if (status === 503) return new UnavailableError(message);
  const known = byStatus[status];
  return known ? new known(message) : new ClientStatusError(status, message);
}

/** Raised by every EventStore adapter when the expected revision does not match. */
export class ConcurrencyError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Wrong expected revision on ${stream}: expected ${expected}, actual ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
}
