/**
 * Interleaved A/B of the engine at several commits, in one process, on CPU time: for checking a
 * change against a speed target on a shared, loaded machine (wall time there follows the load).
 *
 *   mkdir -p tmp/ab-base && git archive <commit> services/render | tar -x -C tmp/ab-base
 *   node --initial-heap-size=128 --import tsx services/render/bench/render-ab.ts tmp/ab-base .
 *
 * Each argument is a checkout holding services/render/src/engine.ts (its packages resolve from
 * this repo's node_modules). Every engine renders the reference table of `npm run bench:render`
 * (20 × 4, 800 px) after a warm-up; then ROUNDS rounds (default 15), each rendering PER_ROUND
 * tables (default 40) with every engine in turn, the order rotating per round. Printed per format
 * (FORMATS, default png): each engine's median CPU ms per render (user + system of this process)
 * and, against the first engine, the median and range of the per-round ratios.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { ownCpuMs } from './cpu';
import { referencePayload } from './reference-table';
import { median } from './stats';

/** A payload as sent, and a format. */
type Render = (input: { payload: unknown; format: RenderInput['format'] }) => Promise<RenderOutput>;

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const PER_ROUND = Number(process.env.PER_ROUND ?? 40);
const FORMATS = (process.env.FORMATS ?? 'png').split(',') as RenderInput['format'][];

const dirs = process.argv.slice(2);
if (dirs.length < 2) throw new Error('usage: render-ab.ts <checkout A> <checkout B> [more checkouts]');
const engines: { name: string; render: Render }[] = [];
for (const dir of dirs) {
  const mod = (await import(pathToFileURL(resolve(dir, 'services/render/src/engine.ts')).href)) as {
    renderTable: (input: unknown) => Promise<RenderOutput>;
  };
  // Since issue #27 the engine takes the parsed request (src/request.ts); before, it parsed the
  // payload itself. Either way the parse is inside the measured time.
  const request = existsSync(resolve(dir, 'services/render/src/request.ts'))
    ? ((await import(pathToFileURL(resolve(dir, 'services/render/src/request.ts')).href)) as {
        parseTableRequest: (body: unknown) => unknown;
      })
    : null;
  engines.push({
    name: dir,
    render: request
      ? ({ payload, format }) => mod.renderTable({ request: request.parseTableRequest(payload), format })
      : mod.renderTable,
  });
}

const payload = referencePayload();
console.log(
  `render-ab: ${ROUNDS} rounds × ${PER_ROUND} renders per engine, load average ${loadavg()[0]!.toFixed(1)} at start`,
);
for (const format of FORMATS) {
  for (const e of engines) for (let i = 0; i < 30; i++) await e.render({ payload, format });
  const perRender = engines.map(() => [] as number[]);
  const ratios = engines.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++) {
    const round: number[] = new Array<number>(engines.length).fill(0);
    for (let k = 0; k < engines.length; k++) {
      const i = (k + r) % engines.length;
      const start = ownCpuMs();
      for (let n = 0; n < PER_ROUND; n++) await engines[i]!.render({ payload, format });
      round[i] = (ownCpuMs() - start) / PER_ROUND;
    }
    round.forEach((ms, i) => {
      perRender[i]!.push(ms);
      ratios[i]!.push(ms / round[0]!);
    });
  }
  for (const [i, e] of engines.entries()) {
    const q = [...ratios[i]!].sort((a, b) => a - b);
    const vs =
      i === 0
        ? ''
        : `, × ${median(q).toFixed(3)} of ${engines[0]!.name} (rounds ${q[0]!.toFixed(3)}–${q[q.length - 1]!.toFixed(3)})`;
    console.log(`${format} ${e.name}: ${median(perRender[i]!).toFixed(2)} CPU ms per render${vs}`);
  }
}
console.log(`load average ${loadavg()[0]!.toFixed(1)} at end`);
