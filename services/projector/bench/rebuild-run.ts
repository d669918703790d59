/**
 * One measured rebuild, in a process of its own (rebuild.bench.ts starts one per run): a
 * projector starting on an empty read side catches up with the log in `<dir>/events.sqlite`
 * through the catch-up subscription, with the runner and store as the app configures them.
 * Prints one JSON line: { seconds, cpuSeconds, documents }.
 * Usage: node --import tsx rebuild-run.ts <dir> <mix|app> <read-model file>
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import { physicalCollection } from '../src/naming';
import { ProjectionRunner } from '../src/runner';
import { rebuildSet, rebuildSetNames, type RebuildSetName } from './rebuild-sets';

const [dir, setName, readModelFile] = process.argv.slice(2);
if (!dir || !readModelFile || !rebuildSetNames.includes(setName as RebuildSetName)) {
  throw new Error('usage: rebuild-run.ts <dir> <mix|app> <read-model file>');
}
const { projections } = rebuildSet(setName as RebuildSetName);
const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
const docs = new SqliteDocumentStore(readModelFile, { sweepIntervalMs: 0 });
const runner = new ProjectionRunner({ eventStore, docs, projections, leaseRetryMs: 10 });
const cpuBefore = process.cpuUsage();
const started = performance.now();
runner.start();
await runner.whenCaughtUp();
await runner.stop();
// The rebuilt read models are only fully in the database file after a WAL checkpoint: count it,
// so a longer automatic checkpoint interval cannot hide work outside the measurement.
docs.checkpointWal();
const seconds = (performance.now() - started) / 1000;
// The whole process: the main thread, the store's writer thread and V8's helper threads.
const cpu = process.cpuUsage(cpuBefore);
const documents = (
  await Promise.all(
    projections.flatMap((p) => p.collections.map((c) => docs.count(physicalCollection(c.name, p.version)))),
  )
).reduce((a, b) => a + b, 0);
await docs.close();
await eventStore.close();
console.log(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, documents }));
