/**
 * Idempotence for the accounts projections: every document remembers the global position of the
 * last event applied to it, and an event at or below it is skipped. That makes a redelivered event
 * a no-op even when the runner hands it over again, and it is why revoked sessions and keys are
 * kept as tombstones (`revoked: true`) rather than deleted: a deleted document would forget its
 * position, and a redelivered sign-in could bring a revoked session back.
 */
import type { Doc } from '../ports';

export interface Positioned extends Doc {
  position: number;
}

export function alreadyApplied(doc: Positioned | null, position: number): boolean {
  return doc !== null && doc.position >= position;
}

export function epochMs(iso: string): number {
  return new Date(iso).getTime();
}
