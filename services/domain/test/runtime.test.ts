import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@jsonable/adapters/sqlite/event-store';
import { ConflictError, NotFoundError, ValidationError } from '../src/errors';
import type { EventStore, NewEvent } from '../src/ports';
import { claimUnique } from '../src/runtime/claim-unique';
import type { Decider } from '../src/runtime/decider';
import { handleCommand } from '../src/runtime/handle-command';
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

describe('handleCommand', () => {
  it('creates a stream with no_stream, then appends at the exact revision', async () => {
    const opened = await handleCommand({
      eventStore: store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Open', data: { id: '1' } },
      ids: randomIds,
    });
    expect(opened.revision).toBe(0);
    expect(opened.events).toEqual([{ type: 'CounterOpened', data: { id: '1' } }]);
    const inc = await handleCommand({
      eventStore: store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Increment', data: { by: 3 } },
      ids: randomIds,
    });
    expect(inc.revision).toBe(1);
    expect(inc.state).toEqual({ open: true, value: 3 });
    expect(inc.position).toBe(await store.headPosition());
    expect((await store.readStream('counter-1')).map((e) => e.type)).toEqual(['CounterOpened', 'CounterIncremented']);
  });

  it('appends nothing for a command that changes nothing and reports the stream head position', async () => {
    const first = await handleCommand({
      eventStore: store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Open', data: { id: '1' } },
      ids: randomIds,
    });
    await store.append('other', [{ id: randomIds.uuid(), type: 'X', data: {} }], 'no_stream');
    const again = await handleCommand({
      eventStore: store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Open', data: { id: '1' } },
      ids: randomIds,
    });
    expect(again.events).toEqual([]);
    expect(again.position).toBe(first.position);
    expect(await store.readStream('counter-1')).toHaveLength(1);
  });

  it('lets a typed refusal through without appending', async () => {
    await expect(
      handleCommand({
        eventStore: store,
        stream: 'counter-9',
        decider: counter,
        command: { type: 'Increment', data: { by: 1 } },
        ids: randomIds,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.readStream('counter-9')).toEqual([]);
  });

  it('re-decides against the fresh stream after losing a race', async () => {
    await handleCommand({
      eventStore: store,
      stream: 'c',
      decider: counter,
      command: { type: 'Open', data: { id: 'c' } },
      ids: randomIds,
    });
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
      handleCommand({
        eventStore: racing,
        stream: 'c',
        decider: counter,
        command: { type: 'Increment', data: { by: 2, max: 5 } },
        ids: randomIds,
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    const ok = await handleCommand({
      eventStore: racing,
      stream: 'c',
      decider: counter,
      command: { type: 'Increment', data: { by: 1, max: 5 } },
      ids: randomIds,
    });
    expect(ok.state.value).toBe(5);
  });

  it('gives up with a ConflictError after maxRetries lost races', async () => {
    await handleCommand({
      eventStore: store,
      stream: 'c',
      decider: counter,
      command: { type: 'Open', data: { id: 'c' } },
      ids: randomIds,
    });
    let attempts = 0;
    const alwaysLosing: EventStore = Object.create(store) as EventStore;
    alwaysLosing.append = async (stream, events, expected) => {
      attempts++;
      await store.append(stream, [{ id: randomIds.uuid(), type: 'CounterIncremented', data: { by: 1 } }], 'any');
      return store.append(stream, events, expected);
    };
    await expect(
      handleCommand({
        eventStore: alwaysLosing,
        stream: 'c',
        decider: counter,
        command: { type: 'Increment', data: { by: 1 } },
        ids: randomIds,
        maxRetries: 2,
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(attempts).toBe(3);
  });

  it('concurrent handlers on one stream all land, each exactly once', async () => {
    await handleCommand({
      eventStore: store,
      stream: 'c',
      decider: counter,
      command: { type: 'Open', data: { id: 'c' } },
      ids: randomIds,
    });
    const other = new SqliteEventStore(join(dir, 'events.db'));
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          handleCommand({
            eventStore: i % 2 ? other : store,
            stream: 'c',
            decider: counter,
            command: { type: 'Increment', data: { by: 1 } },
            ids: randomIds,
            maxRetries: 20,
          }),
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
    const result = await handleCommand({
      eventStore: store,
      stream: 'd',
      decider: counter,
      command: { type: 'Open', data: { id: 'd' } },
      ids: sequentialIds('x'),
      eventIds,
    });
    const [recorded] = await store.readStream('d');
    expect(recorded?.id).toBe(eventIds(result.events[0]!, 0));
  });

  it('adds the given metadata to every appended event', async () => {
    await handleCommand({
      eventStore: store,
      stream: 'm',
      decider: counter,
      command: { type: 'Open', data: { id: 'm' } },
      ids: randomIds,
      metadata: { requestId: 'r-1' },
    });
    const [recorded] = await store.readStream('m');
    expect(recorded?.metadata).toEqual({ requestId: 'r-1' });
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
