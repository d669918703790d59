/** The shared rate limiter and the client-IP helper, below the HTTP layer. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { clientIp, coarseIp, ipRateKey } from '../src/middleware/client-ip';
import { hitRateLimit } from '../src/middleware/rate-limit';

let dir: string;
let now = Date.parse('2026-03-01T00:00:00.000Z');
let a: SqliteDocumentStore;
let b: SqliteDocumentStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-ratelimit-'));
  // Two stores on one file stand for two API replicas sharing the document store.
  a = new SqliteDocumentStore(join(dir, 'docs.sqlite'), { now: () => now, sweepIntervalMs: 0 });
  b = new SqliteDocumentStore(join(dir, 'docs.sqlite'), { now: () => now, sweepIntervalMs: 0 });
});
afterAll(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

let keys = 0;
const freshKey = () => `key-${++keys}`;

describe('hitRateLimit', () => {
  it('allows `limit` requests, then refuses with a Retry-After that is honest', async () => {
    const rule = { name: 't', limit: 3, windowMs: 60_000 };
    const key = freshKey();
    now = Date.parse('2026-03-01T00:00:00.000Z');
    for (let i = 0; i < 3; i++) expect((await hitRateLimit(a, new Date(now), rule, key)).allowed).toBe(true);
    const refused = await hitRateLimit(a, new Date(now), rule, key);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(120);
    // Half a window later the previous window still weighs 1.5 requests: one more fits, not two.
    now += 90_000;
    expect((await hitRateLimit(a, new Date(now), rule, key)).allowed).toBe(true);
    expect((await hitRateLimit(a, new Date(now), rule, key)).allowed).toBe(false);
  });

  it('counts every request exactly once across two replicas racing on one key', async () => {
    const rule = { name: 'race', limit: 20, windowMs: 60_000 };
    const key = freshKey();
    now = Date.parse('2026-03-01T01:00:00.000Z');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => hitRateLimit(i % 2 ? a : b, new Date(now), rule, key)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
  });

  it('keeps limits and keys apart', async () => {
    const key = freshKey();
    now = Date.parse('2026-03-01T02:00:00.000Z');
    expect((await hitRateLimit(a, new Date(now), { name: 'one', limit: 1, windowMs: 60_000 }, key)).allowed).toBe(true);
    expect((await hitRateLimit(a, new Date(now), { name: 'two', limit: 1, windowMs: 60_000 }, key)).allowed).toBe(true);
    expect(
      (await hitRateLimit(a, new Date(now), { name: 'one', limit: 1, windowMs: 60_000 }, freshKey())).allowed,
    ).toBe(true);
    expect((await hitRateLimit(a, new Date(now), { name: 'one', limit: 1, windowMs: 60_000 }, key)).allowed).toBe(
      false,
    );
  });

  it('property: waiting the Retry-After it gave is always enough, and never more than two windows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 90_000 }), { minLength: 1, maxLength: 25 }),
        async (limit, windowSeconds, gaps) => {
          const rule = { name: 'prop', limit, windowMs: windowSeconds * 1000 };
          const key = freshKey();
          let t = Date.parse('2026-04-01T00:00:00.000Z') + (gaps[0] ?? 0);
          for (const gap of gaps) {
            t += gap;
            now = t;
            const decision = await hitRateLimit(a, new Date(t), rule, key);
            if (!decision.allowed) {
              expect(decision.retryAfterSeconds).toBeLessThanOrEqual(2 * windowSeconds + 1);
              t += decision.retryAfterSeconds * 1000;
              now = t;
              expect((await hitRateLimit(a, new Date(t), rule, key)).allowed).toBe(true);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('clientIp', () => {
  const ctx = (xff: string, remote: string) =>
    ({
      get: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? xff : ''),
      socket: { remoteAddress: remote },
      ip: remote,
    }) as unknown as Parameters<typeof clientIp>[0];

  it('takes the entry our proxy appended, never a forged one, and only behind a trusted proxy', () => {
    expect(clientIp(ctx('1.2.3.4, 203.0.113.9', '10.0.0.1'), true)).toBe('203.0.113.9');
    expect(clientIp(ctx('1.2.3.4, 203.0.113.9', '10.0.0.1'), false)).toBe('10.0.0.1');
    expect(clientIp(ctx('', '::ffff:192.0.2.7'), true)).toBe('192.0.2.7');
    expect(clientIp(ctx('not-an-ip', '10.0.0.1'), true)).toBe('10.0.0.1');
  });

  it('limits IPv6 per /64 and IPv4 per address', () => {
    expect(ipRateKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipRateKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(ipRateKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipRateKey('::1')).toBe('0:0:0:0::/64');
    expect(ipRateKey('192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('coarseIp (what the sessions list shows)', () => {
  it('keeps an IPv4 /24 and an IPv6 /48, and nothing of anything else', () => {
    expect(coarseIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseIp('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseIp('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(coarseIp('2001:0db8::1')).toBe('2001:db8:0::/48');
    expect(coarseIp('[fe80::1%eth0]')).toBe('fe80:0:0::/48');
    expect(coarseIp('::1')).toBe('0:0:0::/48');
    for (const junk of ['', 'unknown', '999.1.1.1', '1.2.3', 'a'.repeat(300)]) expect(coarseIp(junk)).toBeNull();
  });

  it('never gives away more than the network, for any address (fast-check)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        const coarse = coarseIp(ip)!;
        expect(coarse).toBe(`${ip.split('.').slice(0, 3).join('.')}.0/24`);
        expect(coarseIp(coarse.replace('/24', ''))).toBe(coarse);
      }),
    );
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const coarse = coarseIp(ip);
        expect(coarse).toMatch(/^([0-9a-f]{1,4}:){3}:\/48$|^\d+\.\d+\.\d+\.0\/24$/);
        // Two addresses in one /48 give the same answer; the answer is stable.
        expect(coarseIp(ip)).toBe(coarse);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const coarse = coarseIp(s);
        if (coarse !== null) expect(coarse).toMatch(/\/(24|48)$/);
      }),
    );
  });
});
