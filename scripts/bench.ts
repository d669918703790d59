/**
 * `npm run bench`: the embedded backend's storage and projection figures, printed as one table.
 * Other areas add their benches here (render: `npm run bench:render`, API: `npm run bench:api`).
 */
import { availableParallelism, loadavg } from 'node:os';
import { benchStorage } from '../services/adapters/bench/storage.bench';
import { benchProjectionRebuild } from '../services/projector/bench/rebuild.bench';

interface Row {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

function table(title: string, rows: Row[]): string {
  const width = Math.max(...rows.map((r) => r.name.length), 10);
  const lines = [`\n${title}`, `${'measure'.padEnd(width)}  ${'value'.padStart(12)}  unit            target`];
  for (const r of rows) {
    lines.push(
      `${r.name.padEnd(width)}  ${r.value.toLocaleString('en-US').padStart(12)}  ${r.unit.padEnd(14)}  ${r.target ?? ''}`,
    );
  }
  return lines.join('\n');
}

const started = Date.now();
console.log(
  `Jsonable bench — Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(table('Storage (embedded SQLite)', await benchStorage()));
console.log(
  table('Projector (embedded SQLite)', [
    ...(await benchProjectionRebuild({ set: 'mix' })),
    ...(await benchProjectionRebuild({ set: 'app', events: 100_000 })).slice(1),
  ]),
);
console.log(
  `\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. Wall-clock figures depend on the machine's other load; the per-CPU-second rows do not.`,
);
