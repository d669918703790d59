/**
 * A small LRU of recent cell-image outcomes keyed by URL, with a short TTL. A table often repeats
 * the same logo or avatar in every row; without this each row would fetch it again, and a URL
 * that times out would cost 5 s per row. Failures are kept too (for a shorter time) for that reason.
 */

export interface LoadedImage {
  bytes: Buffer;
  contentType: string;
}

export type ImageOutcome = { ok: true; image: LoadedImage } | { ok: false; error: Error };

interface Entry {
  outcome: ImageOutcome;
  expiresAt: number;
  size: number;
}

export interface ImageCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  failureTtlMs: number;
  now: () => number;
}

export class ImageCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way, so that twenty cells with the same URL share one fetch. */
  readonly inflight = new Map<string, Promise<ImageOutcome>>();
  private bytes = 0;
  private readonly opts: ImageCacheOptions;

  constructor(opts: Partial<ImageCacheOptions> = {}) {
    this.opts = {
      maxEntries: 64,
      maxBytes: 32 * 1024 * 1024,
      ttlMs: 60_000,
      failureTtlMs: 15_000,
      now: Date.now,
      ...opts,
    };
  }

  get(key: string): ImageOutcome | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.opts.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Re-insert so that Map order stays least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.outcome;
  }

  set(key: string, outcome: ImageOutcome): void {
    const size = outcome.ok ? outcome.image.bytes.length : 0;
    if (size > this.opts.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const ttl = outcome.ok ? this.opts.ttlMs : this.opts.failureTtlMs;
    this.entries.set(key, { outcome, expiresAt: this.opts.now() + ttl, size });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.remove(k, e);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
