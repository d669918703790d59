import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('gives the embedded default when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      role: 'all',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      eventStoreUrl: null,
      mongoUrl: null,
      mongoDb: 'jsonable',
      bodyLimitBytes: 5 * 1024 * 1024,
      trustProxy: false,
      secureCookies: false,
      mailgun: null,
      stripe: null,
      logLevel: 'info',
      renderWorkers: null,
      minFreeDiskBytes: 100 * 1024 * 1024,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads every switch', () => {
    const c = loadConfig({
      ROLE: 'projector',
      PORT: '8080',
      PUBLIC_URL: 'https://tables.example.com/',
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      MONGO_DB: 'prod',
      BODY_LIMIT_MB: '2',
      TRUST_PROXY: 'true',
      MAILGUN_API_KEY: 'key-1',
      MAILGUN_DOMAIN: 'mg.example.com',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PREMIUM: 'price_p',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      RENDER_WORKERS: '3',
      LOG_LEVEL: 'warn',
      MIN_FREE_DISK_MB: '512',
    });
    expect(c).toMatchObject({
      role: 'projector',
      port: 8080,
      publicUrl: 'https://tables.example.com',
      secureCookies: true,
      trustProxy: true,
      eventStoreUrl: 'esdb://eventstore:2113?tls=false',
      mongoDb: 'prod',
      bodyLimitBytes: 2 * 1024 * 1024,
      mailgun: { apiKey: 'key-1', domain: 'mg.example.com', url: null, from: 'Jsonable <no-reply@mg.example.com>' },
      stripe: {
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        prices: { premium: 'price_p' },
        apiBase: 'http://127.0.0.1:12111',
      },
      renderWorkers: 3,
      logLevel: 'warn',
      minFreeDiskBytes: 512 * 1024 * 1024,
    });
  });

  it('names every bad variable, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '99999',
        ROLE: 'worker',
        PUBLIC_URL: 'localhost:3000',
        MONGO_URL: 'http://mongo',
        BODY_LIMIT_MB: '-1',
        STRIPE_SECRET_KEY: 'sk_live_x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'ROLE', 'PUBLIC_URL', 'MONGO_URL', 'BODY_LIMIT_MB']) expect(message).toContain(name);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ MAILGUN_API_KEY: 'k' })).toThrow(/MAILGUN_DOMAIN/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec' })).toThrow(/STRIPE_SECRET_KEY/);
    const bad = () =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        TRUST_PROXY: 'maybe',
        MAILGUN_API_KEY: '',
      });
    expect(bad).toThrow(/TRUST_PROXY: expected true or false \(got 'maybe'\)/);
    expect(bad).not.toThrow(/sk_live_x|whsec_x/);
  });

  it('treats blank variables as unset (compose files often pass empty values)', () => {
    expect(loadConfig({ PORT: '', EVENTSTORE_URL: '', STRIPE_SECRET_KEY: ' ' })).toMatchObject({
      port: 3000,
      eventStoreUrl: null,
      stripe: null,
    });
  });
});
