/**
 * The EventStore contract, run against every adapter (services/adapters/test).
 *
 * `open` opens a NEW connection to the one log under test each time it is called (the suite
 * closes what it opens). The log may be shared with other tests and other suites (a real
 * EventStoreDB server), so every test writes to its own fresh streams and reads the global log
 * only after the head position it saw first.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors';
import type { EventStore, ExpectedRevision, NewEvent, RecordedEvent, Subscription } from '../ports';

export type OpenEventStore = () => Promise<EventStore>;

function newEvents(count: number, type = 'Tested', extra: Record<string, unknown> = {}): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type,
    data: { i, text: `é ✓ "quoted" ${i}`, nested: { list: [1, 2, { x: null }] }, ...extra },
    metadata: { correlationId: `c-${i}` },
  }));
}

/** Waits until `check` passes (throws otherwise); for asynchronous delivery, not for speed. */
async function eventually(check: () => void, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export function testEventStore(name: string, open: OpenEventStore): void {
  describe(`${name} — EventStore contract`, () => {
    const opened: EventStore[] = [];
    const subscriptions: Subscription[] = [];
    let shared: EventStore | undefined;
    const connect = async (): Promise<EventStore> => {
      const store = await open();
      opened.push(store);
      return store;
    };
    const store = async (): Promise<EventStore> => (shared ??= await connect());
    const stream = (label: string): string => `contract_${label}-${randomUUID()}`;

    afterAll(async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await Promise.all(opened.map((s) => s.close()));
    });

    describe('append and readStream', () => {
      it('appends to a new stream with no_stream and reads the events back as written', async () => {
        const es = await store();
        const s = stream('new');
        const events = newEvents(3);
        const result = await es.append(s, events, 'no_stream');
        expect(result.nextRevision).toBe(2);
        expect(result.position).toBeGreaterThan(0);

        const read = await es.readStream(s);
        expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        read.forEach((e, i) => {
          expect(e.streamId).toBe(s);
          expect(e.type).toBe('Tested');
          expect(e.data).toEqual(events[i]!.data);
          expect(e.metadata).toMatchObject(events[i]!.metadata!);
          expect(Number.isNaN(Date.parse(e.createdAt))).toBe(false);
          expect(e.position).toBeGreaterThan(0);
        });
        expect(read[2]!.position).toBe(result.position);
        expect(read[0]!.position).toBeLessThan(read[1]!.position);
        expect(read[1]!.position).toBeLessThan(read[2]!.position);
      });

      it('stores events without metadata as an empty metadata object', async () => {
        const es = await store();
        const s = stream('nometa');
        await es.append(s, [{ id: randomUUID(), type: 'Bare', data: { ok: true } }], 'no_stream');
        const [event] = await es.readStream(s);
        expect(event?.data).toEqual({ ok: true });
        expect(event?.metadata).toBeTypeOf('object');
      });

      it('returns an empty array for a stream that does not exist', async () => {
        const es = await store();
        expect(await es.readStream(stream('missing'))).toEqual([]);
      });

      it('reads forward from a revision', async () => {
        const es = await store();
        const s = stream('from');
        const events = newEvents(5);
        await es.append(s, events, 'no_stream');
        const read = await es.readStream(s, { fromRevision: 3 });
        expect(read.map((e) => e.revision)).toEqual([3, 4]);
        expect(read.map((e) => e.id)).toEqual([events[3]!.id, events[4]!.id]);
        expect(await es.readStream(s, { fromRevision: 5 })).toEqual([]);
      });

      it('appends at the exact current revision and continues the revisions', async () => {
        const es = await store();
        const s = stream('exact');
        await es.append(s, newEvents(2), 'no_stream');
        const result = await es.append(s, newEvents(2), 1);
        expect(result.nextRevision).toBe(3);
        expect((await es.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
      });

      it("appends with 'any' to a new and to an existing stream", async () => {
        const es = await store();
        const s = stream('any');
        expect((await es.append(s, newEvents(1), 'any')).nextRevision).toBe(0);
        expect((await es.append(s, newEvents(2), 'any')).nextRevision).toBe(2);
        expect(await es.readStream(s)).toHaveLength(3);
      });
    });

    describe('expected revision', () => {
      it('refuses no_stream on a stream that exists with ConcurrencyError', async () => {
        const es = await store();
        const s = stream('exists');
        await es.append(s, newEvents(1), 'no_stream');
        const error = await es.append(s, newEvents(1), 'no_stream').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).stream).toBe(s);
        expect(await es.readStream(s)).toHaveLength(1);
      });

      it('refuses a stale, a future and a missing-stream revision and writes nothing', async () => {
        const es = await store();
        const s = stream('stale');
        await es.append(s, newEvents(3), 'no_stream');
        await expect(es.append(s, newEvents(1), 1)).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(es.append(s, newEvents(1), 7)).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(es.append(stream('none'), newEvents(1), 0)).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await es.readStream(s)).toHaveLength(3);
      });

      it('gives exactly one winner to two connections racing no_stream on one stream', async () => {
        const [a, b] = [await connect(), await connect()];
        for (let round = 0; round < 5; round++) {
          const s = stream('race');
          const first = newEvents(2);
          const second = newEvents(2);
          const outcomes = await Promise.allSettled([
            a.append(s, first, 'no_stream'),
            b.append(s, second, 'no_stream'),
          ]);
          const won = outcomes.filter((o) => o.status === 'fulfilled');
          const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0]!.reason).toBeInstanceOf(ConcurrencyError);
          const winnerIds = (outcomes[0]!.status === 'fulfilled' ? first : second).map((e) => e.id);
          expect((await a.readStream(s)).map((e) => e.id)).toEqual(winnerIds);
        }
      });

      it('lets exactly one of many exact-revision writers win each revision', async () => {
        const es = await store();
        const other = await connect();
        const s = stream('exactrace');
        await es.append(s, newEvents(1), 'no_stream');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => (i % 2 ? other : es).append(s, newEvents(1), 0)),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConcurrencyError);
        expect(await es.readStream(s)).toHaveLength(2);
      });

      it('matches a reference model over random sequences of appends (property)', async () => {
        const es = await store();
        const expectation = fc.oneof(
          fc.constant<'no_stream'>('no_stream'),
          fc.constant<'any'>('any'),
          fc.integer({ min: -1, max: 6 }),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(expectation, fc.integer({ min: 1, max: 3 })), { maxLength: 6 }),
            async (steps) => {
              const s = stream('model');
              const model: string[] = [];
              for (const [rawExpected, count] of steps) {
                // -1 stands for "the current revision", so that many steps are accepted.
                const expected: ExpectedRevision = rawExpected === -1 ? model.length - 1 : rawExpected;
                const events = newEvents(count);
                const accepted =
                  expected === 'any' ||
                  (expected === 'no_stream' ? model.length === 0 : expected === model.length - 1 && expected >= 0);
                if (accepted) {
                  const result = await es.append(s, events, expected);
                  model.push(...events.map((e) => e.id));
                  expect(result.nextRevision).toBe(model.length - 1);
                } else {
                  await expect(es.append(s, events, expected)).rejects.toBeInstanceOf(ConcurrencyError);
                }
              }
              expect((await es.readStream(s)).map((e) => e.id)).toEqual(model);
            },
          ),
          { numRuns: 25 },
        );
      });
    });

    describe('idempotent retry', () => {
      it('appends nothing when the same ids are appended again at the same expected revision', async () => {
        const es = await store();
        const s = stream('retry');
        const events = newEvents(3);
        const first = await es.append(s, events, 'no_stream');
        const again = await es.append(s, events, 'no_stream');
        expect(again).toEqual(first);
        const next = newEvents(2);
        const second = await es.append(s, next, 2);
        expect(await es.append(s, next, 2)).toEqual(second);
        expect((await es.readStream(s)).map((e) => e.id)).toEqual([...events, ...next].map((e) => e.id));
      });

      it("is idempotent for 'any' and for a retry that arrives after later appends", async () => {
        const es = await store();
        const s = stream('retrylate');
        const events = newEvents(2);
        const first = await es.append(s, events, 'any');
        expect(await es.append(s, events, 'any')).toEqual(first);
        await es.append(s, newEvents(1), 1);
        expect(await es.append(s, events, 'no_stream')).toEqual(first);
        expect(await es.readStream(s)).toHaveLength(3);
      });

      it('does not duplicate a retried append in the global log', async () => {
        const es = await store();
        const head = await es.headPosition();
        const s = stream('retrylog');
        const events = newEvents(2);
        await es.append(s, events, 'no_stream');
        await es.append(s, events, 'no_stream');
        const mine = (await es.readAll({ after: head })).filter((e) => e.streamId === s);
        expect(mine.map((e) => e.id)).toEqual(events.map((e) => e.id));
      });

      it('refuses an append that reuses only some of the stored ids and writes nothing', async () => {
        const es = await store();
        const s = stream('partial');
        const events = newEvents(2);
        await es.append(s, events, 'no_stream');
        const mixed = [events[0]!, ...newEvents(1)];
        await expect(es.append(s, mixed, 'no_stream')).rejects.toThrow();
        expect((await es.readStream(s)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      });
    });

    describe('readAll and headPosition', () => {
      it('reads the log in commit order after an exclusive position, with maxCount', async () => {
        const es = await store();
        const head = await es.headPosition();
        const [s1, s2] = [stream('all1'), stream('all2')];
        const written: string[] = [];
        for (let i = 0; i < 4; i++) {
          const e1 = newEvents(1);
          const e2 = newEvents(2);
          await es.append(s1, e1, i === 0 ? 'no_stream' : i - 1);
          await es.append(s2, e2, i === 0 ? 'no_stream' : 2 * i - 1);
          written.push(...e1.map((e) => e.id), ...e2.map((e) => e.id));
        }
        const all = await es.readAll({ after: head });
        const mine = all.filter((e) => e.streamId === s1 || e.streamId === s2);
        expect(mine.map((e) => e.id)).toEqual(written);
        for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
        expect(all.every((e) => e.position > head)).toBe(true);
        expect(all.some((e) => e.type.startsWith('$'))).toBe(false);

        const firstTwo = await es.readAll({ after: head, maxCount: 2 });
        expect(firstTwo.length).toBeLessThanOrEqual(2);
        expect(firstTwo.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
        const pivot = mine[3]!;
        const rest = (await es.readAll({ after: pivot.position })).filter(
          (e) => e.streamId === s1 || e.streamId === s2,
        );
        expect(rest.map((e) => e.id)).toEqual(written.slice(4));
      });

      it('moves the head position to at least the last appended position', async () => {
        const es = await store();
        const before = await es.headPosition();
        expect(before).toBeGreaterThanOrEqual(0);
        const result = await es.append(stream('head'), newEvents(2), 'no_stream');
        const after = await es.headPosition();
        expect(after).toBeGreaterThanOrEqual(result.position);
        expect(after).toBeGreaterThan(before);
      });

      it('shows one connection the appends of another', async () => {
        const [a, b] = [await connect(), await connect()];
        const s = stream('twoconn');
        const events = newEvents(2);
        const result = await a.append(s, events, 'no_stream');
        expect((await b.readStream(s)).map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(await b.headPosition()).toBeGreaterThanOrEqual(result.position);
      });

      it('answers ping', async () => {
        await expect((await store()).ping()).resolves.toBeUndefined();
      });
    });

    describe('subscribeToAll', () => {
      const collect = (
        es: EventStore,
        streams: string[],
        options: { after?: number; batchSize?: number; onEvents?: (batch: RecordedEvent[]) => Promise<void> } = {},
      ) => {
        const seen: RecordedEvent[] = [];
        const batches: number[] = [];
        let liveCalls = 0;
        const errors: unknown[] = [];
        let last = options.after ?? 0;
        const subscription = es.subscribeToAll({
          after: options.after,
          batchSize: options.batchSize,
          onEvents: async (batch) => {
            batches.push(batch.length);
            await options.onEvents?.(batch);
            seen.push(...batch.filter((e) => streams.includes(e.streamId)));
            last = batch[batch.length - 1]!.position;
          },
          onLive: () => void liveCalls++,
          onError: (error) => void errors.push(error),
        });
        subscriptions.push(subscription);
        return {
          subscription,
          seen,
          batches,
          errors,
          live: () => liveCalls,
          lastPosition: () => last,
        };
      };

      it('catches up, calls onLive once, then delivers new events live, in order', async () => {
        const es = await store();
        const head = await es.headPosition();
        const s = stream('sub');
        const before = newEvents(3);
        await es.append(s, before, 'no_stream');
        const sub = collect(es, [s], { after: head });
        await eventually(() => expect(sub.seen).toHaveLength(3));
        await eventually(() => expect(sub.live()).toBe(1));
        const later = newEvents(2);
        await es.append(s, later, 2);
        const laterStill = newEvents(1);
        await es.append(s, laterStill, 4);
        await eventually(() => expect(sub.seen).toHaveLength(6));
        expect(sub.seen.map((e) => e.id)).toEqual([...before, ...later, ...laterStill].map((e) => e.id));
        expect(sub.live()).toBe(1);
        expect(sub.errors).toEqual([]);
        await sub.subscription.stop();
      });

      it('delivers live the appends made through another connection', async () => {
        const [reader, writer] = [await connect(), await connect()];
        const head = await reader.headPosition();
        const s = stream('subother');
        const sub = collect(reader, [s], { after: head });
        await eventually(() => expect(sub.live()).toBe(1));
        const events = newEvents(3);
        await writer.append(s, events, 'no_stream');
        await eventually(() => expect(sub.seen.map((e) => e.id)).toEqual(events.map((e) => e.id)));
        await sub.subscription.stop();
      });

      it('hands over batches no larger than batchSize, one at a time', async () => {
        const es = await store();
        const head = await es.headPosition();
        const s = stream('batch');
        await es.append(s, newEvents(7), 'no_stream');
        let inFlight = 0;
        let maxInFlight = 0;
        const sub = collect(es, [s], {
          after: head,
          batchSize: 2,
          onEvents: async () => {
            inFlight++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            await new Promise((resolve) => setTimeout(resolve, 2));
            inFlight--;
          },
        });
        await eventually(() => expect(sub.seen).toHaveLength(7));
        expect(Math.max(...sub.batches)).toBeLessThanOrEqual(2);
        expect(maxInFlight).toBe(1);
        await sub.subscription.stop();
      });

      it('stop waits for the batch in flight and ends delivery; a restart from the stored position resumes', async () => {
        const es = await store();
        const head = await es.headPosition();
        const s = stream('restart');
        const first = newEvents(2);
        await es.append(s, first, 'no_stream');
        const gate = Promise.withResolvers<void>();
        let entered = false;
        let handled = false;
        const sub = collect(es, [s], {
          after: head,
          onEvents: async (batch) => {
            if (!batch.some((e) => e.streamId === s) || handled) return;
            entered = true;
            await gate.promise;
            handled = true;
          },
        });
        await eventually(() => expect(entered).toBe(true));
        let stopped = false;
        const stopping = sub.subscription.stop().then(() => (stopped = true));
        await new Promise((resolve) => setTimeout(resolve, 30));
        expect(stopped).toBe(false);
        gate.resolve();
        await stopping;
        expect(handled).toBe(true);
        expect(sub.seen.map((e) => e.id)).toEqual(first.map((e) => e.id));

        const checkpoint = sub.lastPosition();
        const second = newEvents(3);
        await es.append(s, second, 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(sub.seen).toHaveLength(2);

        const resumed = collect(es, [s], { after: checkpoint });
        await eventually(() => expect(resumed.seen).toHaveLength(3));
        expect(resumed.seen.map((e) => e.id)).toEqual(second.map((e) => e.id));
        await resumed.subscription.stop();
      });

      it('can be stopped from inside onEvents: that batch finishes, no other starts, stop resolves after it', async () => {
        const es = await store();
        const head = await es.headPosition();
        const s = stream('stopinside');
        await es.append(s, newEvents(2), 'no_stream');
        let handlerReturned = false;
        let resolvedAfterHandler: boolean | null = null;
        let calls = 0;
        let stopping: Promise<void> | undefined;
        const subscription: Subscription = es.subscribeToAll({
          after: head,
          batchSize: 1,
          onEvents: async (batch) => {
            if (!batch.some((e) => e.streamId === s)) return;
            calls++;
            // Not awaited here: it resolves only once this handler has returned.
            stopping = subscription!.stop().then(() => void (resolvedAfterHandler = handlerReturned));
            await new Promise((resolve) => setTimeout(resolve, 10));
            handlerReturned = true;
          },
        });
        subscriptions.push(subscription);
        await eventually(() => expect(stopping).toBeDefined());
        await stopping;
        expect(resolvedAfterHandler).toBe(true);
        await es.append(s, newEvents(1), 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(calls).toBe(1);
      });

      it('reports an error thrown by onEvents through onError and stops delivering', async () => {
        const es = await store();
        const head = await es.headPosition();
        const s = stream('suberr');
        await es.append(s, newEvents(1), 'no_stream');
        let calls = 0;
        const sub = collect(es, [s], {
          after: head,
          onEvents: async (batch) => {
            if (!batch.some((e) => e.streamId === s)) return;
            calls++;
            throw new Error('projection failed');
          },
        });
        await eventually(() => expect(sub.errors).toHaveLength(1));
        expect((sub.errors[0] as Error).message).toBe('projection failed');
        await es.append(s, newEvents(1), 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(calls).toBe(1);
        await sub.subscription.stop();
      });
    });
  });
}
