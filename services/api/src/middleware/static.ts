import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
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
  '.avif': 'image/avif',
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
async function precompressed(
  ctx: Context,
  root: string,
  urlPath: string,
): Promise<{ any: boolean; chosen: { file: FileInfo; encoding: string } | null }> {
  const copies = await Promise.all(
    PRECOMPRESSED.map(async ({ encoding, suffix }) => ({ encoding, file: await fileAt(root, urlPath + suffix) })),
  );
  const chosen = copies.find((c) => c.file && ctx.acceptsEncodings(c.encoding) === c.encoding);
  return {
    any: copies.some((c) => c.file),
    chosen: chosen?.file ? { file: chosen.file, encoding: chosen.encoding } : null,
  };
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
  // HEAD: no body (a null body would turn the answer into 204); Koa sends the headers alone.
  if (ctx.method !== 'HEAD') ctx.body = createReadStream(file.path);
}

/**
 * web/dist/routes.json, written by the web build's prerender step (web/build/prerender.ts): which
 * file answers which path.
 */
interface SiteRoutes {
  originToken: string;
  pages: Array<{ path: string; file: string; status: number; readsQuery: boolean }>;
  shellPaths: string[];
  shell: string;
  notFound: string;
  templated: string[];
}

interface LoadedRoutes {
  mtimeMs: number;
  routes: SiteRoutes;
  shellPatterns: RegExp[];
  templated: Set<string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** '/projects/:id/styles' → a pattern for one path segment per parameter. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegExp(seg)))
      .join('/')}/?$`,
  );

async function loadRoutes(root: string, previous: LoadedRoutes | null): Promise<LoadedRoutes | null> {
  const file = join(root, 'routes.json');
  let info;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (previous && previous.mtimeMs === info.mtimeMs) return previous;
  const routes = JSON.parse(await readFile(file, 'utf8')) as SiteRoutes;
  return {
    mtimeMs: info.mtimeMs,
    routes,
    shellPatterns: routes.shellPaths.map(patternOf),
    templated: new Set(routes.templated),
  };
}

type Representation = { body: Buffer; etag: string };

/**
 * A prerendered page (or robots.txt, sitemap.xml) with the site's origin put in, kept in memory
 * with its Brotli and gzip forms: the build cannot know PUBLIC_URL, so it cannot compress these.
 */
class TemplatedFiles {
  private readonly entries = new Map<string, { mtimeMs: number; forms: Map<string, Promise<Representation>> }>();

  constructor(
    private readonly root: string,
    private readonly origin: string,
  ) {}

  async get(name: string, token: string, encoding: 'br' | 'gzip' | 'identity'): Promise<Representation | null> {
    const file = await fileAt(this.root, `/${name}`);
    if (!file) return null;
    let entry = this.entries.get(name);
    if (!entry || entry.mtimeMs !== file.mtime.getTime()) {
      entry = { mtimeMs: file.mtime.getTime(), forms: new Map() };
      this.entries.set(name, entry);
    }
    let form = entry.forms.get(encoding);
    if (!form) {
      const identity = encoding === 'identity' ? null : this.get(name, token, 'identity');
      form = (async () => {
        const body =
          identity && encoding !== 'identity'
            ? await compress((await identity)!.body, encoding)
            : await this.fill(file.path, token);
        const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
        return { body, etag: `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"` };
      })();
      entry.forms.set(encoding, form);
      // A failure (the file vanished mid-read) is not remembered.
      form.catch(() => entry.forms.delete(encoding));
    }
    return form;
  }

  private async fill(path: string, token: string): Promise<Buffer> {
    const text = await readFile(path, 'utf8');
    const markup = /\.(html|xml)$/.test(path);
    const origin = markup
      ? this.origin.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
      : this.origin;
    return Buffer.from(text.split(token).join(origin));
  }
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
function compress(data: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(data, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gz(data, { level: zlib.Z_BEST_COMPRESSION });
}

async function sendTemplated(
  ctx: Context,
  files: TemplatedFiles,
  name: string,
  token: string,
  status: number,
): Promise<boolean> {
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  const chosen = encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
  const form = await files.get(name, token, chosen);
  if (!form) return false;
  ctx.set('Cache-Control', REVALIDATE);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.vary('Accept-Encoding');
  ctx.type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
  if (chosen !== 'identity') ctx.set('Content-Encoding', chosen);
  ctx.etag = form.etag;
  ctx.status = status;
  // ctx.fresh only compares validators on a 2xx status.
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  ctx.length = form.body.length;
  if (ctx.method !== 'HEAD') ctx.body = form.body;
  return true;
}

/**
 * Serves the built web app: files as they are or as their precompressed copy, and for any other
 * GET that accepts HTML, the page for the path (routes.json): a prerendered public page, the
 * client-rendered shell for the app's other routes (signed-in screens), or the 404 page with
 * status 404. A build without routes.json gets index.html for every such path. /api and the
 * living images' /live are never touched here.
 */
export function serveWebApp(webDist: string, options: { publicUrl: string }): Middleware {
  const root = resolve(webDist);
  const files = new TemplatedFiles(root, options.publicUrl);
  let loaded: LoadedRoutes | null = null;
  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path === '/api' ||
      ctx.path.startsWith('/api/') ||
      ctx.path.startsWith('/live/')
    ) {
      return next();
    }
    loaded = await loadRoutes(root, loaded);
    const site = loaded;
    const name = ctx.path.slice(1);
    if (site?.templated.has(name) && (await sendTemplated(ctx, files, name, site.routes.originToken, 200))) return;
    const file = ctx.path.endsWith('/') ? null : await fileAt(root, ctx.path);
    if (file) {
      await send(ctx, root, ctx.path, file, ctx.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      return;
    }
    // A missing hashed asset is a real 404 (an old tab asking for a replaced bundle), not the SPA.
    if (ctx.path.startsWith('/assets/') || ctx.accepts('html') !== 'html') return next();
    if (site) {
      const { routes } = site;
      const path = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path;
      const page = routes.pages.find((p) => p.path === path);
      // A page drawn from its query string is rendered by the client (no hydration of other markup).
      if (page && !(page.readsQuery && ctx.querystring)) {
        if (await sendTemplated(ctx, files, page.file, routes.originToken, page.status)) return;
      } else if (page || site.shellPatterns.some((p) => p.test(path))) {
        const shell = await fileAt(root, `/${routes.shell}`);
        if (shell) {
          await send(ctx, root, `/${routes.shell}`, shell, REVALIDATE);
          return;
        }
      } else if (await sendTemplated(ctx, files, routes.notFound, routes.originToken, 404)) {
        return;
      }
      return next();
    }
    const index = await fileAt(root, '/index.html');
    if (index) {
      await send(ctx, root, '/index.html', index, REVALIDATE);
      return;
    }
    return next();
  };
}
