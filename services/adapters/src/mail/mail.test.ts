import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderFault } from '@jsonable/domain/faults';
import { createMailer, MailgunMailer, OutboxMailer, type MailLogger, type OutboxFile } from './index';

const logged: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
const logger: MailLogger = {
  info: (msg, fields) => logged.push({ msg, fields }),
  warn: (msg, fields) => logged.push({ msg, fields }),
  error: (msg, fields) => logged.push({ msg, fields }),
};
const message = {
  to: 'ann@example.com',
  subject: 'Your Jsonable sign-in link',
  text: 'Sign in: https://jsonable.test/auth/verify?token=abc',
  html: '<a href="https://jsonable.test/auth/verify?token=abc">Sign in</a>',
  tag: 'magic-link',
};

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jsonable-outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is chosen without Mailgun settings and keeps each message as one file with both parts and the full link', async () => {
    const mailer = createMailer({}, dir, logger);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send(message);
    await mailer.send({ ...message, to: 'bob@example.com' });
    const files = (await readdir(join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.json') && f.includes('magic-link'))).toBe(true);
    const first = JSON.parse(await readFile(join(dir, 'outbox', files[0]!), 'utf8')) as OutboxFile;
    expect(first).toMatchObject({
      to: 'ann@example.com',
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    expect(first.from).toBe('Jsonable <no-reply@localhost>');
    expect(logged.some((l) => l.fields?.to === 'bob@example.com' && String(l.fields.file).includes('outbox'))).toBe(
      true,
    );
  });
});

describe('Mailgun mailer (a local server stands in for Mailgun)', () => {
  let server: Server;
  let base: string;
  let status = 200;
  const requests: Array<{ method: string; url: string; auth: string; contentType: string; body: string }> = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: await readBody(req),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200
            ? { id: '<20260101.1@mg.example.com>', message: 'Queued. Thank you.' }
            : { message: 'Forbidden' },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** The value of one multipart field. */
  const field = (body: string, name: string) => {
    const m = new RegExp(
      `name="${name.replace(/[:]/g, '\\$&')}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([\\s\\S]*?)\\r\\n--`,
    ).exec(body);
    return m?.[1];
  };

  it('is chosen when key and domain are set, and posts the message with both parts to the domain', async () => {
    status = 200;
    const mailer = createMailer(
      { mailgunApiKey: 'key-test-123', mailgunDomain: 'mg.example.com', mailgunUrl: base },
      '/nonexistent',
      logger,
    );
    expect(mailer).toBeInstanceOf(MailgunMailer);
    await mailer.send(message);
    const req = requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v3/mg.example.com/messages');
    expect(req.auth).toBe(`Basic ${Buffer.from('api:key-test-123').toString('base64')}`);
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(field(req.body, 'from')).toBe('Jsonable <no-reply@mg.example.com>');
    expect(field(req.body, 'to')).toBe('ann@example.com');
    expect(field(req.body, 'subject')).toBe(message.subject);
    expect(field(req.body, 'text')).toBe(message.text);
    expect(field(req.body, 'html')).toBe(message.html);
    expect(field(req.body, 'o:tag')).toBe('magic-link');
  });

  it('fails the send when Mailgun refuses, without the key in the error', async () => {
    status = 401;
    const mailer = createMailer(
      {
        mailgunApiKey: 'key-secret-999',
        mailgunDomain: 'mg.example.com',
        mailgunUrl: base,
        from: 'Ops <ops@example.com>',
      },
      '/x',
      logger,
    );
    const error = await mailer.send(message).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(ProviderFault);
    const fault = error as ProviderFault;
    expect({ status: fault.providerStatus, retryable: fault.retryable, component: fault.component }).toEqual({
      status: 401,
      retryable: false,
      component: 'mailer',
    });
    expect(fault.detail).toContain('401');
    expect(`${fault.message} ${fault.detail}`).not.toContain('key-secret-999');
    expect(field(requests.at(-1)!.body, 'from')).toBe('Ops <ops@example.com>');
  });

  it('fails retryably when Mailgun answers 5xx or 429, and as unreachable when nothing answers', async () => {
    const mailer = createMailer(
      { mailgunApiKey: 'key-test-123', mailgunDomain: 'mg.example.com', mailgunUrl: base },
      '/x',
      logger,
    );
    for (const s of [500, 503, 429]) {
      status = s;
      const fault = await mailer.send(message).then(
        () => null,
        (e: unknown) => e as ProviderFault,
      );
      expect(fault).toBeInstanceOf(ProviderFault);
      expect({ status: fault!.providerStatus, retryable: fault!.retryable, http: fault!.status }).toEqual({
        status: s,
        retryable: true,
        http: 503,
      });
    }
    status = 200;
    const nowhere = createMailer(
      { mailgunApiKey: 'key-test-123', mailgunDomain: 'mg.example.com', mailgunUrl: 'http://127.0.0.1:1' },
      '/x',
      logger,
    );
    const error = await nowhere.send(message).then(
      () => null,
      (e: unknown) => e as { kind?: string; retryable?: boolean },
    );
    expect({ kind: error?.kind, retryable: error?.retryable }).toEqual({ kind: 'unreachable', retryable: true });
  });
});
