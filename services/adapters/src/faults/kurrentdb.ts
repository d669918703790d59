/**
 * The KurrentDB (EventStoreDB) client's errors → faults. Its command errors carry a `type`
 * (ErrorType: unavailable, not-leader, deadline-exceeded …) and the gRPC status `code`.
 */
import {
  NoSpaceFault,
  TimeoutFault,
  UnreachableFault,
  type DependencyFault,
  type FaultComponent,
} from '@jsonable/domain/faults';
import type { Translate } from './guard';
import { networkFault } from './network';

const UNREACHABLE_TYPES = new Set(['unavailable', 'not-leader', 'cancelled']);
const TIMEOUT_TYPES = new Set(['deadline-exceeded', 'timeout']);
/** gRPC status codes: UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED. */
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;

export function kurrentFault(error: unknown, component: FaultComponent): DependencyFault | null {
  if (!(error instanceof Error)) return null;
  const type = (error as { type?: unknown }).type;
  const code = (error as { code?: unknown }).code;
  const detail = `${typeof type === 'string' ? type : error.name}${typeof code === 'number' ? ` (gRPC ${code})` : ''}: ${error.message}`;
  const options = { detail, cause: error };
  if (/no space left on device|disk (is )?full|not enough disk space/i.test(error.message))
    return new NoSpaceFault(component, options);
  if (typeof type === 'string') {
    if (UNREACHABLE_TYPES.has(type)) return new UnreachableFault(component, options);
    if (TIMEOUT_TYPES.has(type)) return new TimeoutFault(component, options);
  }
  if (code === GRPC_UNAVAILABLE) return new UnreachableFault(component, options);
  if (code === GRPC_DEADLINE_EXCEEDED) return new TimeoutFault(component, options);
  return networkFault(error, component);
}

export const kurrentTranslator =
  (component: FaultComponent): Translate =>
  (error) =>
    kurrentFault(error, component);
