import type { AppMetrics } from './metrics';
import type { HealthMonitor } from '@jsonable/domain/health/monitor';
import type { BlobStore, Clock, EventStore, Ids, Mailer, TableRenderer } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { ReadModels } from '@jsonable/read-models/projection';

export interface AppConfig {
  port: number;
  /** Base of every public link (image URLs, magic links); never taken from the request's Host. */
  publicUrl: string;
  dataDir: string;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /** True when served behind a TLS-terminating proxy or on https: cookies get Secure. */
  secureCookies: boolean;
  /** Trust X-Forwarded-* (client IP for rate limits). */
  trustProxy: boolean;
  /** Folder of the built web app to serve, when it exists. */
  webDist: string | null;
  /** GET /metrics on the public port answers only with `Authorization: Bearer <this>`; unset: not served there. */
  metricsToken?: string | null;
  stripe: null | {
    secretKey: string;
    webhookSecret: string;
    prices: Partial<Record<'premium' | 'business', string>>;
    /** Override of the API base (tests point the SDK at a local server). */
    apiBase?: string;
  };
}

export interface Logger {
  /** Written only with LOG_LEVEL=debug. */
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export interface AppDeps {
  /** Prometheus metrics (off when neither METRICS_PORT nor METRICS_TOKEN is set). */
  metrics?: AppMetrics;
  config: AppConfig;
  logger: Logger;
  eventStore: EventStore;
  /** Raw document store: operational collections (sessions, rate limits, idempotency, previews). */
  docs: DocumentStore;
  /** Projection-owned read models, resolved to their active version. */
  readModels: ReadModels;
  blobs: BlobStore;
  mailer: Mailer;
  renderer: TableRenderer;
  clock: Clock;
  ids: Ids;
  /**
   * Read-your-writes: resolves once every projection has passed `position`, or after
   * `timeoutMs` (default 2000) — it never throws on timeout.
   */
  waitForProjections(position: number, timeoutMs?: number): Promise<void>;
  /**
   * Which dependency is failing and since when (health.ts). server.ts always sets it; apps that
   * tests build without one get a monitor that pings the two stores (healthOf).
   */
  health?: HealthMonitor;
}
