/**
 * Build step: writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the
 * built web app, so the server sends the main bundle as ~130 KB instead of ~500 KB without
 * compressing anything per request (services/api/src/middleware/static.ts picks the copy the
 * browser accepts). Maximum levels: this runs once per build, the files are served many times.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);

/** Smaller files gain less than the header they need. */
const MIN_BYTES = 1024;

/** A copy is kept only if it saves at least this share of the bytes. */
const MIN_SAVING = 0.1;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Compresses every compressible file under `dir` (existing `.br`/`.gz` copies are rewritten), but
 * not those `skip` names (paths relative to `dir`): the prerendered pages are completed by the
 * server (its origin goes in) and compressed there.
 */
export async function precompressDir(dir: string, skip: ReadonlySet<string> = new Set()): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Array<Promise<void>> = [];
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    if (skip.has(relative(dir, path).split(sep).join('/'))) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const data = await readFile(path);
        // Both on libuv's thread pool, so files compress in parallel.
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        const worth = (copy: Buffer) => copy.length <= data.length * (1 - MIN_SAVING);
        if (worth(br)) await writeFile(`${path}.br`, br);
        if (worth(gzipped)) await writeFile(`${path}.gz`, gzipped);
        result.files++;
        result.bytes += data.length;
        result.brotliBytes += worth(br) ? br.length : data.length;
        result.gzipBytes += worth(gzipped) ? gzipped.length : data.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return result;
}
