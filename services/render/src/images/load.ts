/**
 * Fetches the image of an image cell, defending the server against SSRF and resource abuse:
 *
 * - only https/http URLs without userinfo, or `data:` URIs;
 * - the host is resolved first and every address it resolves to must be public (see address.ts);
 *   the connection is then pinned to the vetted address through a custom `lookup`, so a DNS
 *   answer that changes between the check and the connect (DNS rebinding) cannot win;
 * - redirects are followed by hand (at most 3), each hop vetted the same way;
 * - one deadline (5 s) covers DNS, connect, redirects and the body; the body stops at 5 MB;
 * - the response must say image/*, its magic bytes must be PNG, JPEG, GIF or WebP, and the pixel
 *   size in its header must be within the limit, before anything decodes it.
 *
 * SVG is refused rather than rasterised: an SVG is a document that can reference other URLs
 * (images, fonts, stylesheets) that the rasteriser would fetch without these defences, can expand
 * entities without bound, and has no pixel size to check up front. The cell shows a placeholder.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { blockedAddressReason, parseIPv4, parseIPv6 } from './address';
import { ImageCache, type ImageOutcome, type LoadedImage } from './cache';
import { decodeDataUri } from './data-uri';
import { CellImageError } from './errors';
import { IMAGE_CONTENT_TYPES, sniffImage } from './sniff';

export { CellImageError } from './errors';
export type { CellImageErrorCode } from './errors';
export type { LoadedImage } from './cache';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface ImageLoadOptions {
  /** Whole load, redirects included. */
  timeoutMs: number;
  /** Largest image accepted, in bytes (data: URIs included). */
  maxBytes: number;
  maxRedirects: number;
  /** Largest width × height accepted, read from the header before decoding. */
  maxPixels: number;
  /** Resolves a host name to all its addresses (dns.lookup by default). */
  resolve: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Recent outcomes by URL; null disables caching. */
  cache: ImageCache | null;
  /**
   * TEST ONLY: exact addresses (e.g. '127.0.0.1') that may be connected to although they are not
   * public, so tests can serve images from a local server. Production code never sets this.
   */
  allowPrivateAddressesForTests: readonly string[];
}

export const defaultImageCache = new ImageCache();

/** Largest width × height of one cell image, read from its header before anything decodes it. */
export const MAX_IMAGE_PIXELS = 16 * 1024 * 1024;

const DEFAULTS: ImageLoadOptions = {
  timeoutMs: 5_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  maxPixels: MAX_IMAGE_PIXELS,
  resolve: resolveAll,
  cache: defaultImageCache,
  allowPrivateAddressesForTests: [],
};

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp;q=0.9';
const USER_AGENT = 'JsonableImageFetcher/1.0 (+table image cells)';

export async function loadCellImage(src: string, options: Partial<ImageLoadOptions> = {}): Promise<LoadedImage> {
  const opts: ImageLoadOptions = { ...DEFAULTS, ...options };
  const trimmed = src.trim();
  if (/^data:/i.test(trimmed)) return loadDataUri(trimmed, opts);

  const url = parseImageUrl(trimmed);
  const cache = opts.cache;
  if (!cache) return fetchImage(url, opts);

  // The fragment never reaches the server, so it must not split the cache.
  const key = url.href.replace(/#.*$/, '');
  const cached = cache.get(key);
  const outcome = cached ?? (await sharedLoad(cache, key, () => fetchImage(url, opts)));
  if (outcome.ok) return outcome.image;
  throw outcome.error;
}

async function sharedLoad(cache: ImageCache, key: string, load: () => Promise<LoadedImage>): Promise<ImageOutcome> {
  const running = cache.inflight.get(key);
  if (running) return running;
  const promise = load().then(
    (image): ImageOutcome => ({ ok: true, image }),
    (error: unknown): ImageOutcome => ({ ok: false, error: asCellImageError(error) }),
  );
  cache.inflight.set(key, promise);
  try {
    const outcome = await promise;
    cache.set(key, outcome);
    return outcome;
  } finally {
    cache.inflight.delete(key);
  }
}

function loadDataUri(src: string, opts: ImageLoadOptions): LoadedImage {
  const decoded = decodeDataUri(src, opts.maxBytes);
  if (!decoded.ok) {
    if (decoded.reason === 'too-large') throw tooLarge(opts);
    throw new CellImageError('invalid-url', 'Image data URI is not valid');
  }
  if (!decoded.value.mediaType.startsWith('image/'))
    throw new CellImageError('not-image', 'Image data URI is not an image');
  return checkImageBytes(decoded.value.bytes, opts);
}

/** Parses and vets an image URL's shape (not its address). Throws CellImageError. */
export function parseImageUrl(src: string): URL {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new CellImageError('invalid-url', 'Image URL is not valid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CellImageError('invalid-url', 'Image URL must start with https:// or http://');
  }
  if (url.username || url.password) {
    throw new CellImageError('invalid-url', 'Image URL must not contain a user name or password');
  }
  if (!url.hostname) throw new CellImageError('invalid-url', 'Image URL is not valid');
  return url;
}

async function fetchImage(first: URL, opts: ImageLoadOptions): Promise<LoadedImage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    let url = first;
    for (let hop = 0; ; hop++) {
      const pinned = await vetHost(url, opts, controller.signal);
      const res = await request(url, pinned, controller.signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
        res.destroy();
        if (hop >= opts.maxRedirects) {
          throw new CellImageError('redirects', `Image URL redirected more than ${opts.maxRedirects} times`);
        }
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          throw new CellImageError('invalid-url', 'Image URL redirected to an invalid address');
        }
        url = parseImageUrl(next.href);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new CellImageError('http-status', `Image could not be loaded (HTTP ${status})`);
      }
      const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!type.startsWith('image/')) {
        res.destroy();
        throw new CellImageError('not-image', 'Image URL did not return an image');
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        res.destroy();
        throw tooLarge(opts);
      }
      const bytes = await readBody(res, opts.maxBytes, controller.signal);
      return checkImageBytes(bytes, opts);
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof CellImageError && error.code !== 'network')) {
      throw new CellImageError('timeout', `Image took longer than ${Math.round(opts.timeoutMs / 1000)} s to load`);
    }
    throw asCellImageError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves the host and checks every address; returns the vetted ones, to connect to only them. */
async function vetHost(url: URL, opts: ImageLoadOptions, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (parseIPv6(host)) addresses = [{ address: host, family: 6 }];
  else if (/^[\d.]+$/.test(host) && parseIPv4(host) !== null) addresses = [{ address: host, family: 4 }];
  else {
    try {
      addresses = await abortable(opts.resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new CellImageError('dns', 'Image host could not be found', String(error));
    }
  }
  if (addresses.length === 0) throw new CellImageError('dns', 'Image host could not be found');
  // Every address must pass: a host listing one public and one private address must not get to
  // choose which one we reach.
  for (const { address } of addresses) {
    const reason = blockedAddressReason(address);
    if (reason !== null && !opts.allowPrivateAddressesForTests.includes(address)) {
      throw new CellImageError('blocked-address', 'Image host is not allowed', `${host} → ${address}: ${reason}`);
    }
  }
  return addresses;
}

function resolveAll(hostname: string): Promise<ResolvedAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, list: LookupAddress[]) => {
      if (err) reject(err);
      else resolve(list.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });
}

/**
 * A `lookup` that always answers with the vetted addresses, whatever DNS says now. With
 * `all` (Node's happy eyeballs asks for it) it may pick any of them: each one passed the check.
 */
function pinnedLookup(pinned: readonly ResolvedAddress[]): LookupFunction {
  const first = pinned[0] as ResolvedAddress;
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options && options.all)
      callback(
        null,
        pinned.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, first.address, first.family);
  }) as unknown as LookupFunction;
}

function request(url: URL, pinned: readonly ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { accept: ACCEPT, 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
        lookup: pinnedLookup(pinned),
        // No shared agent: a pooled keep-alive socket could belong to an earlier, other address.
        agent: false,
        signal,
      },
      resolve,
    );
    req.on('error', (error) =>
      reject(signal.aborted ? error : new CellImageError('network', 'Image could not be loaded', String(error))),
    );
    req.end();
  });
}

function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        res.destroy();
        reject(error);
      } else resolve(Buffer.concat(chunks, total));
    };
    const onAbort = () => finish(new CellImageError('timeout', 'Image took too long to load'));
    signal.addEventListener('abort', onAbort);
    res.on('data', (chunk: Buffer) => {
      total += chunk.length;
      // Stop reading the moment the limit is passed; never buffer the rest.
      if (total > maxBytes) finish(new CellImageError('too-large', `Image is larger than ${formatMb(maxBytes)}`));
      else chunks.push(chunk);
    });
    res.on('end', () => finish(null));
    res.on('error', (error) => finish(new CellImageError('network', 'Image could not be loaded', String(error))));
    res.on('aborted', () => finish(new CellImageError('network', 'Image could not be loaded', 'response aborted')));
  });
}

/** Magic bytes decide the type (not the header a server sent); the header size bounds the pixels. */
function checkImageBytes(bytes: Buffer, opts: ImageLoadOptions): LoadedImage {
  const sniffed = sniffImage(bytes);
  if (!sniffed)
    throw new CellImageError('unsupported-format', 'Image format not supported (use PNG, JPEG, GIF or WebP)');
  if (sniffed.kind === 'svg')
    throw new CellImageError(
      'unsupported-format',
      'SVG images are not supported in cells (use PNG, JPEG, GIF or WebP)',
    );
  const { width, height } = sniffed;
  if (!width || !height) throw new CellImageError('unsupported-format', 'Image is damaged or its size is unknown');
  if (width * height > opts.maxPixels) {
    throw new CellImageError(
      'too-many-pixels',
      `Image is too large (${width} × ${height} pixels; at most ${Math.round(opts.maxPixels / 1e6)} megapixels)`,
    );
  }
  return { bytes, contentType: IMAGE_CONTENT_TYPES[sniffed.kind] };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function tooLarge(opts: ImageLoadOptions): CellImageError {
  return new CellImageError('too-large', `Image is larger than ${formatMb(opts.maxBytes)}`);
}

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function asCellImageError(error: unknown): CellImageError {
  if (error instanceof CellImageError) return error;
  return new CellImageError('network', 'Image could not be loaded', String(error));
}
