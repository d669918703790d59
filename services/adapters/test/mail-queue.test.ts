import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProviderFault, UnreachableFault } from '@jsonable/domain/faults';
import type { MailMessage } from '@jsonable/domain/ports';
import { MAIL_QUEUE, QueueingMailer, type QueuedMail } from '../src/mail/queue';
import { SqliteDocumentStore } from '../src/sqlite/document-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-mailq-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const message = (to: string): MailMessage => ({
  to,
  subject: 'Your sign-in link',
  text: 'https://x.test/auth/verify?token=t',
  html: '<a>link</a>',
  tag: 'magic-link',
});
const quiet = { info() {}, warn() {}, error() {} };

function setUp(name: string) {
  let now = 1_000_000;
  let failure: Error | null = null;
  const delivered: string[] = [];
  const docs = new SqliteDocumentStore(join(dir, `${name}.sqlite`), { sweepIntervalMs: 0, now: () => now });
  const provider = {
    async send(m: MailMessage) {
      if (failure) throw failure;
      delivered.push(m.to);
    },
  };
  const mailer = new QueueingMailer(provider, docs, quiet, {
    now: () => now,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    lifetimeMs: 60_000,
  });
  return {
    mailer,
    docs,
    delivered,
    fail: (error: Error | null) => (failure = error),
    advance: (ms: number) => (now += ms),
  };
}

describe('QueueingMailer', () => {
  it('queues mail the provider cannot take, retries it with backoff, and delivers it once the provider is back', async () => {
    const q = setUp('retry');
    q.fail(new UnreachableFault('mailer', { detail: 'ECONNREFUSED' }));
    await q.mailer.send(message('ann@example.com')); // resolves: the mail will go out later
    expect(q.delivered).toEqual([]);
    expect(await q.mailer.waiting()).toBe(1);

    expect(await q.mailer.deliverDue()).toMatchObject({ sent: 0, failed: 0 }); // not due yet
    q.advance(1000);
    expect(await q.mailer.deliverDue()).toMatchObject({ sent: 0, failed: 1, waiting: 1 }); // still down
    const [queued] = await q.docs.find<QueuedMail>(MAIL_QUEUE);
    expect(queued).toMatchObject({ attempts: 2, nextAttemptAt: 1_001_000 + 2000 });
    q.advance(1999);
    expect(await q.mailer.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
    q.fail(null);
    q.advance(1);
    expect(await q.mailer.deliverDue()).toEqual({ sent: 1, failed: 0, dropped: 0, waiting: 0 });
    expect(q.delivered).toEqual(['ann@example.com']);
    await q.docs.close();
  });

  it('fails at once when the provider refuses for good, and drops queued mail it refuses later or that outlives its links', async () => {
    const q = setUp('refused');
    q.fail(new ProviderFault('mailer', { providerStatus: 401 }));
    await expect(q.mailer.send(message('bob@example.com'))).rejects.toBeInstanceOf(ProviderFault);
    expect(await q.mailer.waiting()).toBe(0);

    q.fail(new ProviderFault('mailer', { providerStatus: 503 }));
    await q.mailer.send(message('cy@example.com'));
    await q.mailer.send(message('di@example.com'));
    q.fail(new ProviderFault('mailer', { providerStatus: 400 }));
    q.advance(1000);
    expect(await q.mailer.deliverDue(1)).toMatchObject({ dropped: 1, waiting: 1 });
    q.fail(new ProviderFault('mailer', { providerStatus: 503 }));
    q.advance(60_000);
    expect(await q.mailer.deliverDue()).toMatchObject({ sent: 0, dropped: 1, waiting: 0 });
    expect(q.delivered).toEqual([]);
    await q.docs.close();
  });

  it('lets one of two processes deliver a queued message', async () => {
    const q = setUp('claim');
    q.fail(new UnreachableFault('mailer'));
    await q.mailer.send(message('eve@example.com'));
    q.fail(null);
    q.advance(1000);
    const other = new QueueingMailer({ send: async (m) => void q.delivered.push(`other:${m.to}`) }, q.docs, quiet, {
      now: () => 1_001_000,
    });
    const reports = await Promise.all([q.mailer.deliverDue(), other.deliverDue()]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(q.delivered).toHaveLength(1);
    await q.docs.close();
  });
});
