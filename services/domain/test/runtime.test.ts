import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import { ConflictError, NotFoundError, ValidationError } from '../src/errors';
import type { EventStore, NewEvent } from '../src/ports';
import { aggregateStream } from '../src/runtime/aggregate-stream';
import { claimUnique } from '../src/runtime/claim-unique';
import type { Decider } from '../src/runtime/decider';
import { handleCommand, handleCommands, type HandleCommandOptions } from '../src/runtime/handle-command';
import { exclusiveOnStream } from '../src/runtime/keyed-lock';
import { MicroBatcher } from '../src/runtime/micro-batcher';
import { StreamStateCache } from '../src/runtime/stream-state-cache';
import { randomIds } from '../src/runtime/system';
import { sequentialIds, testDecider } from '../src/runtime/testing';

// A tiny counter context, enough to exercise load → fold → decide → append.
type CounterEvent =
  { type: 'CounterOpened'; data: { id: string } } | { type: 'CounterIncremented'; data: { by: number } };
type CounterCommand =
  { type: 'Open'; data: { id: string } } | { type: 'Increment'; data: { by: number; max?: number } };
interface CounterState {
  open: boolean;
  value: number;
}
const counter: Decider<CounterState, CounterCommand, CounterEvent> = {
  initialState: () => ({ open: false, value: 0 }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'CounterOpened':
        return { open: true, value: 0 };
      case 'CounterIncremented':
        return { ...s, value: s.value + e.data.by };
    }
  },
  decide: (cmd, s) => {
    switch (cmd.type) {
      case 'Open':
        return s.open ? [] : [{ type: 'CounterOpened', data: { id: cmd.data.id } }];
      case 'Increment':
        if (!s.open) throw new NotFoundError('Counter not found');
        if (cmd.data.max !== undefined && s.value + cmd.data.by > cmd.data.max)
          throw new ValidationError('Over the limit');
        return [{ type: 'CounterIncremented', data: { by: cmd.data.by } }];
    }
  },
};

let dir: string;
let store: SqliteEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-runtime-'));
  store = new SqliteEventStore(join(dir, 'events.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** handleCommand on the counter's `stream` in the file's store (other options as given). */
const runCounter = (
  stream: string,
  command: CounterCommand,
  options: Partial<HandleCommandOptions<CounterState, CounterCommand, CounterEvent>> = {},
) => handleCommand({ eventStore: store, stream, decider: counter, command, ids: randomIds, ...options });

describe('handleCommand', () => {
  it('creates a stream with no_stream, then appends at the exact revision', async () => {
    const opened = await runCounter('counter-1', { type: 'Open', data: { id: '1' } });
    expect(opened.revision).toBe(0);
    expect(opened.events).toEqual([{ type: 'CounterOpened', data: { id: '1' } }]);
    const inc = await runCounter('counter-1', { type: 'Increment', data: { by: 3 } });
    expect(inc.revision).toBe(1);
    expect(inc.state).toEqual({ open: true, value: 3 });
    expect(inc.position).toBe(await store.headPosition());
    expect((await store.readStream('counter-1')).map((e) => e.type)).toEqual(['CounterOpened', 'CounterIncremented']);
  });

  it('appends nothing for a command that changes nothing and reports the stream head position', async () => {
    const first = await runCounter('counter-1', { type: 'Open', data: { id: '1' } });
    await store.append('other', [{ id: randomIds.uuid(), type: 'X', data: {} }], 'no_stream');
    const again = await runCounter('counter-1', { type: 'Open', data: { id: '1' } });
    expect(again.events).toEqual([]);
    expect(again.position).toBe(first.position);
    expect(await store.readStream('counter-1')).toHaveLength(1);
  });

  it('lets a typed refusal through without appending', async () => {
    await expect(runCounter('counter-9', { type: 'Increment', data: { by: 1 } })).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.readStream('counter-9')).toEqual([]);
  });

  it('re-decides against the fresh stream after losing a race', async () => {
    await runCounter('c', { type: 'Open', data: { id: 'c' } });
    // A competing writer slips in between this handler's read and its append, once.
    let raced = false;
    const racing: EventStore = Object.create(store) as EventStore;
    racing.append = async (stream, events, expected) => {
      if (!raced) {
        raced = true;
        await store.append(stream, [{ id: randomIds.uuid(), type: 'CounterIncremented', data: { by: 4 } }], 'any');
      }
      return store.append(stream, events, expected);
    };
    // With max 5 the second attempt sees value 4 and refuses: decide ran again on fresh state.
    await expect(
      runCounter('c', { type: 'Increment', data: { by: 2, max: 5 } }, { eventStore: racing }),
    ).rejects.toBeInstanceOf(ValidationError);
    const ok = await runCounter('c', { type: 'Increment', data: { by: 1, max: 5 } }, { eventStore: racing });
    expect(ok.state.value).toBe(5);
  });

  it('gives up with a ConflictError after retry.onVersionConflict lost races', async () => {
    await runCounter('c', { type: 'Open', data: { id: 'c' } });
    let attempts = 0;
    const alwaysLosing: EventStore = Object.create(store) as EventStore;
    alwaysLosing.append = async (stream, events, expected) => {
      attempts++;
      await store.append(stream, [{ id: randomIds.uuid(), type: 'CounterIncremented', data: { by: 1 } }], 'any');
      return store.append(stream, events, expected);
    };
    await expect(
      runCounter(
        'c',
        { type: 'Increment', data: { by: 1 } },
        { eventStore: alwaysLosing, retry: { onVersionConflict: 2 } },
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(attempts).toBe(3);
  });

  it('concurrent handlers on one stream all land, each exactly once', async () => {
    await runCounter('c', { type: 'Open', data: { id: 'c' } });
    const other = new SqliteEventStore(join(dir, 'events.db'));
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          runCounter(
            'c',
            { type: 'Increment', data: { by: 1 } },
            { eventStore: i % 2 ? other : store, retry: { onVersionConflict: 20 } },
          ),
        ),
      );
    } finally {
      await other.close();
    }
    const events = await store.readStream('c');
    expect(events.map((e) => e.revision)).toEqual([...Array(9).keys()]);
  });

  it('uses the caller-supplied deterministic event ids instead of fresh uuids', async () => {
    const eventIds = (e: CounterEvent, i: number) => `evt-${e.type}-${i}`;
    const result = await runCounter('d', { type: 'Open', data: { id: 'd' } }, { ids: sequentialIds('x'), eventIds });
    const [recorded] = await store.readStream('d');
    expect(recorded?.id).toBe(eventIds(result.events[0]!, 0));
  });

  it('adds the given metadata to every appended event', async () => {
    await runCounter('m', { type: 'Open', data: { id: 'm' } }, { metadata: { requestId: 'r-1' } });
    const [recorded] = await store.readStream('m');
    expect(recorded?.metadata).toEqual({ requestId: 'r-1' });
  });
});

describe('handleCommands', () => {
  const open = { type: 'Open' as const, data: { id: 'c' } };
  const inc = (by: number, max?: number) => ({ type: 'Increment' as const, data: { by, ...(max ? { max } : {}) } });

  it('decides each command on the state of the ones before it, leaves out the refused, appends once', async () => {
    const { outcomes, state, revision } = await handleCommands({
      eventStore: store,
      stream: 'c',
      decider: counter,
      commands: [open, inc(2, 3), inc(2, 3), inc(1, 3)],
      ids: randomIds,
    });
    expect(outcomes.map((o) => ('refused' in o ? (o.refused as Error).message : o.events.length))).toEqual([
      1,
      1,
      'Over the limit',
      1,
    ]);
    expect(state.value).toBe(3);
    expect(revision).toBe(2);
    expect((await store.readStream('c')).map((e) => e.position)).toEqual([1, 2, 3]);
  });

  it('reads only the events after a cached fold and remembers the fold after its append', async () => {
    const cache = new StreamStateCache(counter);
    await runCounter('c', open);
    const reads: Array<number | undefined> = [];
    const counting: EventStore = Object.create(store) as EventStore;
    counting.readStream = async (stream, options) => {
      reads.push(options?.fromRevision);
      return store.readStream(stream, options);
    };
    await runCounter('c', inc(1), { eventStore: counting, cache });
    await runCounter('c', inc(1), { eventStore: counting, cache });
    expect(reads).toEqual([undefined, 2]);
    expect((await cache.load(counting, 'c')).state.value).toBe(2);
  });
});

describe('aggregateStream', () => {
  it('folds the whole stream, or only what follows a fold kept from before', async () => {
    const empty = await aggregateStream(store, 'c', counter);
    expect(empty).toEqual({ state: { open: false, value: 0 }, revision: -1, position: 0 });
    await handleCommands({
      eventStore: store,
      stream: 'c',
      decider: counter,
      commands: [
        { type: 'Open', data: { id: 'c' } },
        { type: 'Increment', data: { by: 2 } },
      ],
      ids: randomIds,
    });
    const whole = await aggregateStream(store, 'c', counter);
    expect(whole).toEqual({ state: { open: true, value: 2 }, revision: 1, position: 2 });
    const kept = { state: { open: true, value: 40 }, revision: 1, position: 2 };
    expect(await aggregateStream(store, 'c', counter, kept)).toBe(kept);
    await runCounter('c', { type: 'Increment', data: { by: 2 } });
    expect((await aggregateStream(store, 'c', counter, kept)).state.value).toBe(42);
  });
});

describe('MicroBatcher', () => {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('writes what one turn gathered per key in one batch, and starts the next batch after it', async () => {
    const written: Array<[string, number[]]> = [];
    const batcher = new MicroBatcher<string, number, number>(async (key, batch) => {
      written.push([key, batch.map((b) => b.item)]);
      for (const b of batch) b.resolve(b.item * 10);
    });
    const first = [batcher.add('a', 1), batcher.add('b', 2), batcher.add('a', 3)];
    await turn();
    const second = batcher.add('a', 4);
    expect(await Promise.all([...first, second])).toEqual([10, 20, 30, 40]);
    expect(written).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
      ['a', [4]],
    ]);
  });

  it('settles each caller on its own, and rejects what a failed write left unsettled', async () => {
    const batcher = new MicroBatcher<string, number>(async (_key, batch) => {
      batch[0]!.resolve();
      batch[1]!.reject(new Error('refused'));
      throw new Error('disk full');
    });
    const results = await Promise.allSettled([batcher.add('a', 1), batcher.add('a', 2), batcher.add('a', 3)]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual([
      'ok',
      'refused',
      'disk full',
    ]);
  });
});

describe('exclusiveOnStream', () => {
  it('runs the sections of one stream of one store one after another, in order, and others alongside', async () => {
    const other = new SqliteEventStore(join(dir, 'other.db'));
    const log: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    const section = (name: string, hold?: Promise<void>) => async () => {
      log.push(`${name} in`);
      await hold;
      log.push(`${name} out`);
      return name;
    };
    const first = exclusiveOnStream(store, 's', section('first', firstHolds));
    const second = exclusiveOnStream(store, 's', section('second'));
    const otherStream = exclusiveOnStream(store, 't', section('other stream'));
    const otherStore = exclusiveOnStream(other, 's', section('other store'));
    await Promise.all([otherStream, otherStore]);
    // The same stream on the same store waits; another stream, or another store (another
    // process), does not.
    expect(log).toEqual(['first in', 'other stream in', 'other store in', 'other stream out', 'other store out']);
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(log.slice(5)).toEqual(['first out', 'second in', 'second out']);
    // A section that throws releases the stream.
    await expect(exclusiveOnStream(store, 's', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await exclusiveOnStream(store, 's', async () => 'after')).toBe('after');
    await other.close();
  });
});

describe('claimUnique', () => {
  const claim = (userId: string): NewEvent => ({
    id: randomIds.uuid(),
    type: 'EmailClaimed',
    data: { email: 'a@b.c', userId },
  });

  it('two racing claims on two connections give exactly one winner', async () => {
    const other = new SqliteEventStore(join(dir, 'events.db'));
    try {
      for (let round = 0; round < 20; round++) {
        const stream = `email-${round}`;
        const results = await Promise.all([
          claimUnique(store, stream, claim('u1')),
          claimUnique(other, stream, claim('u2')),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });

  it('an existing claim by the same owner counts as won; by another owner as lost', async () => {
    expect(await claimUnique(store, 'email-x', claim('u1'))).toBe(true);
    expect(await claimUnique(store, 'email-x', claim('u1'))).toBe(true);
    expect(await claimUnique(store, 'email-x', claim('u2'))).toBe(false);
    expect(
      await claimUnique(store, 'email-x', claim('u2'), {
        sameOwner: (existing) => (existing.data as { email: string }).email === 'a@b.c',
      }),
    ).toBe(true);
  });
});

describe('testDecider', () => {
  it('given/when/then passes on the right events and fails on wrong ones', () => {
    const spec = testDecider(counter);
    spec
      .given([{ type: 'CounterOpened', data: { id: '1' } }])
      .when({ type: 'Increment', data: { by: 2 } })
      .then([{ type: 'CounterIncremented', data: { by: 2 } }]);
    spec
      .given([{ type: 'CounterOpened', data: { id: '1' } }])
      .when({ type: 'Open', data: { id: '1' } })
      .thenNothing();
    spec
      .given([])
      .when({ type: 'Increment', data: { by: 2 } })
      .thenThrows(NotFoundError, 'Counter not found');
    expect(() =>
      spec
        .given([])
        .when({ type: 'Open', data: { id: '1' } })
        .then([]),
    ).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ type: 'Open', data: { id: '1' } })
        .thenThrows(NotFoundError),
    ).toThrow();
  });
});
