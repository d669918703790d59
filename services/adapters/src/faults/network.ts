/**
 * Socket-level errors every networked driver can surface (mongodb, the KurrentDB client over
 * gRPC, the HTTP SDKs of Mailgun and Stripe): the peer is not there, or did not answer in time.
 */
import {
  faultOfErrno,
  TimeoutFault,
  UnreachableFault,
  type DependencyFault,
  type FaultComponent,
} from '@jsonable/domain/faults';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
const TIMEOUT = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export function networkFault(error: unknown, component: FaultComponent): DependencyFault | null {
  // The code may sit on the error or on its cause (fetch wraps the socket error).
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    const detail = `${code}: ${(e as Error).message ?? ''}`;
    if (UNREACHABLE.has(code)) return new UnreachableFault(component, { detail, cause: error });
    if (TIMEOUT.has(code)) return new TimeoutFault(component, { detail, cause: error });
  }
  return faultOfErrno(error, component);
}
