/**
 * Typed errors. One Koa middleware maps them to statuses and the error envelope
 * `{ success: false, error: { code, message } }`.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(message: string, readonly details?: unknown) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends DomainError { readonly status = 400; }
export class UnauthorizedError extends DomainError { readonly status = 401; }
export class PaymentRequiredError extends DomainError { readonly status = 402; }
export class ForbiddenError extends DomainError { readonly status = 403; }
export class NotFoundError extends DomainError { readonly status = 404; }
export class ConflictError extends DomainError { readonly status = 409; }
export class PayloadTooLargeError extends DomainError { readonly status = 413; }
export class RateLimitedError extends DomainError {
  readonly status = 429;
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}
/** 503: the service cannot answer now; a later try can succeed (answered with Retry-After). */
export class UnavailableError extends DomainError {
  readonly status = 503;
  constructor(message: string, readonly retryAfterSeconds?: number) {
    super(message);
  }
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
