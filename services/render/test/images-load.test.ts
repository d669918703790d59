import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ImageCache } from '../src/images/cache';
import { CellImageError, loadCellImage, type ImageLoadOptions, type ResolvedAddress } from '../src/images/load';

function pngBytes(w = 3, h = 2): Buffer {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2563eb';
  ctx.fillRect(0, 0, w, h);
  return canvas.toBuffer('image/png');
}

/** A PNG header that claims 50 000 × 50 000 pixels: a decompression bomb's calling card. */
function bombPng(): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(50_000, 16);
  b.writeUInt32BE(50_000, 20);
  return b;
}

const PNG = pngBytes();
const SIX_MB = 6 * 1024 * 1024;

let server: http.Server;
let port = 0;
const hits = new Map<string, number>();
let bigFinished = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/ok.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    } else if (path === '/lying.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    } else if (path === '/icon.svg') {
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><image href="http://169.254.169.254/"/></svg>');
    } else if (path === '/bomb.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(bombPng());
    } else if (path === '/big-declared.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(SIX_MB) });
      res.end(Buffer.alloc(SIX_MB));
    } else if (path === '/big-chunked.png') {
      // No content-length: the loader must count and stop by itself.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.concat([PNG, Buffer.alloc(64 * 1024 - PNG.length)]);
      let sent = 0;
      const pump = () => {
        while (sent < SIX_MB * 4) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        bigFinished = true;
        res.end();
      };
      res.on('close', () => res.destroy());
      pump();
    } else if (path === '/slow.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 10)); // and never more
    } else if (path === '/missing.png') {
      res.writeHead(404).end();
    } else if (path.startsWith('/hop/')) {
      const n = Number(path.slice(5));
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/ok.png' }).end();
    } else if (path.startsWith('/to?')) {
      res.writeHead(301, { location: decodeURIComponent(path.slice(4)) }).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => hits.clear());

/** A fake DNS: images.test is our local server; other names point where each test needs. */
function resolver(table: Record<string, string[]>, calls?: string[]) {
  return async (hostname: string): Promise<ResolvedAddress[]> => {
    calls?.push(hostname);
    const list = table[hostname];
    if (!list) throw new Error(`ENOTFOUND ${hostname}`);
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const local = (extra: Partial<ImageLoadOptions> = {}): Partial<ImageLoadOptions> => ({
  resolve: resolver({ 'images.test': ['127.0.0.1'] }),
  allowPrivateAddressesForTests: ['127.0.0.1'],
  cache: null,
  ...extra,
});

async function refusal(src: string, opts?: Partial<ImageLoadOptions>): Promise<CellImageError> {
  try {
    await loadCellImage(src, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(CellImageError);
    return error as CellImageError;
  }
  throw new Error(`expected ${src} to be refused`);
}

describe('loadCellImage over http', () => {
  it('loads a PNG and reports the type from its magic bytes', async () => {
    const image = await loadCellImage(`http://images.test:${port}/ok.png`, local());
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.equals(PNG)).toBe(true);
  });

  it('refuses loopback, private and metadata addresses in production mode, whatever the spelling', async () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '017700000001',
      '[::ffff:127.0.0.1]',
      '[::1]',
      'localhost',
      '169.254.169.254',
      '[fd00:ec2::254]',
    ]) {
      const error = await refusal(`http://${host}:${port}/ok.png`, { cache: null });
      expect(error.code, host).toBe('blocked-address');
      expect(error.message).toBe('Image host is not allowed');
    }
    expect(hits.size).toBe(0);
  });

  it('refuses a host whose DNS answer contains any private address, without connecting', async () => {
    const resolve = resolver({
      'mixed.test': ['93.184.216.34', '10.0.0.7'],
      'meta.test': ['169.254.169.254'],
      'nat64.test': ['64:ff9b::a00:1'],
    });
    for (const host of ['mixed.test', 'meta.test', 'nat64.test']) {
      const error = await refusal(`http://${host}:${port}/ok.png`, { resolve, cache: null });
      expect(error.code, host).toBe('blocked-address');
    }
  });

  it('connects to the vetted address, not to a fresh DNS answer (rebinding)', async () => {
    // rebind.test exists only in our resolver: the system DNS would fail, so success proves the
    // socket was pinned to the address we checked. The resolver is asked once per hop.
    const calls: string[] = [];
    const image = await loadCellImage(
      `http://rebind.test:${port}/hop/1`,
      local({ resolve: resolver({ 'rebind.test': ['127.0.0.1'] }, calls) }),
    );
    expect(image.contentType).toBe('image/png');
    expect(calls).toEqual(['rebind.test', 'rebind.test', 'rebind.test']);
  });

  it('follows up to 3 redirects and refuses a fourth', async () => {
    await expect(loadCellImage(`http://images.test:${port}/hop/2`, local())).resolves.toMatchObject({
      contentType: 'image/png',
    });
    const error = await refusal(`http://images.test:${port}/hop/3`, local());
    expect(error.code).toBe('redirects');
    expect(hits.get('/ok.png')).toBe(1);
  });

  it('re-checks every redirect target', async () => {
    const resolve = resolver({ 'images.test': ['127.0.0.1'], 'internal.test': ['10.1.2.3'] });
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://internal.test/x.png',
      `http://[::ffff:a01:203]:${port}/`,
      'file:///etc/passwd',
      'http://user:pw@images.test/ok.png',
    ]) {
      const error = await refusal(`http://images.test:${port}/to?${encodeURIComponent(target)}`, local({ resolve }));
      expect(['blocked-address', 'invalid-url'], target).toContain(error.code);
    }
  });

  it('refuses other schemes and URLs with a user name or password', async () => {
    for (const src of [
      'file:///etc/passwd',
      'ftp://images.test/a.png',
      'gopher://images.test/',
      'javascript:alert(1)',
      'not a url',
      'http://user:pw@images.test/ok.png',
    ]) {
      const error = await refusal(src, local());
      expect(error.code, src).toBe('invalid-url');
    }
    expect(hits.size).toBe(0);
  });

  it('refuses responses that are not images, even when they say they are', async () => {
    expect((await refusal(`http://images.test:${port}/page`, local())).code).toBe('not-image');
    expect((await refusal(`http://images.test:${port}/lying.png`, local())).code).toBe('unsupported-format');
    const svg = await refusal(`http://images.test:${port}/icon.svg`, local());
    expect(svg.message).toMatch(/SVG images are not supported/);
  });

  it('refuses an image whose header claims too many pixels, before decoding', async () => {
    const error = await refusal(`http://images.test:${port}/bomb.png`, local());
    expect(error.code).toBe('too-many-pixels');
    expect(error.message).toContain('50000 × 50000');
  });

  it('refuses bodies over the size limit, and stops reading an undeclared one', async () => {
    expect((await refusal(`http://images.test:${port}/big-declared.png`, local())).message).toBe(
      'Image is larger than 5 MB',
    );
    bigFinished = false;
    expect((await refusal(`http://images.test:${port}/big-chunked.png`, local())).code).toBe('too-large');
    expect(bigFinished).toBe(false);
  });

  it('gives up when the whole load takes longer than the timeout', async () => {
    const error = await refusal(`http://images.test:${port}/slow.png`, local({ timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
  });

  it('reports HTTP errors and unknown hosts briefly', async () => {
    expect((await refusal(`http://images.test:${port}/missing.png`, local())).message).toBe(
      'Image could not be loaded (HTTP 404)',
    );
    expect((await refusal(`http://nowhere.test:${port}/a.png`, local())).message).toBe('Image host could not be found');
  });
});

describe('the image cache', () => {
  it('serves a repeated URL once within the TTL, failures included, and again after it', async () => {
    let now = 1_000;
    const cache = new ImageCache({ now: () => now, ttlMs: 60_000, failureTtlMs: 10_000 });
    const opts = local({ cache });
    const urls = [`http://images.test:${port}/ok.png`, `http://images.test:${port}/missing.png`];
    await Promise.all([loadCellImage(urls[0]!, opts), loadCellImage(urls[0]!, opts)]);
    await loadCellImage(urls[0]!, opts);
    await refusal(urls[1]!, opts);
    await refusal(urls[1]!, opts);
    expect(hits.get('/ok.png')).toBe(1);
    expect(hits.get('/missing.png')).toBe(1);
    now += 20_000; // failure expired, success still fresh
    await loadCellImage(urls[0]!, opts);
    await refusal(urls[1]!, opts);
    expect(hits.get('/ok.png')).toBe(1);
    expect(hits.get('/missing.png')).toBe(2);
  });

  it('evicts the least recently used entry', () => {
    const cache = new ImageCache({ maxEntries: 2 });
    const outcome = { ok: true as const, image: { bytes: PNG, contentType: 'image/png' } };
    cache.set('a', outcome);
    cache.set('b', outcome);
    cache.get('a');
    cache.set('c', outcome);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });
});

describe('loadCellImage with data: URIs', () => {
  it('decodes base64 and percent-encoded images', async () => {
    const b64 = await loadCellImage(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(b64.bytes.equals(PNG)).toBe(true);
    const pct = await loadCellImage(
      `data:image/png,${[...PNG].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`,
    );
    expect(pct.bytes.equals(PNG)).toBe(true);
    expect(pct.contentType).toBe('image/png');
  });

  it('refuses non-image types, SVG, malformed base64 and oversized data', async () => {
    expect((await refusal('data:text/html;base64,PGgxPmhpPC9oMT4=')).code).toBe('not-image');
    expect((await refusal(`data:,${encodeURIComponent('<svg/>')}`)).code).toBe('not-image');
    expect(
      (await refusal(`data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`)).code,
    ).toBe('unsupported-format');
    expect((await refusal('data:image/png;base64,@@@not-base64@@@')).code).toBe('invalid-url');
    expect((await refusal('data:image/png;base64')).code).toBe('invalid-url');
    const big = await refusal(`data:image/png;base64,${Buffer.alloc(200_000).toString('base64')}`, {
      maxBytes: 100_000,
    });
    expect(big.code).toBe('too-large');
    expect(big.message).toBe('Image is larger than 98 KB');
    const bomb = await refusal(`data:image/png;base64,${bombPng().toString('base64')}`);
    expect(bomb.code).toBe('too-many-pixels');
  });

  it('reads pixel sizes from JPEG, GIF and WebP headers', async () => {
    const canvas = createCanvas(40, 30);
    canvas.getContext('2d').fillRect(0, 0, 40, 30);
    const jpeg = canvas.toBuffer('image/jpeg');
    const webp = canvas.toBuffer('image/webp');
    const gif = Buffer.from('R0lGODlhKAAeAIAAAP///wAAACwAAAAAKAAeAAACAkQBADs=', 'base64');
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
      [gif, 'image/gif'],
    ] as const) {
      expect((await loadCellImage(`data:${type};base64,${bytes.toString('base64')}`)).contentType).toBe(type);
      // 40 × 30 = 1200 pixels: a limit of 1199 must refuse it, which proves the size was read.
      expect((await refusal(`data:${type};base64,${bytes.toString('base64')}`, { maxPixels: 1199 })).code, type).toBe(
        'too-many-pixels',
      );
    }
  });
});
