import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
};

/** Vite fingerprints everything under /assets, so those files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Copies written by the web build (web/build/precompress.ts) next to a text file, in order of
 * preference: sent instead of the file when the browser accepts the encoding.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type FileInfo = { path: string; size: number; mtime: Date };

async function fileAt(root: string, urlPath: string): Promise<{ path: string; size: number; mtime: Date } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(join(root, decoded));
  // Never leave the web root (../ and encoded variants resolve outside it).
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtime: info.mtime } : null;
  } catch {
    return null;
  }
}

/**
 * The copies the build wrote for `urlPath` (none for most non-text files), and the first of them
 * the request accepts: checked one by one, so the server's preference (smaller first) wins over
 * the header's order.
 */
async function precompressed(ctx: Context, root: string, urlPath: string): Promise<{ any: boolean; chosen: { file: FileInfo; encoding: string } | null }> {
  const copies = await Promise.all(PRECOMPRESSED.map(async ({ encoding, suffix }) => ({ encoding, file: await fileAt(root, urlPath + suffix) })));
  const chosen = copies.find((c) => c.file && ctx.acceptsEncodings(c.encoding) === c.encoding);
  return { any: copies.some((c) => c.file), chosen: chosen?.file ? { file: chosen.file, encoding: chosen.encoding } : null };
}

async function send(ctx: Context, root: string, urlPath: string, file: FileInfo, cacheControl: string): Promise<void> {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
  const { any, chosen: compressed } = await precompressed(ctx, root, urlPath);
  // Whether or not this answer is compressed, another Accept-Encoding may get another one.
  if (any) ctx.vary('Accept-Encoding');
  if (compressed) {
    ctx.set('Content-Encoding', compressed.encoding);
    file = compressed.file;
  }
  ctx.lastModified = file.mtime;
  // One validator per representation: the compressed copies are different bytes.
  ctx.etag = `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}${compressed ? `-${compressed.encoding}` : ''}"`;
  // ctx.fresh only compares validators on a 2xx status.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = file.size;
  ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file.path);
}

/**
 * Serves the built web app: files as they are or as their precompressed copy, and index.html for
 * any other GET that accepts HTML (client-side routes like /dashboard), so a reload on a deep
 * link works. /api and the living images' /live are never touched here.
 */
export function serveWebApp(webDist: string): Middleware {
  const root = resolve(webDist);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path.startsWith('/live/')) {
      return next();
    }
    const file = ctx.path.endsWith('/') ? null : await fileAt(root, ctx.path);
    if (file) {
      await send(ctx, root, ctx.path, file, ctx.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      return;
    }
    // A missing hashed asset is a real 404 (an old tab asking for a replaced bundle), not the SPA.
    if (!ctx.path.startsWith('/assets/') && ctx.accepts('html') === 'html') {
      const index = await fileAt(root, '/index.html');
      if (index) {
        await send(ctx, root, '/index.html', index, REVALIDATE);
        return;
      }
    }
    return next();
  };
}
