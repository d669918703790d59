/**
 * Regenerates services/render/test/golden/*. Run: npx tsx services/render/test/update-goldens.ts
 * Look at every image before committing it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/engine';
import { goldenCases } from './golden-cases';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'golden');
mkdirSync(dir, { recursive: true });
for (const c of goldenCases) {
  const out = await renderTable({ payload: c.payload, format: c.format });
  const file = join(dir, `${c.name}.${c.format}`);
  // PDFs carry a creation date; goldens keep only PNGs byte-for-byte and check PDFs structurally.
  if (c.format === 'png') writeFileSync(file, out.bytes);
  console.log(`${c.name}.${c.format}: ${out.width}×${out.height}, ${out.size} bytes`);
}
