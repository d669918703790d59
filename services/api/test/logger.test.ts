import { createHash } from 'node:crypto';
import request from 'supertest';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createLogger, type LogLevel } from '../src/logger';
import type { ApiModule } from '../src/module';
import { platformFixture, type PlatformFixture } from './platform-fixtures';

type Line = Record<string, unknown> & { level: string; msg: string };

function capture(level: LogLevel = 'info') {
  const lines: Line[] = [];
  const raw: string[] = [];
  const logger = createLogger({
    level,
    write: (line) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Line);
    },
  });
  return { logger, lines, raw };
}

const hashOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16);

describe('log lines', () => {
  it('keep an error’s code, stack and whole cause chain (and an AggregateError’s errors)', () => {
    const { logger, lines } = capture();
    const root = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
    });
    const middle = new Error('append failed', { cause: root });
    const top = Object.assign(new Error('render flow failed', { cause: middle }), { code: 'E_FLOW' });
    logger.error('unhandled error', {
      error: top,
      also: new AggregateError([new TypeError('bad a'), new RangeError('bad b')], 'two failed'),
    });
    const [line] = lines;
    expect(line).toMatchObject({ level: 'error', msg: 'unhandled error' });
    const error = line!.error as Record<string, any>;
    expect(error).toMatchObject({ type: 'Error', message: 'render flow failed', code: 'E_FLOW' });
    expect(error.stack).toContain('logger.test.ts');
    expect(error.cause).toMatchObject({ type: 'Error', message: 'append failed' });
    expect(error.cause.cause).toMatchObject({
      message: 'connect ECONNREFUSED 127.0.0.1:2113',
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
    });
    expect(error.cause.cause.stack).toEqual(expect.any(String));
    expect((line!.also as any).errors.map((e: { type: string; message: string }) => `${e.type}: ${e.message}`)).toEqual(
      ['TypeError: bad a', 'RangeError: bad b'],
    );
  });

  it('survive circular causes, bigints and very deep fields', () => {
    const { logger, lines } = capture();
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    let deep: Record<string, unknown> = { end: true };
    for (let i = 0; i < 50; i++) deep = { deep };
    logger.warn('odd', { error: b, n: 10n ** 20n, deep });
    expect((lines[0]!.error as any).cause.message).toBe('a');
    expect((lines[0]!.error as any).cause.cause).toBe('[circular]');
    expect(lines[0]!.n).toBe('100000000000000000000');
    expect(JSON.stringify(lines[0]!.deep)).toContain('[too deep]');
  });

  it('LOG_LEVEL=debug writes debug lines; info (the default) does not; silent writes nothing', () => {
    const debug = capture('debug');
    debug.logger.debug('batch handled', { events: 3 });
    debug.logger.child({ component: 'projector' }).debug('caught up');
    expect(debug.lines.map((l) => [l.level, l.msg, l.component])).toEqual([
      ['debug', 'batch handled', undefined],
      ['debug', 'caught up', 'projector'],
    ]);
    const info = capture('info');
    info.logger.debug('hidden');
    info.logger.info('shown');
    expect(info.lines.map((l) => l.msg)).toEqual(['shown']);
    const silent = capture('silent');
    silent.logger.error('nothing');
    expect(silent.lines).toEqual([]);
    expect(info.lines[0]).toMatchObject({ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('redact secrets by field name and e-mail addresses everywhere, leaving a hash to correlate', () => {
    const { logger, lines, raw } = capture();
    const key = 'jsk_live_0123456789abcdef';
    logger.child({ user: 'Ada@Example.com' }).warn('sign-in for ada@example.com failed', {
      password: 'hunter2hunter2',
      headers: { authorization: `Bearer ${key}`, cookie: 'jsonable_session=abc', 'x-api-key': key },
      token: 'magic-token-value',
      apiKey: key,
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      body: { email: 'grace@navy.mil', note: 'write to grace@navy.mil or bob+tag@sub.example.co.uk' },
      error: new Error('no account for grace@navy.mil'),
      hasKey: true,
    });
    const text = raw.join('\n');
    for (const secret of [
      'hunter2',
      key,
      'jsonable_session=abc',
      'magic-token-value',
      'whsec_123',
      'ada@example.com',
      'Ada@Example.com',
      'grace@navy.mil',
      'bob+tag@sub.example.co.uk',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const line = lines[0]!;
    expect(line.msg).toBe(`sign-in for [email sha256:${hashOf('ada@example.com')}] failed`);
    expect(line.user).toBe(`[email sha256:${hashOf('ada@example.com')}]`);
    expect(line.password).toBe('[redacted]');
    expect((line.headers as Record<string, string>).authorization).toBe('[redacted]');
    expect((line.body as Record<string, string>).email).toBe(`[email sha256:${hashOf('grace@navy.mil')}]`);
    expect((line.error as Record<string, string>).message).toBe(
      `no account for [email sha256:${hashOf('grace@navy.mil')}]`,
    );
    // A flag about a key is not a secret.
    expect(line.hasKey).toBe(true);
  });

  it('never let an e-mail address through, whatever surrounds it (property)', () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/);
    const domain = fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,8}){1,3}$/);
    fc.assert(
      fc.property(local, domain, fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (l, d, before, after) => {
        const address = `${l}@${d}`;
        const { logger, raw } = capture();
        logger.info(`${before} ${address} ${after}`, { nested: [{ text: `${before}<${address}>${after}` }] });
        return !raw.join('').includes(address);
      }),
      { numRuns: 200 },
    );
  });
});

describe('request id on every line of a request', () => {
  let f: PlatformFixture;
  afterEach(async () => {
    await f.close();
  });

  it('lines written deep inside a handler, after awaits and timers, carry the id; concurrent requests keep theirs', async () => {
    f = platformFixture();
    const probe: ApiModule = {
      name: 'probe',
      routes(router, deps) {
        router.get('/api/probe/work', async (ctx) => {
          deps.logger.info('step one');
          await new Promise((resolve) => setTimeout(resolve, Number(ctx.query.wait ?? 5)));
          await deps.eventStore.headPosition();
          deps.logger.child({ component: 'deep' }).warn('step two');
          await new Promise<void>((resolve) =>
            setImmediate(() => {
              deps.logger.info('step three');
              resolve();
            }),
          );
          ctx.body = { ok: true };
        });
      },
    };
    const app = createApp(f.deps, [probe]);
    const server = app.callback();
    const answers = await Promise.all(
      ['r-1', 'r-2', 'r-3'].map((id, i) =>
        request(server)
          .get(`/api/probe/work?wait=${(3 - i) * 10}`)
          .set('X-Request-Id', id),
      ),
    );
    expect(answers.map((a) => a.headers['x-request-id'])).toEqual(['r-1', 'r-2', 'r-3']);
    f.deps.logger.info('outside any request');
    for (const id of ['r-1', 'r-2', 'r-3']) {
      const mine = f.lines.filter((l) => l.requestId === id).map((l) => l.msg);
      expect(mine, id).toEqual(['step one', 'step two', 'step three', 'request']);
    }
    expect(f.lines.find((l) => l.msg === 'outside any request')!.requestId).toBeUndefined();
  });
});
