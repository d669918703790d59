/**
 * Environment → configuration, validated once at start with a clear message per bad variable.
 * Nothing set gives the embedded default: SQLite and files under ./data, listening on :3000.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { tableLimits } from '@jsonable/contracts/render-api';
import type { AppConfig } from './deps';
import { DEFAULT_MIN_FREE_DISK_MB } from './health';
import { LOG_LEVELS, type LogLevel } from './logger';

export type Role = 'api' | 'projector' | 'all';

export interface ServerConfig extends AppConfig {
  /** api: HTTP only; projector: projections and jobs (plus the status route); all: both. */
  role: Role;
  host: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  logLevel: LogLevel;
  /** Render worker threads (default: CPU cores − 1, at least 1). */
  renderWorkers: number | null;
  /** Renders allowed to wait for a worker (RENDER_QUEUE; default the pool's 256); more get 503. */
  renderQueue?: number | null;
  /** MB the renders running at once may reserve in all (RENDER_MEMORY_MB; default the pool's 768). */
  renderMemoryMb?: number | null;
  mailgun: null | { apiKey: string; domain: string; url: string | null; from: string };
  /** Free space under DATA_DIR below which the status says degraded (bytes). */
  minFreeDiskBytes: number;
  /** GET /metrics on a listener of its own (null: none). */
  metricsPort: number | null;
  metricsHost: string;
  metricsToken: string | null;
}

export type Env = Record<string, string | undefined>;

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());
const flag = z.preprocess(
  blankToUndefined,
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'expected true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v))),
);
const url = (protocols: string[]) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        `expected a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`,
      )
      .optional(),
  );

const envSchema = z.object({
  ROLE: z.preprocess(blankToUndefined, z.enum(['api', 'projector', 'all']).default('all')),
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().trim().default('0.0.0.0')),
  PUBLIC_URL: url(['http:', 'https:']),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  WEB_DIST: optionalString,
  EVENTSTORE_URL: url([
    'esdb:',
    'esdb+discover:',
    'kurrentdb:',
    'kurrentdb+discover:',
    'kurrent:',
    'kurrent+discover:',
  ]),
  MONGO_URL: url(['mongodb:', 'mongodb+srv:']),
  MONGO_DB: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, 'expected a database name')
      .default('jsonable'),
  ),
  // Default: the table payload's own limit; a larger body could only be refused after reading it.
  BODY_LIMIT_MB: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .positive()
      .max(1024)
      .default(tableLimits.maxPayloadBytes / (1024 * 1024)),
  ),
  TRUST_PROXY: flag,
  SECURE_COOKIES: flag,
  MAILGUN_API_KEY: optionalString,
  MAILGUN_DOMAIN: optionalString,
  MAILGUN_URL: url(['http:', 'https:']),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  STRIPE_PRICE_BUSINESS: optionalString,
  STRIPE_API_BASE: url(['http:', 'https:']),
  RENDER_WORKERS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  RENDER_QUEUE: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  RENDER_MEMORY_MB: z.preprocess(blankToUndefined, z.coerce.number().int().min(64).max(1_048_576).optional()),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')),
  METRICS_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.preprocess(blankToUndefined, z.string().trim().default('127.0.0.1')),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().trim().min(16, 'expected at least 16 characters (a random token)').optional(),
  ),
  MIN_FREE_DISK_MB: z.preprocess(
    blankToUndefined,
    z.coerce.number().min(0).max(1_048_576).default(DEFAULT_MIN_FREE_DISK_MB),
  ),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        const shown = value === undefined || /KEY|SECRET|TOKEN/.test(name) ? '' : ` (got '${value}')`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];

  const mailgunSet = [e.MAILGUN_API_KEY, e.MAILGUN_DOMAIN].filter(Boolean).length;
  if (mailgunSet === 1)
    problems.push('MAILGUN_API_KEY and MAILGUN_DOMAIN: set both to send mail through Mailgun, or neither');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (webhooks must be verified)');
  }
  if (!e.STRIPE_SECRET_KEY && (e.STRIPE_WEBHOOK_SECRET || e.STRIPE_PRICE_PREMIUM || e.STRIPE_PRICE_BUSINESS)) {
    problems.push('STRIPE_SECRET_KEY: required when other STRIPE_* variables are set');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const defaultDist = resolve(REPO_ROOT, 'web/dist');
  const webDist = e.WEB_DIST
    ? resolve(e.WEB_DIST)
    : existsSync(resolve(defaultDist, 'index.html'))
      ? defaultDist
      : null;

  return {
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: resolve(e.DATA_DIR),
    bodyLimitBytes: Math.round(e.BODY_LIMIT_MB * 1024 * 1024),
    secureCookies: e.SECURE_COOKIES ?? publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY ?? false,
    webDist,
    eventStoreUrl: e.EVENTSTORE_URL ?? null,
    mongoUrl: e.MONGO_URL ?? null,
    mongoDb: e.MONGO_DB,
    logLevel: e.LOG_LEVEL,
    renderWorkers: e.RENDER_WORKERS ?? null,
    renderQueue: e.RENDER_QUEUE ?? null,
    renderMemoryMb: e.RENDER_MEMORY_MB ?? null,
    minFreeDiskBytes: Math.round(e.MIN_FREE_DISK_MB * 1024 * 1024),
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    metricsToken: e.METRICS_TOKEN ?? null,
    mailgun:
      e.MAILGUN_API_KEY && e.MAILGUN_DOMAIN
        ? {
            apiKey: e.MAILGUN_API_KEY,
            domain: e.MAILGUN_DOMAIN,
            url: e.MAILGUN_URL ?? null,
            from: e.MAIL_FROM ?? `Jsonable <no-reply@${e.MAILGUN_DOMAIN}>`,
          }
        : null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          prices: {
            ...(e.STRIPE_PRICE_PREMIUM ? { premium: e.STRIPE_PRICE_PREMIUM } : {}),
            ...(e.STRIPE_PRICE_BUSINESS ? { business: e.STRIPE_PRICE_BUSINESS } : {}),
          },
          ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
        }
      : null,
  };
}
