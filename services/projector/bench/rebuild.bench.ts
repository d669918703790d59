/**
 * Projection rebuild benchmark on the embedded backend: a log shaped like Jsonable's (mostly
 * TableRendered, with sign-ups, projects, key changes and deletions) rebuilt from zero into the
 * read models of a realistic projection mix.
 * Alone: `npx tsx services/projector/bench/rebuild.bench.ts`; `npm run bench` runs it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import type { NewEvent } from '@jsonable/domain/ports';
import type { Projection } from '@jsonable/read-models/projection';
import { ProjectionRunner } from '../src/runner';
import { generateMixEvents, projectionMix, type MixEvent } from './projections';

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
  /** Projections to rebuild (default: the bench mix of projections.ts). */
  projections?: readonly Projection[];
  /** The log's content (default: the bench mix's workload). */
  generate?: (count: number, seed: number) => MixEvent[];
  /** Names the projection set in the result rows. */
  label?: string;
}

export async function benchProjectionRebuild(options: RebuildBenchOptions = {}): Promise<BenchResult[]> {
  const total = options.events ?? 200_000;
  const batchSize = options.batchSize ?? 10_000;
  const projections = options.projections ?? projectionMix;
  const label = options.label ?? `bench mix of ${projectionMix.length} projections`;
  const dir = mkdtempSync(join(tmpdir(), 'jsonable-bench-rebuild-'));
  try {
    const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
    {
      const mix = (options.generate ?? generateMixEvents)(total, 42);
      // Appended in chunks of 1,000 (the log's content is what matters, not how it was written).
      for (let i = 0; i < mix.length; i += 1000) {
        const chunk: NewEvent[] = mix.slice(i, i + 1000).map((e, n) => ({ id: `bench-${i + n}`, type: e.type, data: e.data }));
        await eventStore.append(`bench-${i / 1000}`, chunk, 'no_stream');
      }
    }
    // Collect the generated workload now, so the rebuild's garbage collections do not scan it.
    (globalThis as { gc?: () => void }).gc?.();

    // Reading alone, to separate the log's share from the projections'.
    let started = performance.now();
    for (let after = 0; ; ) {
      const page = await eventStore.readAll({ after, maxCount: batchSize });
      if (page.length === 0) break;
      after = page[page.length - 1]!.position;
    }
    const readSeconds = (performance.now() - started) / 1000;

    // The real path: a projector starting on an empty read side catches up through the
    // catch-up subscription, in batches, each batch one transaction for all the projections.
    // The store and the runner as the app configures them (batch sizes, writer thread).
    const docs = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), { sweepIntervalMs: 0 });
    const runner = new ProjectionRunner({ eventStore, docs, projections, leaseRetryMs: 10 });
    const cpuBefore = process.cpuUsage();
    started = performance.now();
    runner.start();
    await runner.whenCaughtUp();
    await runner.stop();
    // The rebuilt read models are only fully in the database file after a WAL checkpoint: count
    // it, so a longer automatic checkpoint interval cannot hide work outside the measurement.
    docs.checkpointWal();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const documents = (
      await Promise.all(projections.flatMap((p) => p.collections.map((c) => docs.count(`${c.name}__v${p.version}`))))
    ).reduce((a, b) => a + b, 0);
    await docs.close();
    await eventStore.close();

    return [
      { name: `readAll of the log alone (pages of ${batchSize.toLocaleString('en-US')})`, value: round(total / readSeconds), unit: 'events/s' },
      {
        name: `Rebuild from zero: ${label} (${total.toLocaleString('en-US')} events → ${documents.toLocaleString('en-US')} documents)`,
        value: round(total / seconds),
        unit: 'events/s',
        target: '≥ 50,000 events/s',
      },
      { name: `Rebuild from zero: ${label}, per CPU-second`, value: round(total / ((cpu.user + cpu.system) / 1e6)), unit: 'events/CPU-s' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await benchProjectionRebuild();
  for (const r of results) console.log(`${r.name}: ${r.value.toLocaleString('en-US')} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
}
