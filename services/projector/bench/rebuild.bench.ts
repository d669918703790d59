/**
 * Projection rebuild benchmark on the embedded backend: a log shaped like Jsonable's (mostly
 * TableRendered, with sign-ups, projects, key changes and deletions) rebuilt from zero into the
 * read models of a projection set (rebuild-sets.ts).
 *
 * The log is written once; each rebuild then runs in a fresh process of its own (rebuild-run.ts),
 * as the app's rebuild does at start: cold code, an empty heap, a new read-model file. This
 * machine's speed drifts by ±15 % from minute to minute, so one run says little: the figure is the
 * median of several runs, reported with the slowest and the fastest.
 * Alone: `npx tsx services/projector/bench/rebuild.bench.ts [mix|app]`; `npm run bench` runs both.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import type { NewEvent } from '@jsonable/domain/ports';
import { median } from '../../render/bench/stats';
import { rebuildSet, rebuildSetNames, type RebuildSetName } from './rebuild-sets';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

const round = (value: number): number => Math.round(value);

export interface RebuildBenchOptions {
  /** Number of events in the log (default 200,000). */
  events?: number;
  /** Page size of the readAll measure (the rebuild uses the runner's own batch sizes). */
  batchSize?: number;
  /** The projections and the log's content (default: the bench mix). */
  set?: RebuildSetName;
  /** Rebuilds measured, each in a process of its own (default 5). */
  runs?: number;
}

interface RunResult {
  seconds: number;
  cpuSeconds: number;
  documents: number;
}

const RUNNER = fileURLToPath(new URL('./rebuild-run.ts', import.meta.url));
/** The repository's root, where `--import tsx` resolves. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** One rebuild in a new process (see rebuild-run.ts). */
function runOnce(dir: string, set: RebuildSetName, run: number): Promise<RunResult> {
  const readModels = join(dir, `readmodels-${run}.sqlite`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, dir, set, readModels], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    // 'close', not 'exit': only then has everything the run printed been read.
    child.on('close', (code) => {
      // Each run's read models go once measured: five copies of them would only fill the disk.
      for (const suffix of ['', '-wal', '-shm']) rmSync(readModels + suffix, { force: true });
      if (code !== 0) return reject(new Error(`rebuild run ${run} exited with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as RunResult);
      } catch {
        reject(new Error(`rebuild run ${run} printed no result: ${out}`));
      }
    });
  });
}

export async function benchProjectionRebuild(options: RebuildBenchOptions = {}): Promise<BenchResult[]> {
  const total = options.events ?? 200_000;
  const batchSize = options.batchSize ?? 10_000;
  const setName = options.set ?? 'mix';
  const runs = Math.max(1, options.runs ?? 5);
  const { label, generate } = rebuildSet(setName);
  const dir = mkdtempSync(join(tmpdir(), 'jsonable-bench-rebuild-'));
  try {
    const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
    {
      const mix = generate(total, 42);
      // Appended in chunks of 1,000 (the log's content is what matters, not how it was written).
      for (let i = 0; i < mix.length; i += 1000) {
        const chunk: NewEvent[] = mix
          .slice(i, i + 1000)
          .map((e, n) => ({ id: `bench-${i + n}`, type: e.type, data: e.data }));
        await eventStore.append(`bench-${i / 1000}`, chunk, 'no_stream');
      }
    }

    // Reading alone, to separate the log's share from the projections'.
    const started = performance.now();
    for (let after = 0; ;) {
      const page = await eventStore.readAll({ after, maxCount: batchSize });
      if (page.length === 0) break;
      after = page[page.length - 1]!.position;
    }
    const readSeconds = (performance.now() - started) / 1000;
    await eventStore.close();

    const results: RunResult[] = [];
    for (let run = 1; run <= runs; run++) results.push(await runOnce(dir, setName, run));
    const documents = results[0]!.documents;
    if (results.some((r) => r.documents !== documents)) {
      throw new Error(
        `The rebuilds disagree on the number of documents: ${results.map((r) => r.documents).join(', ')}`,
      );
    }
    const rates = results.map((r) => total / r.seconds);
    const perCpu = results.map((r) => total / r.cpuSeconds);
    const of = runs === 1 ? '1 run' : `median of ${runs} runs`;

    return [
      {
        name: `readAll of the log alone (pages of ${batchSize.toLocaleString('en-US')})`,
        value: round(total / readSeconds),
        unit: 'events/s',
      },
      {
        name: `Rebuild from zero: ${label} (${total.toLocaleString('en-US')} events → ${documents.toLocaleString('en-US')} documents), ${of}`,
        value: round(median(rates)),
        unit: 'events/s',
        target: '≥ 50,000 events/s',
      },
      ...(runs > 1
        ? [
            {
              name: `Rebuild from zero: ${label}, slowest of ${runs} runs`,
              value: round(Math.min(...rates)),
              unit: 'events/s',
            },
            {
              name: `Rebuild from zero: ${label}, fastest of ${runs} runs`,
              value: round(Math.max(...rates)),
              unit: 'events/s',
            },
          ]
        : []),
      {
        name: `Rebuild from zero: ${label}, per CPU-second, ${of}`,
        value: round(median(perCpu)),
        unit: 'events/CPU-s',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const set = (process.argv[2] ?? 'mix') as RebuildSetName;
  if (!rebuildSetNames.includes(set)) throw new Error(`Unknown set ${set}: one of ${rebuildSetNames.join(', ')}`);
  const results = await benchProjectionRebuild({ set, events: set === 'app' ? 100_000 : 200_000 });
  for (const r of results)
    console.log(`${r.name}: ${r.value.toLocaleString('en-US')} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
}
