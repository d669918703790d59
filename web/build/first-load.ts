/**
 * The JavaScript a page needs before it is interactive: its module script and every
 * `modulepreload` of its HTML (the main bundle, its imports and the page's own chunk), as the
 * server sends them to a browser (Brotli at the build's level). The build prints it for `/`; the
 * budget test (web/e2e/first-load-budget.test.ts) fails when it grows past the budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** First-load JavaScript for `/`, Brotli-compressed. See docs/benchmarks.md (issue 26). */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

export interface FirstLoad {
  files: string[];
  rawBytes: number;
  brotliBytes: number;
}

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
  let brotliBytes = 0;
  for (const file of files) {
    const path = join(dist, file);
    const data = readFileSync(path);
    rawBytes += data.length;
    // The copy the build wrote is what the server sends (none for files too small to gain).
    brotliBytes += existsSync(`${path}.br`)
      ? statSync(`${path}.br`).size
      : Math.min(
          data.length,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
            .length,
        );
  }
  return { files, rawBytes, brotliBytes };
}
