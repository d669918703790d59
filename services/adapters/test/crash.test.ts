/**
 * Fault test: writer processes append in a loop and are SIGKILLed at a random moment. After
 * reopening the file, every acknowledged event is there exactly once, positions increase in commit
 * order and every stream's revisions run 0..n-1 without a hole.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../src/sqlite/event-store';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'support', 'append-loop.ts');
const dir = mkdtempSync(join(tmpdir(), 'jsonable-crash-'));
const file = join(dir, 'events.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Writer {
  child: ChildProcess;
  acked: string[];
  exited: Promise<NodeJS.Signals | null>;
}

function startWriter(name: string): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, name], {
    cwd: join(here, '..', '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acked: string[] = [];
  let partial = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    // A line cut by the kill is not an acknowledgement we can read: keep only complete lines.
    partial = lines.pop()!;
    acked.push(...lines.filter(Boolean));
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(signal);
      else reject(new Error(`writer ${name} exited with ${code}: ${stderr}`));
    });
  });
  return { child, acked, exited };
}

async function killAfterRandomAcks(writers: Writer[]): Promise<void> {
  const target = 200 + Math.floor(Math.random() * 2000);
  const extraMs = Math.floor(Math.random() * 20);
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (writers.some((w) => w.child.exitCode !== null)) reject(new Error('a writer stopped on its own'));
      if (writers.every((w) => w.acked.length >= target)) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  await new Promise((resolve) => setTimeout(resolve, extraMs));
  for (const w of writers) w.child.kill('SIGKILL');
  await Promise.all(writers.map((w) => w.exited));
}

describe('SQLite event store under SIGKILL', () => {
  it('keeps every acknowledged event exactly once, in order, without revision holes', async () => {
    const acked: string[] = [];
    // Round 1: two processes write the same file at once. Round 2: one restarts on the file.
    for (const names of [['a', 'b'], ['a']]) {
      const writers = names.map(startWriter);
      await killAfterRandomAcks(writers);
      for (const w of writers) acked.push(...w.acked);
    }

    const db = new Database(file, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    const store = new SqliteEventStore(file);
    const all = await store.readAll();
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stored = new Set(ids);
    const missing = acked.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    expect(acked.length).toBeGreaterThan(0);

    for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
    const revisions = new Map<string, number[]>();
    for (const e of all) revisions.set(e.streamId, [...(revisions.get(e.streamId) ?? []), e.revision]);
    for (const [stream, list] of revisions) expect(list, stream).toEqual(list.map((_, i) => i));
    expect(await store.headPosition()).toBe(all[all.length - 1]!.position);
    await store.close();
  }, 60_000);
});
