/** Timestamps of the accounts read models: expiry is kept as epoch milliseconds (TTL indexes compare numbers). */
export function epochMs(iso: string): number {
  return new Date(iso).getTime();
}
