/**
 * The providers' SDK errors → faults. Mailgun's APIError and Stripe's StripeError carry the HTTP
 * status the provider answered (5xx, 429 and 408 are worth retrying; other 4xx are our request or
 * credentials and are not); a request that never got an answer is unreachable or a timeout.
 */
import Stripe from 'stripe';
import {
  ProviderFault,
  TimeoutFault,
  UnreachableFault,
  type DependencyFault,
  type FaultComponent,
} from '@jsonable/domain/faults';
import { networkFault } from './network';

function statusOf(error: unknown): number | null {
  const e = error as { status?: unknown; statusCode?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : null;
  return status !== null && Number.isInteger(status) && status >= 400 && status <= 599 ? status : null;
}

/** Mailgun (mailgun.js): APIError { status, details }; without a status the request got no answer. */
export function mailgunFault(error: unknown): DependencyFault {
  // mailgun.js reports a request that got no answer as a 400 whose details are the socket error
  // ("connect ECONNREFUSED 127.0.0.1:1", "timeout of 10000ms exceeded"): that is no answer at all.
  const details = String((error as { details?: unknown }).details ?? '');
  if (/timeout of \d+ms exceeded/i.test(details))
    return new TimeoutFault('mailer', { detail: `Mailgun: ${details}`, cause: error });
  const socketCode = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+)\b/.exec(details)?.[1];
  const socket = socketCode ? networkFault(Object.assign(new Error(details), { code: socketCode }), 'mailer') : null;
  if (socket) return socket;
  const status = statusOf(error);
  if (status !== null) {
    const details = (error as { details?: unknown }).details;
    return new ProviderFault('mailer', {
      providerStatus: status,
      detail: `Mailgun answered ${status}${typeof details === 'string' ? `: ${details.slice(0, 200)}` : ''}`,
      cause: error,
    });
  }
  const network = networkFault(error, 'mailer');
  if (network) return network;
  const message = error instanceof Error ? error.message : String(error);
  return /timeout|timed out/i.test(message)
    ? new TimeoutFault('mailer', { detail: `Mailgun: ${message}`, cause: error })
    : new UnreachableFault('mailer', { detail: `Mailgun: ${message}`, cause: error });
}

/** Stripe: connection errors are unreachable; API, rate-limit and other errors are provider failures by status. */
export function stripeFault(error: unknown, component: FaultComponent = 'billing'): DependencyFault | null {
  if (!(error instanceof Stripe.errors.StripeError)) return networkFault(error, component);
  const detail = `${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}`;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return /timeout|timed out/i.test(error.message)
      ? new TimeoutFault(component, { detail, cause: error })
      : new UnreachableFault(component, { detail, cause: error });
  }
  const status =
    error.statusCode ??
    (error instanceof Stripe.errors.StripeRateLimitError
      ? 429
      : error instanceof Stripe.errors.StripeAPIError
        ? 500
        : undefined);
  return new ProviderFault(component, {
    ...(status !== undefined ? { providerStatus: status } : {}),
    detail,
    cause: error,
  });
}
