/**
 * Errors a render through the pool can end with. `status` follows the API's mapping: a failure
 * of the user's input keeps the engine's 400/413; the pool's own failures are 503 (busy, timed
 * out: a later try can succeed) or 500 (the renderer crashed or ran out of memory).
 */
export class RenderPoolError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: 'busy' | 'timeout' | 'out-of-memory' | 'crashed' | 'closed' | 'startup-failed' | 'invalid-input',
  ) {
    super(message);
    this.name = 'RenderPoolError';
  }
}

/**
 * An error thrown inside a worker, rebuilt in the caller's thread with its name, status and
 * message (a RenderInputError keeps its 400/413). One without a status is an engine bug: 500.
 */
export class RenderWorkerError extends Error {
  readonly status: number;

  constructor(
    name: string,
    message: string,
    status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = name;
    this.status = status ?? 500;
  }
}
