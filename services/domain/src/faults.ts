/**
 * Faults of the dependencies behind the ports: what an adapter throws when its store or provider
 * fails, whatever the driver. Every adapter translates its driver's errors into these (the
 * SQLite codes, errno of the file system, EventStoreDB's and MongoDB's error classes, Mailgun's
 * and Stripe's statuses), so the rest of the code decides on five kinds, never on a driver:
 *
 * | kind        | what happened                                          | HTTP | retryable          |
 * |-------------|--------------------------------------------------------|------|--------------------|
 * | no_space    | disk or quota full (ENOSPC, EDQUOT, SQLITE_FULL, …)    | 507  | once space is freed |
 * | busy        | locked beyond the wait (SQLITE_BUSY, write conflicts)  | 503  | yes, soon          |
 * | unreachable | store or provider not answering, leader lost, I/O error | 503  | yes                |
 * | timeout     | no answer within the deadline                          | 503  | yes                |
 * | provider    | the provider answered with a failure (5xx, 429, 4xx)   | 503/502 | 5xx/429 yes (503), 4xx no (502) |
 *
 * The `message` is meant for the caller (the error envelope shows it); `detail` is for the
 * operator (logs, the status endpoint, the admin CLI).
 */
import { DomainError } from './errors';

export type FaultKind = 'no_space' | 'busy' | 'unreachable' | 'timeout' | 'provider';
export type FaultComponent = 'event-store' | 'document-store' | 'blob-store' | 'mailer' | 'billing';

export const FAULT_KINDS: readonly FaultKind[] = ['no_space', 'busy', 'unreachable', 'timeout', 'provider'];

const COMPONENT_NAMES: Record<FaultComponent, string> = {
  'event-store': 'the event store',
  'document-store': 'the document store',
  'blob-store': 'the image file store',
  mailer: 'the e-mail provider',
  billing: 'the payment provider',
};

export function componentName(component: FaultComponent): string {
  return COMPONENT_NAMES[component];
}

export interface FaultOptions {
  /** Operator-facing description (driver code and message), without secrets. */
  detail?: string;
  retryable?: boolean;
  retryAfterSeconds?: number;
  cause?: unknown;
}

export abstract class DependencyFault extends DomainError {
  abstract readonly kind: FaultKind;
  abstract override readonly status: 502 | 503 | 507;
  readonly detail: string;
  readonly retryable: boolean;
  /** Seconds a caller should wait before retrying (the Retry-After header); 0 when retrying will not help. */
  override readonly retryAfterSeconds: number;

  constructor(
    readonly component: FaultComponent,
    message: string,
    defaults: { retryable: boolean; retryAfterSeconds: number },
    options: FaultOptions = {},
  ) {
    super(message);
    this.retryable = options.retryable ?? defaults.retryable;
    this.retryAfterSeconds = this.retryable
      ? Math.max(1, Math.ceil(options.retryAfterSeconds ?? defaults.retryAfterSeconds))
      : 0;
    this.detail = options.detail ?? message;
    if (options.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }

  /** One line for operators: "no space left: the event store (SQLITE_FULL: database or disk is full)". */
  describe(): string {
    return `${KIND_WORDS[this.kind]}: ${componentName(this.component)} (${this.detail})`;
  }
}

const KIND_WORDS: Record<FaultKind, string> = {
  no_space: 'no space left',
  busy: 'busy or locked',
  unreachable: 'not reachable',
  timeout: 'timed out',
  provider: 'provider failure',
};

/**
 * The class of a fault whose message and defaults depend only on the component (all but
 * ProviderFault): `new NoSpaceFault(component, options)`.
 */
function faultClass<K extends Exclude<FaultKind, 'provider'>, S extends 503 | 507>(
  kind: K,
  status: S,
  message: (component: FaultComponent) => string,
  defaults: { retryable: boolean; retryAfterSeconds: number },
) {
  return class extends DependencyFault {
    readonly kind = kind;
    readonly status = status;
    constructor(component: FaultComponent, options: FaultOptions = {}) {
      super(component, message(component), defaults, options);
    }
  };
}

/** What the component is, as the first words of a sentence: "The event store". */
const subject = (component: FaultComponent): string => capitalised(componentName(component));

/** The disk or quota of a store is full. 507; retryable once space has been freed. */
export class NoSpaceFault extends faultClass(
  'no_space',
  507,
  () =>
    'The server has run out of storage space, so nothing was saved and nothing was counted. Please try again later.',
  { retryable: true, retryAfterSeconds: 60 },
) {}

/** The store stayed locked past its wait (SQLITE_BUSY after busy_timeout, write conflicts). */
export class BusyFault extends faultClass(
  'busy',
  503,
  () => 'The service is busy right now and nothing was saved. Please retry in a few seconds.',
  { retryable: true, retryAfterSeconds: 2 },
) {}

/** The store or provider does not answer (connection refused, no leader, I/O error). */
export class UnreachableFault extends faultClass(
  'unreachable',
  503,
  (component) =>
    `${subject(component)} is not reachable right now, so nothing was saved. Please retry in a few seconds.`,
  { retryable: true, retryAfterSeconds: 10 },
) {}

/** No answer within the deadline: the outcome of a write may be unknown, so retries must be idempotent. */
export class TimeoutFault extends faultClass(
  'timeout',
  503,
  (component) => `${subject(component)} did not answer in time. Please retry in a few seconds.`,
  { retryable: true, retryAfterSeconds: 5 },
) {}

/** The provider answered with a failure: 5xx and 429 are worth retrying, other 4xx are not. */
export class ProviderFault extends DependencyFault {
  readonly kind = 'provider';
  /** 503 while retrying may help; 502 when the provider refuses for good (our request or credentials). */
  readonly status: 502 | 503;
  constructor(component: FaultComponent, options: FaultOptions & { providerStatus?: number } = {}) {
    const s = options.providerStatus;
    const retryable = options.retryable ?? (s === undefined || s >= 500 || s === 429 || s === 408);
    super(
      component,
      retryable
        ? `${subject(component)} is failing right now. Please retry in a minute.`
        : `${subject(component)} refused the request. Please contact support.`,
      { retryable, retryAfterSeconds: 30 },
      { ...options, retryable },
    );
    this.providerStatus = s ?? null;
    this.status = retryable ? 503 : 502;
  }
  readonly providerStatus: number | null;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function isFault(error: unknown): error is DependencyFault {
  return error instanceof DependencyFault;
}

/**
 * File-system errno codes, shared by every adapter that touches files (the blob folder, the
 * outbox, the SQLite files when opening them): null when the code is not a dependency fault.
 */
export function faultOfErrno(error: unknown, component: FaultComponent): DependencyFault | null {
  const e = error as NodeJS.ErrnoException | null;
  const code = typeof e?.code === 'string' ? e.code : null;
  if (!code) return null;
  const detail = `${code}: ${e?.message ?? ''}`.trim();
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return new NoSpaceFault(component, { detail, cause: error });
    case 'EBUSY':
    case 'EAGAIN':
    case 'EMFILE':
    case 'ENFILE':
      return new BusyFault(component, { detail, cause: error });
    case 'EIO':
    case 'EROFS':
    case 'ESTALE':
    case 'ENOTCONN':
    case 'EHOSTDOWN':
      return new UnreachableFault(component, { detail, cause: error });
    case 'ETIMEDOUT':
      return new TimeoutFault(component, { detail, cause: error });
    default:
      return null;
  }
}
