import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir (web build step)', () => {
  it('writes Brotli and gzip copies of text files that shrink, in every folder, and nothing else', async () => {
    mkdirSync(join(dir, 'assets'));
    const bundle = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ row: i, name: `Product ${i}` })))};`;
    const html = `<!doctype html><html><head><title>Jsonable</title></head><body>${'<p>table</p>'.repeat(200)}</body></html>`;
    const random = randomBytes(4096);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), bundle);
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'assets', 'logo.png'), random);
    writeFileSync(join(dir, 'assets', 'noise.txt'), random);

    const result = await precompressDir(dir);

    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-abc.js.br'))).toString()).toBe(bundle);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc.js.gz'))).toString()).toBe(bundle);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(html);
    expect(readFileSync(join(dir, 'assets', 'index-abc.js.br')).length).toBeLessThan(bundle.length / 5);
    // Too small, not text, or not worth it: no copies.
    for (const name of ['tiny.css', 'logo.png', 'noise.txt']) {
      expect(existsSync(join(dir, 'assets', `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, 'assets', `${name}.gz`)), name).toBe(false);
    }
    expect(result.files).toBe(3);
    expect(result.bytes).toBe(bundle.length + html.length + random.length);
    expect(result.brotliBytes).toBeLessThan(result.gzipBytes);

    // A second run (a rebuild into the same folder) leaves the copies as they were, and never
    // compresses a copy again.
    await precompressDir(dir);
    expect(existsSync(join(dir, 'assets', 'index-abc.js.br.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-abc.js.br'))).toString()).toBe(bundle);
  });
});
