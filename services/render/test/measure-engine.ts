/**
 * Per-format cost of the engine on the reference table, and PDF linearity (100 vs 1,000 rows).
 * Run: npx tsx services/render/test/measure-engine.ts — figures go to docs/benchmarks.md
 * ("Render engine"). Reports CPU time as well as wall time: this machine is shared.
 */
import { referencePayload } from '../bench/reference-table';
import { renderPayload } from './support/payload';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(name: string, payload: unknown, format: 'png' | 'jpeg' | 'svg' | 'pdf', n: number) {
  for (let i = 0; i < 3; i++) await renderPayload({ payload, format });
  const wall: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    size = (await renderPayload({ payload, format })).size;
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
    wall.push(performance.now() - t);
  }
  console.log(
    `${name.padEnd(28)} wall ${median(wall).toFixed(1).padStart(7)} ms  cpu ${median(cpu).toFixed(1).padStart(7)} ms  ${size} bytes`,
  );
  return median(cpu);
}

const ref = referencePayload(20);
for (const f of ['png', 'jpeg', 'svg', 'pdf'] as const) await measure(`reference ${f}`, ref, f, f === 'pdf' ? 15 : 40);
const rows = (n: number) => ({
  title: 'Customers',
  data: Array.from({ length: n }, (_, i) => ({
    ID: i + 1,
    Name: `Customer ${i + 1}`,
    City: ['Lisbon', 'Oslo', 'Kyoto', 'Austin'][i % 4],
    Balance: { type: 'currency', value: ((i * 7919) % 10000) / 3 },
  })),
});
const p100 = await measure('pdf 100 rows', rows(100), 'pdf', 10);
const p1000 = await measure('pdf 1,000 rows', rows(1000), 'pdf', 5);
console.log(`pdf 1,000 / 100 rows (cpu): ${(p1000 / p100).toFixed(1)}×`);
