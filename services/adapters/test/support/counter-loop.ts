/**
 * Child process of two-process.test.ts: increments a counter document N times with putIf
 * (read → compare-and-set → retry on a lost race) and prints how many races it lost.
 * Usage: counter-loop.ts <file> <increments>
 */
import { SqliteDocumentStore } from '../../src/sqlite/document-store';

const [file, countText] = process.argv.slice(2);
if (!file || !countText) throw new Error('usage: counter-loop.ts <file> <increments>');

const docs = new SqliteDocumentStore(file, { sweepIntervalMs: 0 });
await docs.ensureCollection({ name: 'counters', indexes: [] });
let lost = 0;
for (let i = 0; i < Number(countText); i++) {
  for (;;) {
    const current = await docs.get<{ id: string; version: number }>('counters', 'c');
    const next = { id: 'c', version: (current?.version ?? 0) + 1, last: process.pid };
    if (await docs.putIf('counters', next, current?.version ?? null)) break;
    lost++;
  }
}
await docs.close();
process.stdout.write(`${lost}\n`);
