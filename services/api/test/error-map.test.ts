/**
 * Every error goes through the one family (domain/errors.ts) and the one middleware
 * (middleware/errors.ts): typed domain errors, the engine's input errors, the render pool's and
 * the worker's errors. Nothing that has a status reaches the client as 500; every 503 carries
 * Retry-After; the envelope is always the spec's.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '@jsonable/domain/errors';
import { tooLarge } from '@jsonable/render/errors';
import { createRenderPool } from '@jsonable/render/pool/index';
import { rebuildWorkerError, RenderCrashError, RenderPoolError } from '@jsonable/render/pool/errors';
import { createApp } from '../src/app';
import { httpAnswerFor } from '../src/middleware/errors';
import type { ApiModule } from '../src/module';
import { platformFixture } from './platform-fixtures';
import { givenEach } from './support/given';
import { poolJob } from '../../render/test/pool-test-job';

const thrown: Record<string, () => Error> = {
  'pool-busy': () => new RenderPoolError('busy'),
  'pool-timeout': () => new RenderPoolError('timeout'),
  'pool-closed': () => new RenderPoolError('closed'),
  'pool-startup': () => new RenderPoolError('startup-failed', 'Renderer could not start: boom'),
  'pool-oom': () => new RenderPoolError('out-of-memory'),
  'pool-invalid': () => new RenderPoolError('invalid-input'),
  'pool-crashed': () => new RenderCrashError('Rendering failed: the renderer crashed'),
  'input-413': () => tooLarge('Too many rows: 10001 (at most 10000)'),
  'worker-400': () => rebuildWorkerError({ name: 'ValidationError', message: 'Bad colour', status: 400 }),
  'worker-500': () => rebuildWorkerError({ name: 'TypeError', message: 'x is undefined' }),
  unavailable: () => new UnavailableError('Could not reserve an endpoint path; please try again'),
  'unavailable-12': () => new UnavailableError('Mail provider down', 12),
};

const probe: ApiModule = {
  name: 'probe',
  routes(router) {
    router.get('/api/probe/:name', (ctx) => {
      throw thrown[ctx.params.name ?? '']!();
    });
  },
};

const f = givenEach(() => platformFixture());

describe('one error → HTTP mapping', () => {
  const cases: Array<[string, number, string, string | undefined]> = [
    ['pool-busy', 503, 'Renderer busy, try again', '2'],
    ['pool-timeout', 503, 'Rendering timed out', '5'],
    ['pool-closed', 503, 'Renderer is shutting down', '5'],
    ['pool-startup', 503, 'Renderer unavailable, try again later', '30'],
    [
      'pool-oom',
      413,
      'The table needs more memory than one render may use: use fewer rows, columns or images',
      undefined,
    ],
    ['pool-invalid', 400, 'The table data could not be read', undefined],
    ['input-413', 413, 'Too many rows: 10001 (at most 10000)', undefined],
    ['worker-400', 400, 'Bad colour', undefined],
    ['unavailable', 503, 'Could not reserve an endpoint path; please try again', '5'],
    ['unavailable-12', 503, 'Mail provider down', '12'],
  ];
  for (const [name, status, message, retryAfter] of cases) {
    it(`${name} → ${status}${retryAfter ? ` with Retry-After ${retryAfter}` : ''}`, async () => {
      const res = await request(createApp(f.deps, [probe]).callback()).get(`/api/probe/${name}`);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, error: { code: status, message } });
      expect(res.headers['retry-after']).toBe(retryAfter);
    });
  }

  it('answers an engine bug or a crashed worker with a bare, logged 500', async () => {
    for (const name of ['worker-500', 'pool-crashed']) {
      const res = await request(createApp(f.deps, [probe]).callback()).get(`/api/probe/${name}`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: { code: 500, message: 'Internal server error' } });
      expect(f.lines.some((l) => l.msg === 'unhandled error' && l.path === `/api/probe/${name}`)).toBe(true);
    }
  });

  it('gives every 503 and 429 of the table a Retry-After', () => {
    for (const make of Object.values(thrown)) {
      const answer = httpAnswerFor(make());
      if (answer && (answer.status === 503 || answer.status === 429))
        expect(answer.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it('maps a real pool that is full to 503 with Retry-After', async () => {
    const pool = createRenderPool({
      size: 1,
      maxQueue: 1,
      jobModule: new URL('../../render/test/pool-test-job.ts', import.meta.url).href,
    });
    try {
      await pool.ready();
      const running = [pool.render(poolJob({ delayMs: 400 })), pool.render(poolJob({ delayMs: 400 }))];
      const refused = await pool.render(poolJob({ echo: 'one too many' })).catch((e: unknown) => e);
      expect(httpAnswerFor(refused)).toEqual({
        status: 503,
        message: 'Renderer busy, try again',
        retryAfterSeconds: 2,
      });
      await Promise.all(running);
    } finally {
      await pool.close();
    }
  });
});
