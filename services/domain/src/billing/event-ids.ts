import { createHash } from 'node:crypto';

/**
 * A uuid (version 5 layout, SHA-256 instead of SHA-1) derived from a name: the same provider
 * event always gives the same event ids, so a redelivered webhook cannot append twice.
 */
export function derivedUuid(name: string): string {
  const h = createHash('sha256').update(`jsonable-billing:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Event id of the n-th event a provider event produced on `stream`. */
export const providerEventId = (providerEvent: string, stream: string, n: number): string =>
  derivedUuid(`stripe:${providerEvent}:${stream}:${n}`);
