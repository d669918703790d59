/**
 * poppler-utils (pdftotext, pdfinfo, pdftoppm) on a PDF the engine made: the PDF is written to a
 * temporary file (removed when the test file ends) and `file` in the arguments names it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export const hasPoppler = ['pdftotext', 'pdfinfo', 'pdftoppm'].every(
  (tool) => spawnSync(tool, ['-v']).error === undefined,
);

// Imported by a test file at collection: the folder is that file's, removed after its tests.
const dir = mkdtempSync(join(tmpdir(), 'poppler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Runs a poppler tool on the PDF; `file` is replaced by the PDF's path. */
export function poppler(bytes: Uint8Array, tool: string, ...args: string[]): Buffer {
  const path = join(dir, `doc-${n++}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync(
    tool,
    args.map((a) => (a === 'file' ? path : a)),
    { maxBuffer: 64 * 1024 * 1024 },
  );
}
