import type { Doc, DocumentStore, Fence } from '@jsonable/read-models/ports';
import { LEASE_COLLECTION } from './naming';

interface LeaseDoc extends Doc {
  owner: string;
  /** Epoch ms after which another instance may take the lease over. */
  until: number;
  version: number;
  /**
   * Fencing token: one more on every acquisition, kept by renewals. Every batch the holder
   * commits checks it (DocumentStore fence), so after a takeover the old holder's writes fail.
   */
  token?: number;
}

/**
 * Only one projector writes read models at a time. The lease is a document updated with
 * compare-and-set: the holder renews it well before it runs out; another instance takes it over
 * only once it is stale (the holder died or hung).
 */
export class Lease {
  private held: LeaseDoc | null = null;
  /** Token of the last term this instance acquired (kept after losing the lease: its fence must fail then). */
  private token: number | null = null;

  constructor(
    private readonly docs: DocumentStore,
    readonly owner: string,
    private readonly ttlMs: number,
    private readonly id = 'projector',
  ) {}

  get isHeld(): boolean {
    return this.held !== null;
  }

  /** What every batch written under this lease must be fenced with; null before the first acquisition. */
  fence(): Fence | null {
    return this.token === null
      ? null
      : { collection: LEASE_COLLECTION, id: this.id, field: 'token', value: this.token };
  }

  /** Takes the lease when free, stale, or already ours; returns whether we hold it now. */
  async tryAcquire(): Promise<boolean> {
    await this.docs.ensureCollection({ name: LEASE_COLLECTION, indexes: [] });
    const current = await this.docs.get<LeaseDoc>(LEASE_COLLECTION, this.id);
    const now = Date.now();
    if (current && current.owner !== this.owner && current.until > now) {
      this.held = null;
      return false;
    }
    return this.write(current);
  }

  /** Extends the lease; false when it was lost (taken over after we stalled). */
  async renew(): Promise<boolean> {
    if (!this.held) return false;
    const current = await this.docs.get<LeaseDoc>(LEASE_COLLECTION, this.id);
    if (!current || current.owner !== this.owner || current.version !== this.held.version) {
      this.held = null;
      return false;
    }
    return this.write(current);
  }

  /** Gives the lease up so a waiting instance takes over at once. */
  async release(): Promise<void> {
    if (!this.held) return;
    const held = this.held;
    this.held = null;
    await this.docs.putIf(LEASE_COLLECTION, { ...held, until: 0, version: held.version + 1 }, held.version);
  }

  private async write(current: LeaseDoc | null): Promise<boolean> {
    // Renewing the lease this instance holds keeps the token; taking it (free, stale, released,
    // or after losing it) gives a new one.
    const renewing =
      this.held !== null && current !== null && current.owner === this.owner && current.token === this.held.token;
    const next: LeaseDoc = {
      id: this.id,
      owner: this.owner,
      until: Date.now() + this.ttlMs,
      version: (current?.version ?? 0) + 1,
      token: renewing ? current.token : (current?.token ?? 0) + 1,
    };
    const ok = await this.docs.putIf(LEASE_COLLECTION, next, current ? current.version : null);
    this.held = ok ? next : null;
    if (ok) this.token = next.token ?? null;
    return ok;
  }
}
