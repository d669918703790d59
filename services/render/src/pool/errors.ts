/**
 * Errors a render through the pool can end with. A refusal is a member of the one error family
 * (@jsonable/domain/errors) with the status and message the caller gets: busy, timed out,
 * shutting down or unable to start are 503 with Retry-After (a later try can succeed); a table
 * that exhausts the worker's heap is 413; unreadable input is 400. A crash is not a refusal but
 * an engine bug: RenderCrashError (and RenderWorkerError for an engine error without a 4xx
 * status), both outside the family, so the caller gets a logged 500.
 */
import { DomainError, errorWithStatus } from '@jsonable/domain/errors';

export type RenderPoolErrorCode = 'busy' | 'timeout' | 'closed' | 'startup-failed' | 'out-of-memory' | 'invalid-input';

const answers: Record<RenderPoolErrorCode, { status: 400 | 413 | 503; message: string; retryAfterSeconds?: number }> = {
  busy: { status: 503, message: 'Renderer busy, try again', retryAfterSeconds: 2 },
  timeout: { status: 503, message: 'Rendering timed out', retryAfterSeconds: 5 },
  closed: { status: 503, message: 'Renderer is shutting down', retryAfterSeconds: 5 },
  'startup-failed': { status: 503, message: 'Renderer unavailable, try again later', retryAfterSeconds: 30 },
  // The worker's heap is bounded (and the pixel budget bounds native memory): a table that
  // exhausts it is too large for one render, whatever the engine's limits said beforehand.
  'out-of-memory': {
    status: 413,
    message: 'The table needs more memory than one render may use: use fewer rows, columns or images',
  },
  'invalid-input': { status: 400, message: 'The table data could not be read' },
};

export class RenderPoolError extends DomainError {
  readonly status: 400 | 413 | 503;
  declare readonly retryAfterSeconds?: number;
  /** For operators (logs): what happened, e.g. why the renderer could not start. */
  readonly detail: string;

  constructor(
    readonly code: RenderPoolErrorCode,
    detail?: string,
  ) {
    const answer = answers[code];
    super(answer.message);
    this.status = answer.status;
    if (answer.retryAfterSeconds !== undefined) this.retryAfterSeconds = answer.retryAfterSeconds;
    this.detail = detail ?? answer.message;
  }
}

/** The renderer crashed, stopped or sent an unreadable result: an engine bug, a logged 500. */
export class RenderCrashError extends Error {
  readonly status = 500;
  readonly code = 'crashed';
  constructor(message: string) {
    super(message);
    this.name = 'RenderCrashError';
  }
}

/**
 * An error thrown inside a worker that is not a refusal (no 4xx status): an engine bug, rebuilt
 * in the caller's thread with its name and message; a logged 500.
 */
export class RenderWorkerError extends Error {
  readonly status = 500;
  constructor(
    name: string,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * An error a worker sent back, in the caller's thread: the engine's refusals (400, 413) join the
 * family with their message; anything else is a RenderWorkerError.
 */
export function rebuildWorkerError(error: { name: string; message: string; status?: number; code?: string }): Error {
  const { status } = error;
  if (status === undefined || !Number.isInteger(status) || status < 400 || status > 499)
    return new RenderWorkerError(error.name, error.message, error.code);
  const refusal = errorWithStatus(status, error.message);
  refusal.name = error.name;
  return refusal;
}
