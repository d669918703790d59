/**
 * The JavaScript a page needs before it is interactive: its module script and every
 * `modulepreload` of its HTML (the main bundle, its imports and the page's own chunk), as the
 * server sends them to a browser (Brotli at the build's level). The build prints it for every
 * public page; the budget test (web/e2e/first-load-budget.test.ts) fails when one grows past the
 * budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** First-load JavaScript of every public page, Brotli-compressed. See docs/benchmarks.md (issue 26). */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

export interface FirstLoad {
  files: string[];
  rawBytes: number;
  brotliBytes: number;
  /** Each file's share, as sent (Brotli), largest first. */
  chunks: Array<{ file: string; brotliBytes: number }>;
}

export const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;

export function firstLoadOf(dist: string, htmlFile: string): FirstLoad {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const files = [
    ...new Set(
      [...html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+)"/g)].map(
        (m) => m[1]!,
      ),
    ),
  ];
  let rawBytes = 0;
  const chunks: FirstLoad['chunks'] = [];
  for (const file of files) {
    const path = join(dist, file);
    const data = readFileSync(path);
    rawBytes += data.length;
    // The copy the build wrote is what the server sends (none for files too small to gain).
    const sent = existsSync(`${path}.br`)
      ? statSync(`${path}.br`).size
      : Math.min(
          data.length,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
            .length,
        );
    chunks.push({ file, brotliBytes: sent });
  }
  chunks.sort((a, b) => b.brotliBytes - a.brotliBytes);
  return { files, rawBytes, brotliBytes: chunks.reduce((sum, c) => sum + c.brotliBytes, 0), chunks };
}

/** A page's first load in words, for the build's log and the budget test's failure. */
export function describeFirstLoad(page: string, load: FirstLoad, largest = 8): string {
  const listed = load.chunks
    .slice(0, largest)
    .map((c) => `${c.file} ${kB(c.brotliBytes)}`)
    .join(', ');
  const rest = load.chunks.slice(largest);
  const others = rest.length ? `, and ${rest.length} more ${kB(rest.reduce((sum, c) => sum + c.brotliBytes, 0))}` : '';
  return `${page}: ${kB(load.brotliBytes)} in ${load.files.length} files (${listed}${others})`;
}
