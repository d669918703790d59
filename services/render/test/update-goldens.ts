/**
 * Regenerates services/render/test/golden/*. Run: npx tsx services/render/test/update-goldens.ts
 * Look at every image before committing it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { featureCases } from './features-cases';
import { goldenCases } from './golden-cases';
import { presetCases } from './preset-cases';
import { hasPdftoppm, toPng } from './support/rasterize';
import { renderPayload } from './support/payload';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'golden');
mkdirSync(dir, { recursive: true });
for (const c of goldenCases) {
  const out = await renderPayload({ payload: c.payload, format: c.format });
  const file = join(dir, `${c.name}.${c.format}`);
  // PDFs carry a creation date; goldens keep only PNGs byte-for-byte and check PDFs structurally.
  if (c.format === 'png') writeFileSync(file, out.bytes);
  console.log(`${c.name}.${c.format}: ${out.width}×${out.height}, ${out.size} bytes`);
}

// Issue #24's features: a PNG golden, and the SVG and PDF drawn as PNGs (features-golden.test.ts).
for (const c of featureCases) {
  for (const format of ['png', 'svg', 'pdf'] as const) {
    if (format === 'pdf' && !hasPdftoppm) continue;
    const out = await renderPayload({ payload: c.payload, format });
    const file = join(dir, format === 'png' ? `${c.name}.png` : `${c.name}.${format}.png`);
    writeFileSync(file, await toPng(out.bytes, format));
    console.log(`${file}: ${out.width}×${out.height}`);
  }
}

// Issue #25's channel presets (presets.test.ts): PDFs as their first page at 96 dpi.
for (const c of presetCases) {
  const out = await renderPayload({ payload: c.payload });
  if (out.format === 'pdf' && !hasPdftoppm) continue;
  writeFileSync(join(dir, c.golden), await toPng(out.bytes, out.format as 'png' | 'pdf'));
  console.log(`${c.golden}: ${out.format} ${out.width}×${out.height}`);
}
