/**
 * Measures PNG encoding of the reference table (20 rows × 4 columns, 800 px wide): Skia's encoders
 * against ours (src/paint/png.ts). Run: npx tsx services/render/test/measure-png-encode.ts
 * Figures go to the "Render engine" section of docs/benchmarks.md.
 */
import { deflateSync } from 'node:zlib';
import { referencePayload } from '../bench/reference-table';
import { layoutTable } from '../src/layout/layout';
import { paintCanvas } from '../src/paint/canvas';
import { encodePng } from '../src/paint/png';
import { normalizePayload } from './support/payload';

const { model } = normalizePayload({ payload: referencePayload(20) });
const layout = layoutTable(model);
const { canvas } = paintCanvas(model, layout, new Map());
console.log(`reference table: ${canvas.width}×${canvas.height}`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function time(name: string, run: () => Buffer | Promise<Buffer>, n = 40) {
  let size = 0;
  for (let i = 0; i < 3; i++) size = (await run()).length;
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await run();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    samples.push(performance.now() - t);
  }
  // CPU time is the steadier figure on a shared machine (skia's async encode runs off-thread, so
  // its wall time is the one to read).
  console.log(
    `${name.padEnd(36)} wall ${median(samples).toFixed(2).padStart(6)} ms  cpu ${median(cpu).toFixed(2).padStart(6)} ms  ${String(size).padStart(7)} bytes`,
  );
}

await time('skia encodeSync("png")', () => canvas.encodeSync('png'));
await time('skia encode("png") (async)', () => canvas.encode('png'));
await time('skia toBuffer("image/png")', () => canvas.toBuffer('image/png'));
await time('canvas.data() (pixel copy only)', () => canvas.data());
for (const level of [1, 2, 3, 6])
  await time(`ours: zlib level ${level}`, () => encodePng(canvas.data(), canvas.width, canvas.height, { level }));
await time('deflate only (level 2, no copy)', () => deflateSync(canvas.data(), { level: 2 }));
