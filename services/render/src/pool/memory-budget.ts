/**
 * The pool's memory admission: renders running at once never hold reservations past `totalMb`.
 *
 * - A render reserves once, after layout and before it takes its memory (memory.ts,
 *   `renderMemoryMb`); it holds nothing before, so no render ever waits while holding memory
 *   another waits for (no deadlock), and when nothing is reserved any request fits.
 * - A request larger than the whole budget is taken as the whole budget: that render runs alone.
 * - A request that does not fit waits; whenever memory is given back, waiting requests are granted
 *   in the order they came, each one that fits (a small one may pass a large one that does not fit
 *   yet: the large one still goes first as soon as it fits, since it is looked at first).
 */
interface Waiting<K> {
  key: K;
  mb: number;
  grant(): void;
}

export class MemoryBudget<K> {
  private reserved = 0;
  private readonly held = new Map<K, number>();
  private readonly waiting: Waiting<K>[] = [];

  constructor(readonly totalMb: number) {}

  /** MB reserved by running renders now. */
  get reservedMb(): number {
    return this.reserved;
  }

  /** Requests waiting for memory. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** What a request of `mb` reserves: at least 0, at most the whole budget (NaN counts as all). */
  clamp(mb: number): number {
    return Number.isNaN(mb) ? this.totalMb : Math.min(this.totalMb, Math.max(0, mb));
  }

  /**
   * Reserves `mb` for `key`: `grant` is called at once when it fits, or later, when enough is
   * given back. Returns whether it was granted at once. A key reserves at most once until released.
   */
  reserve(key: K, mb: number, grant: () => void): boolean {
    if (this.held.has(key) || this.waiting.some((w) => w.key === key)) {
      throw new Error('a render reserves its memory once');
    }
    const want = this.clamp(mb);
    if (this.waiting.length === 0 && this.fits(want)) {
      this.take(key, want);
      grant();
      return true;
    }
    this.waiting.push({ key, mb: want, grant });
    this.grantWaiting();
    return this.held.has(key);
  }

  /** Gives back what `key` holds, or withdraws its waiting request; then grants what now fits. */
  release(key: K): void {
    const mb = this.held.get(key);
    if (mb !== undefined) {
      this.held.delete(key);
      this.reserved -= mb;
    }
    const at = this.waiting.findIndex((w) => w.key === key);
    if (at >= 0) this.waiting.splice(at, 1);
    this.grantWaiting();
  }

  private fits(mb: number): boolean {
    return this.reserved + mb <= this.totalMb;
  }

  private take(key: K, mb: number): void {
    this.held.set(key, mb);
    this.reserved += mb;
  }

  private grantWaiting(): void {
    for (let i = 0; i < this.waiting.length;) {
      const w = this.waiting[i]!;
      if (!this.fits(w.mb)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.take(w.key, w.mb);
      w.grant();
    }
  }
}
