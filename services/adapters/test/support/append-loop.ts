/**
 * Child process of crash.test.ts: appends to a SQLite event store in a loop and prints the id of
 * every event whose append was acknowledged, one per line, until it is killed.
 * Usage: append-loop.ts <file> <writer-name>
 */
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../src/sqlite/event-store';

const [file, writer] = process.argv.slice(2);
if (!file || !writer) throw new Error('usage: append-loop.ts <file> <writer-name>');

const store = new SqliteEventStore(file);
const streams = Array.from({ length: 4 }, (_, i) => `crash-${writer}-${i}`);
const revisions = new Map<string, number>();
for (const stream of streams) revisions.set(stream, (await store.readStream(stream)).length - 1);

for (let i = 0; ; i++) {
  const count = 1 + (i % 3);
  const events = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    type: 'CrashTested',
    data: { writer, i, n, padding: 'x'.repeat(200) },
  }));
  if (i % 7 === 0) {
    // A stream both writers append to without an expectation.
    await store.append('crash-shared', events, 'any');
  } else {
    const stream = streams[i % streams.length]!;
    const current = revisions.get(stream)!;
    const result = await store.append(stream, events, current < 0 ? 'no_stream' : current);
    revisions.set(stream, result.nextRevision);
  }
  process.stdout.write(events.map((e) => e.id).join('\n') + '\n');
  // Yield now and then so stdout drains while the loop runs.
  if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
}
