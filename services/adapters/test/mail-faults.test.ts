/**
 * The mailer fault contract (domain/testing/fault.contract.ts testMailerFaults) on both mailers:
 * - the outbox, its file-system calls behind the fault-injecting wrapper throwing Node's errno
 *   errors (full disk, quota, I/O error, too many files), plus a disk that fills in the middle of
 *   writing a message: the fault is no_space (507) and no partial file stays in the outbox;
 * - Mailgun, its SDK behind the wrapper throwing the errors the SDK really threw a moment before
 *   against a local server standing in for Mailgun (503, 429, 401, no answer, timeout).
 * Each time the same mailer instance sends again once the fault clears.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fsPromises from 'node:fs/promises';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoSpaceFault } from '@jsonable/domain/faults';
import { errnoError, faulty, faultSwitch } from '@jsonable/domain/testing/fault-injection';
import { testMailerFaults, type FaultHarness, type InjectedFault } from '@jsonable/domain/testing/fault.contract';
import type { Mailer } from '@jsonable/domain/ports';
import { MailgunMailer, OutboxMailer, type MailLogger } from '../src/mail/index';
import { FS_FAULTS, harness } from './support/driver-faults';

const quiet: MailLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const message = { to: 'ann@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', tag: 'test' };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jsonable-mail-faults-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

testMailerFaults('Outbox', FS_FAULTS, async () => {
  const faults = faultSwitch();
  const mailer = new OutboxMailer(join(dir, 'outbox-contract'), 'Jsonable <no-reply@localhost>', quiet, {
    fs: faulty(fsPromises, faults.armed),
  });
  return harness<Mailer>(mailer, faults, async () => undefined);
});

describe('Outbox mailer on a disk that fills while it writes', () => {
  it('answers no_space (507, retryable), leaves no partial file, and sends again once there is room', async () => {
    const outbox = join(dir, 'outbox-full');
    let full = true;
    const fs: typeof fsPromises = {
      ...fsPromises,
      // What a full disk does to writeFile: part of the bytes land, then ENOSPC.
      writeFile: (async (path: string, data: string, options: object) => {
        if (!full) return fsPromises.writeFile(path, data, options);
        await fsPromises.writeFile(path, data.slice(0, 10), options);
        throw errnoError('ENOSPC', 'write', 'no space left on device');
      }) as typeof fsPromises.writeFile,
    };
    const mailer = new OutboxMailer(outbox, 'Jsonable <no-reply@localhost>', quiet, { fs });
    const error = await mailer.send(message).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NoSpaceFault);
    const fault = error as NoSpaceFault;
    expect({ component: fault.component, status: fault.status, retryable: fault.retryable }).toEqual({
      component: 'mailer',
      status: 507,
      retryable: true,
    });
    expect(fault.detail).toContain('ENOSPC');
    expect(await readdir(outbox)).toEqual([]);

    full = false;
    await mailer.send(message);
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.json$/);
  });
});

// ---- Mailgun: a local server stands in for it; the SDK's own errors are captured from it. ----

type Mode = number | 'hang';
let mode: Mode = 200;
let server: Server;
let base = '';
const hanging = new Set<import('node:http').ServerResponse>();

/** The error the SDK throws when the server behaves as `m` (or when nothing listens: 'closed'). */
async function sdkError(m: Mode | 'closed'): Promise<unknown> {
  const url = m === 'closed' ? 'http://127.0.0.1:1' : base;
  const client = new Mailgun(FormData).client({ username: 'api', key: 'key-test', url, timeout: 300 });
  mode = m === 'closed' ? 200 : m;
  try {
    return await client.messages
      .create('mg.example.com', { from: 'a@example.com', to: ['b@example.com'], subject: 's', text: 't' })
      .then(
        () => null,
        (e: unknown) => e,
      );
  } finally {
    mode = 200;
  }
}

const captured = new Map<string, unknown>();
const MAILGUN_CASES: Array<{ label: string; mode: Mode | 'closed'; kind: InjectedFault['kind']; retryable: boolean }> =
  [
    { label: 'Mailgun 503', mode: 503, kind: 'provider', retryable: true },
    { label: 'Mailgun 429', mode: 429, kind: 'provider', retryable: true },
    { label: 'Mailgun 401', mode: 401, kind: 'provider', retryable: false },
    { label: 'no server (ECONNREFUSED)', mode: 'closed', kind: 'unreachable', retryable: true },
    { label: 'no answer (SDK timeout)', mode: 'hang', kind: 'timeout', retryable: true },
  ];
const MAILGUN_FAULTS: InjectedFault[] = MAILGUN_CASES.map((c) => ({
  label: c.label,
  kind: c.kind,
  retryable: c.retryable,
  error: () => {
    const error = captured.get(c.label);
    if (!error) throw new Error(`the SDK did not fail for ${c.label}`);
    return error;
  },
}));

testMailerFaults('Mailgun', MAILGUN_FAULTS, async (): Promise<FaultHarness<Mailer>> => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(mode, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          mode === 200 ? { id: '<1@mg.example.com>', message: 'Queued. Thank you.' } : { message: 'failure' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const c of MAILGUN_CASES) captured.set(c.label, await sdkError(c.mode));
  for (const res of hanging) res.destroy();

  const faults = faultSwitch();
  const mailer = new MailgunMailer(
    { apiKey: 'key-test', domain: 'mg.example.com', url: base, from: 'Jsonable <no-reply@mg.example.com>' },
    quiet,
    {
      wrap: (messages) => faulty(messages, faults.armed),
    },
  );
  return harness<Mailer>(mailer, faults, async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
