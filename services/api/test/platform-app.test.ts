import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { createServer, get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  ValidationError,
} from '@jsonable/domain/errors';
import { createApp } from '../src/app';
import { protoKeyMessage } from '../src/middleware/body';
import type { ApiModule } from '../src/module';
import { platformFixture } from './platform-fixtures';
import { givenEach } from './support/given';

/** Routes that throw each kind of error, and one that echoes the parsed body. */
const probe: ApiModule = {
  name: 'probe',
  routes(router) {
    router.get('/api/probe/validation', () => {
      throw new ValidationError('Name is required');
    });
    router.get('/api/probe/not-found', () => {
      throw new NotFoundError('Project not found');
    });
    router.get('/api/probe/conflict', () => {
      throw new ConflictError('Endpoint path is taken');
    });
    router.get('/api/probe/rate-limited', () => {
      throw new RateLimitedError('Too many requests', 12.2);
    });
    router.get('/api/probe/unavailable', () => {
      throw new UnavailableError('Render queue is full');
    });
    router.get('/api/probe/library-4xx', () => {
      throw Object.assign(new Error('Unprocessable table'), { status: 422 });
    });
    router.get('/api/probe/library-5xx', () => {
      throw Object.assign(new Error('upstream detail'), { status: 502 });
    });
    router.get('/api/probe/crash', () => {
      throw new Error('secret internals: password=hunter2');
    });
    router.post('/api/probe/echo', (ctx) => {
      ctx.body = { received: ctx.request.body ?? null };
    });
  },
};

const f = givenEach(() => platformFixture());

describe('error envelope', () => {
  const cases: Array<[string, number, string]> = [
    ['/api/probe/validation', 400, 'Name is required'],
    ['/api/probe/not-found', 404, 'Project not found'],
    ['/api/probe/conflict', 409, 'Endpoint path is taken'],
    ['/api/probe/rate-limited', 429, 'Too many requests'],
    ['/api/probe/unavailable', 503, 'Render queue is full'],
    ['/api/probe/library-4xx', 422, 'Unprocessable table'],
  ];
  for (const [path, status, message] of cases) {
    it(`${path} → ${status}`, async () => {
      const res = await request(createApp(f.deps, [probe]).callback()).get(path);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, error: { code: status, message } });
    });
  }

  it('sets Retry-After on rate limiting (whole seconds, rounded up)', async () => {
    const res = await request(createApp(f.deps, [probe]).callback()).get('/api/probe/rate-limited');
    expect(res.headers['retry-after']).toBe('13');
  });

  it('answers anything unexpected with a bare 500 and logs the stack', async () => {
    for (const path of ['/api/probe/crash', '/api/probe/library-5xx']) {
      const res = await request(createApp(f.deps, [probe]).callback()).get(path);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: { code: 500, message: 'Internal server error' } });
      expect(JSON.stringify(res.body)).not.toContain('hunter2');
    }
    const logged = f.lines.find((l) => l.msg === 'unhandled error' && l.path === '/api/probe/crash');
    expect((logged?.error as { stack?: string }).stack).toContain('secret internals');
  });

  it('answers an unknown /api route with the 404 envelope', async () => {
    const app = createApp(f.deps, [probe]).callback();
    for (const path of ['/api/nope', '/api/jsonable/nope/deeper', '/api']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 404, message: 'Not found' } });
    }
  });

  it('answers a wrong method with 405, Allow and the envelope', async () => {
    const res = await request(createApp(f.deps, [probe]).callback()).delete('/api/probe/echo');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('POST');
    expect(res.body).toEqual({ success: false, error: { code: 405, message: 'Method Not Allowed' } });
  });
});

describe('request bodies', () => {
  it('parses JSON and refuses a body over the limit with 413 and a clear message', async () => {
    const app = createApp(f.deps, [probe]).callback();
    const ok = await request(app)
      .post('/api/probe/echo')
      .send({ title: 'Sales', data: [{ a: 1 }] });
    expect(ok.body).toEqual({ received: { title: 'Sales', data: [{ a: 1 }] } });
    const big = JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) });
    const res = await request(app).post('/api/probe/echo').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: { code: 413, message: 'Request body too large (limit 1 MB)' } });
  });

  it('follows BODY_LIMIT_MB', async () => {
    const app = createApp({ ...f.deps, config: { ...f.deps.config, bodyLimitBytes: 2.5 * 1024 * 1024 } }, [
      probe,
    ]).callback();
    const fits = await request(app)
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ d: 'x'.repeat(2 * 1024 * 1024) }));
    expect(fits.status).toBe(200);
    const res = await request(app)
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ d: 'x'.repeat(3 * 1024 * 1024) }));
    expect(res.body.error).toEqual({ code: 413, message: 'Request body too large (limit 2.5 MB)' });
  });

  it('answers malformed JSON with 400 Invalid JSON format', async () => {
    const app = createApp(f.deps, [probe]).callback();
    for (const body of ['{"a":', '{a:1}', "{'a':1}", '[1,2', 'nul', '{"a":1}}']) {
      const res = await request(app).post('/api/probe/echo').set('Content-Type', 'application/json').send(body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ success: false, error: { code: 400, message: 'Invalid JSON format' } });
    }
  });

  it('property: any JSON object or array round-trips; any text that is not one gets 400 saying which', async () => {
    const app = createApp(f.deps, [probe]).callback();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue())),
        async (value) => {
          const text = JSON.stringify(value);
          // Keys named __proto__ are refused on purpose (the test below).
          fc.pre(!text.includes('"__proto__":'));
          const res = await request(app).post('/api/probe/echo').set('Content-Type', 'application/json').send(text);
          expect(res.status).toBe(200);
          expect(JSON.stringify(res.body.received)).toBe(JSON.stringify(JSON.parse(text)));
        },
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (text) => {
        const parse = (t: string): { ok: boolean; value?: unknown } => {
          try {
            return { ok: true, value: JSON.parse(t) as unknown };
          } catch {
            return { ok: false };
          }
        };
        const outer = parse(text);
        const isObject = (v: unknown) => typeof v === 'object' && v !== null;
        // A JSON string holding an object's JSON is read as that object (the test below).
        const inner = outer.ok && typeof outer.value === 'string' ? parse(outer.value) : { ok: false };
        fc.pre(!(outer.ok && isObject(outer.value)) && !(inner.ok && isObject(inner.value)) && text.trim() !== '');
        const res = await request(app).post('/api/probe/echo').set('Content-Type', 'application/json').send(text);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(
          outer.ok ? 'Invalid request: the body must be a JSON object' : 'Invalid JSON format',
        );
      }),
      { numRuns: 60 },
    );
  });
  it('refuses a "__proto__" key anywhere in the body with 400 and says so, and nothing reaches the route', async () => {
    const app = createApp(f.deps, [probe]).callback();
    for (const text of [
      '{"__proto__":{"admin":true}}',
      '{"data":[{"name":"a","__proto__":1}]}',
      '[[{"x":{"__proto__":null}}]]',
    ]) {
      const res = await request(app).post('/api/probe/echo').set('Content-Type', 'application/json').send(text);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: { code: 400, message: protoKeyMessage } });
    }
    // The same word as a value, or inside a longer key, is ordinary data.
    const ok = await request(app)
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"__proto__x":"__proto__"}');
    expect(ok.status).toBe(200);
    expect(ok.body.received).toEqual({ __proto__x: '__proto__' });
  });
});

describe('status', () => {
  it('is operational while both stores answer, 503 unavailable when one does not', async () => {
    const app = createApp(f.deps, []).callback();
    const up = await request(app).get('/api/jsonable/status');
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ status: 'operational' });
    await f.deps.docs.close();
    const down = await request(app).get('/api/jsonable/status');
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('10');
    expect(down.body).toMatchObject({
      status: 'unavailable',
      components: [{ component: 'document-store', problem: 'unreachable' }],
    });
  });

  it('is unavailable when the event store is gone', async () => {
    await f.deps.eventStore.close();
    const res = await request(createApp(f.deps, []).callback()).get('/api/jsonable/status');
    expect(res.status).toBe(503);
  });
});

describe('request ids and logs', () => {
  it('keeps a plain incoming X-Request-Id, replaces a bad one, and makes one when absent', async () => {
    const app = createApp(f.deps, [probe]).callback();
    const kept = await request(app).get('/api/jsonable/status').set('X-Request-Id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(app).get('/api/jsonable/status').set('X-Request-Id', 'bad id\twith "quotes"');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const made = await request(app).get('/api/jsonable/status');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
  });

  it('logs one line per request without the query string or the body', async () => {
    const app = createApp(f.deps, [probe]).callback();
    await request(app)
      .post('/api/probe/echo?api_key=sk_live_secret')
      .set('X-Request-Id', 'req-1')
      .send({ password: 'hunter2' });
    const lines = f.lines.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'POST',
      path: '/api/probe/echo',
      status: 200,
      requestId: 'req-1',
      level: 'info',
    });
    expect(typeof lines[0]!.ms).toBe('number');
    const all = JSON.stringify(f.lines);
    expect(all).not.toContain('sk_live_secret');
    expect(all).not.toContain('hunter2');
  });
});

describe('web app serving', () => {
  function withWeb(): ReturnType<typeof createApp> {
    const dist = join(f.dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Jsonable</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-3f9a.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(f.dir, 'secret.txt'), 'outside the web root');
    return createApp({ ...f.deps, config: { ...f.deps.config, webDist: dist } }, [probe]);
  }

  it('serves hashed assets as immutable and index.html as no-cache', async () => {
    const app = withWeb().callback();
    const asset = await request(app).get('/assets/app-3f9a.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const root = await request(app).get('/').set('Accept', 'text/html');
    expect(root.text).toContain('<title>Jsonable</title>');
    expect(root.headers['cache-control']).toBe('no-cache');
    const again = await request(app)
      .get('/favicon.svg')
      .set('If-None-Match', (await request(app).get('/favicon.svg')).headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for client routes, never for /api or missing assets', async () => {
    const app = withWeb().callback();
    const deep = await request(app).get('/projects/42/styles').set('Accept', 'text/html,application/xhtml+xml');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('<div id="root">');
    const api = await request(app).get('/api/nope').set('Accept', 'text/html');
    expect(api.status).toBe(404);
    expect(api.body.success).toBe(false);
    const missing = await request(app).get('/assets/old-bundle.js');
    expect(missing.status).toBe(404);
    const json = await request(app).get('/dashboard').set('Accept', 'application/json');
    expect(json.status).toBe(404);
  });

  it('sends the precompressed copy the browser accepts (Brotli first), with one validator per encoding', async () => {
    const dist = join(f.dir, 'dist');
    const app = withWeb().callback();
    const source = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ row: i, name: `Product ${i}` })))};`;
    writeFileSync(join(dist, 'assets', 'app-3f9a.js'), source);
    writeFileSync(join(dist, 'assets', 'app-3f9a.js.br'), brotliCompressSync(source));
    writeFileSync(join(dist, 'assets', 'app-3f9a.js.gz'), gzipSync(source));
    // Raw bytes as sent: supertest's client would decompress them itself.
    const server = createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    try {
      const br = await get('/assets/app-3f9a.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('text/javascript');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(source.length / 3);
      expect(brotliDecompressSync(br.body).toString()).toBe(source);

      const gz = await get('/assets/app-3f9a.js', { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(source);

      const plain = await get('/assets/app-3f9a.js', { 'Accept-Encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(source);
      const none = await get('/assets/app-3f9a.js', {});
      expect(none.headers['content-encoding']).toBeUndefined();
      const refused = await get('/assets/app-3f9a.js', { 'Accept-Encoding': 'br;q=0, gzip' });
      expect(refused.headers['content-encoding']).toBe('gzip');

      // A validator of one representation never revalidates another.
      expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
      const same = await get('/assets/app-3f9a.js', {
        'Accept-Encoding': 'br',
        'If-None-Match': br.headers.etag as string,
      });
      expect(same.status).toBe(304);
      const other = await get('/assets/app-3f9a.js', {
        'Accept-Encoding': 'identity',
        'If-None-Match': br.headers.etag as string,
      });
      expect(other.status).toBe(200);

      // Client routes get index.html's copy too; files without copies are sent as they are.
      writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(readFileSync(join(dist, 'index.html'))));
      const deep = await get('/dashboard', { Accept: 'text/html', 'Accept-Encoding': 'br' });
      expect(deep.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(deep.body).toString()).toContain('<title>Jsonable</title>');
      const svg = await get('/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
      expect(svg.headers['content-encoding']).toBeUndefined();
      expect(svg.headers.vary).toBeUndefined();
    } finally {
      server.close();
    }
  });
  it('never serves files outside the web root', async () => {
    const app = withWeb().callback();
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
    ]) {
      const res = await request(app).get(path).set('Accept', 'text/plain');
      expect(res.text ?? '').not.toContain('outside the web root');
    }
  });
});
