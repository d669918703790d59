import { ConcurrencyError } from '../errors';
import type { EventStore, NewEvent, RecordedEvent } from '../ports';

export interface ClaimOptions {
  /**
   * Whether the claim already in the stream belongs to the claimant (then the claim counts as
   * won, which makes a retried command idempotent). Default: same event id, or same type and the
   * same data.
   */
  sameOwner?: (existing: RecordedEvent, claim: NewEvent) => boolean;
}

function defaultSameOwner(existing: RecordedEvent, claim: NewEvent): boolean {
  if (existing.id === claim.id) return true;
  return existing.type === claim.type && stableJson(existing.data) === stableJson(claim.data);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Uniqueness across streams (an e-mail address, an endpoint path): a reservation stream named
 * after the unique value is created with expected revision `no_stream`, so exactly one of any
 * number of racing claimants wins. Returns whether this claimant holds the claim.
 */
export async function claimUnique(
  eventStore: EventStore,
  stream: string,
  claim: NewEvent,
  options: ClaimOptions = {},
): Promise<boolean> {
  const sameOwner = options.sameOwner ?? defaultSameOwner;
  try {
    await eventStore.append(stream, [claim], 'no_stream');
    return true;
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    const [existing] = await eventStore.readStream(stream);
    return existing !== undefined && sameOwner(existing, claim);
  }
}
