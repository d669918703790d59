/**
 * The server EventStore: EventStoreDB / KurrentDB through @kurrent/kurrentdb-client.
 *
 * Positions. The port wants one number per event, strictly increasing in commit order. The log
 * position of an event in EventStoreDB is {commit, prepare}; events of one multi-event append can
 * share a commit position but each has its own prepare position, and appends are written one after
 * the other, so the PREPARE position increases strictly along $all. It is the number handed out
 * here. To resume after such a number p we start the server read/subscription at {p, p}: every
 * event after p in $all order sorts after {p, p} (its commit is ≥ its prepare > p, or it is later
 * in p's own transaction), so nothing is lost, and events at or before p are dropped by the
 * adapter, so nothing is delivered twice. (Numbers stay below 2^53 for logs up to 8 PiB.)
 *
 * Expected revisions map to NO_STREAM / ANY / BigInt(n); WrongExpectedVersionError becomes the
 * one ConcurrencyError. The server itself makes a retry with the same event ids at the same
 * expected revision idempotent; when it then reports no usable position, the adapter reads the
 * position of the stream's last event back.
 */
import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type JSONType,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError } from '@jsonable/domain/errors';
import { assertExpectedRevision, OpenSubscriptions } from '../events/shared';
import { guardMethods, translatingOnError } from '../faults/guard';
import { kurrentTranslator } from '../faults/kurrentdb';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@jsonable/domain/ports';

const PAGE = 500;
const translate = kurrentTranslator('event-store');
const DEFAULT_BATCH = 500;

function toExpected(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${expected}`);
  return BigInt(expected);
}

function describe(revision: unknown): string {
  return typeof revision === 'bigint' ? revision.toString() : String(revision);
}

function fromPositionAfter(after: number): Position | typeof START {
  return after > 0 ? { commit: BigInt(after), prepare: BigInt(after) } : START;
}

function positionNumber(position: Position | undefined): number {
  if (!position) return 0;
  const value = position.prepare;
  // Reads of a single stream on older servers carry no position (or the max unsigned value).
  if (value < 0n || value >= 2n ** 53n) return 0;
  return Number(value);
}

function decode(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    if (value.byteLength === 0) return null;
    try {
      return JSON.parse(Buffer.from(value).toString('utf8')) as unknown;
    } catch {
      return Buffer.from(value).toString('base64');
    }
  }
  return value ?? null;
}

function toRecorded(event: EsdbRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  const metadata = decode(event.metadata);
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: decode(event.data),
    metadata:
      metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : {},
    revision: Number(event.revision),
    position: positionNumber(event.position),
    createdAt: event.created.toISOString(),
  };
}

function isSystem(event: { streamId: string; type: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export class EsdbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly subscriptions = new OpenSubscriptions();

  /**
   * @param connectionString e.g. `esdb://localhost:2113?tls=false`
   * @param options.driver wraps the client (the fault contract puts a fault-injecting proxy around it)
   */
  constructor(connectionString: string, options: { driver?: (client: KurrentDBClient) => KurrentDBClient } = {}) {
    const client = KurrentDBClient.connectionString(connectionString);
    this.client = options.driver ? options.driver(client) : client;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) {
      const current = await this.readStream(stream);
      const last = current[current.length - 1];
      const actual = last ? last.revision : null;
      assertExpectedRevision(stream, expected, actual);
      return { nextRevision: actual ?? -1, position: last?.position ?? (await this.headPosition()) };
    }
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata ?? {},
          }),
        ),
        { streamState: toExpected(expected) },
      );
      const nextRevision = Number(result.nextExpectedRevision);
      let position = positionNumber(result.position);
      if (position <= 0) position = await this.positionOf(stream, nextRevision);
      return { nextRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new ConcurrencyError(stream, describe(expected), describe(error.actualState));
      }
      throw error;
    }
  }

  /** The log position of one stored event (after an idempotent retry the server may not report it). */
  private async positionOf(stream: string, revision: number): Promise<number> {
    const [event] = await this.readStream(stream, { fromRevision: revision });
    if (event && event.position > 0) return event.position;
    return this.headPosition();
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        direction: FORWARDS,
        fromRevision: options.fromRevision && options.fromRevision > 0 ? BigInt(options.fromRevision) : START,
      });
      for await (const resolved of read) if (resolved.event) out.push(toRecorded(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    let floor = options.after ?? 0;
    let from: Position | typeof START = fromPositionAfter(floor);
    // System events are dropped after reading, so a page can shrink: keep reading until the
    // requested count is met or the log ends. Each page starts at the exact raw position of the
    // previous page's last record, so the cursor always moves.
    while (out.length < wanted) {
      let rawCount = 0;
      let lastRaw: Position | null = null;
      const read = this.client.readAll({
        direction: FORWARDS,
        fromPosition: from,
        maxCount: PAGE,
        resolveLinkTos: false,
      });
      for await (const resolved of read) {
        rawCount++;
        const event = resolved.event;
        if (!event) continue;
        lastRaw = event.position;
        const recorded = toRecorded(event);
        if (recorded.position <= floor || isSystem(event) || out.length >= wanted) continue;
        out.push(recorded);
        floor = recorded.position;
      }
      if (rawCount < PAGE || !lastRaw) break;
      from = lastRaw;
    }
    return out;
  }

  async headPosition(): Promise<number> {
    let from: Position | typeof END = END;
    for (;;) {
      let count = 0;
      let lastSeen: Position | null = null;
      const read = this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from,
        maxCount: 100,
        resolveLinkTos: false,
      });
      for await (const resolved of read) {
        count++;
        const event = resolved.event;
        if (!event) continue;
        // Returning ends the for-await, which closes the read (the iterator's return()).
        if (!isSystem(event)) return positionNumber(event.position);
        lastSeen = event.position;
      }
      if (count < 100 || !lastSeen) return 0;
      from = lastSeen;
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new EsdbCatchUp(this.client, translatingOnError(options, translate), () =>
      this.headPosition(),
    );
    return this.subscriptions.track(subscription);
  }

  async ping(): Promise<void> {
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
    for await (const resolved of read) void resolved;
  }

  async close(): Promise<void> {
    await this.subscriptions.stopAll();
    await this.client.dispose();
  }
}

/**
 * One catch-up subscription: the server pushes events; they are buffered into batches (the stream
 * is paused while a full batch waits) and handed over one batch at a time. It goes live on the
 * server's caught-up signal, or — for servers that do not send it — once it has handed over the
 * head position read at start.
 */
class EsdbCatchUp implements Subscription {
  private readonly batchSize: number;
  private last: number;
  private buffer: RecordedEvent[] = [];
  private draining: Promise<void> | null = null;
  private stopped = false;
  private live = false;
  private caughtUp = false;
  private headAtStart: number | null = null;
  private stream: AllStreamSubscription | null = null;
  private readonly started: Promise<void>;

  constructor(
    private readonly client: KurrentDBClient,
    private readonly options: SubscribeOptions,
    headPosition: () => Promise<number>,
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    this.last = options.after ?? 0;
    this.started = headPosition()
      .then((head) => {
        this.headAtStart = head;
        if (!this.stopped) this.open();
        this.kick();
      })
      .catch((error: unknown) => this.fail(error));
  }

  private open(): void {
    const stream = this.client.subscribeToAll({
      fromPosition: fromPositionAfter(this.last),
      filter: excludeSystemEvents(),
      resolveLinkTos: false,
    });
    this.stream = stream;
    stream.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = resolved.event;
      if (this.stopped) return;
      if (!event || isSystem(event)) return;
      const recorded = toRecorded(event);
      const lastQueued = this.buffer.length > 0 ? this.buffer[this.buffer.length - 1]!.position : this.last;
      if (recorded.position <= lastQueued) return;
      this.buffer.push(recorded);
      if (this.buffer.length >= this.batchSize) stream.pause();
      this.kick();
    });
    stream.on('caughtUp', () => {
      this.caughtUp = true;
      this.kick();
    });
    stream.on('error', (error: Error) => this.fail(error));
  }

  private kick(): void {
    if (!this.draining) this.draining = this.drain().finally(() => (this.draining = null));
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchSize);
      try {
        await this.options.onEvents(batch);
      } catch (error) {
        this.fail(error);
        return;
      }
      this.last = batch[batch.length - 1]!.position;
      if (this.stream?.isPaused() && this.buffer.length < this.batchSize) this.stream.resume();
    }
    const reachedHead = this.headAtStart !== null && this.last >= this.headAtStart;
    // The driver's stream is a Transform: 'caughtUp' is emitted when the server says so, while
    // events before it may still wait in the stream's own buffer. Live means both buffers are empty.
    const streamEmpty = this.stream !== null && this.stream.readableLength === 0;
    if (!this.stopped && !this.live && streamEmpty && (this.caughtUp || reachedHead)) {
      this.live = true;
      try {
        this.options.onLive?.();
      } catch (error) {
        this.fail(error);
      }
    }
  }

  private fail(error: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    void this.stream?.unsubscribe().catch(() => undefined);
    try {
      this.options.onError?.(error);
    } catch {
      // The error handler must not throw into the driver's event emitter.
    }
  }

  /** Waits for the batch in flight; a handler stopping its own subscription must not await it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.started.catch(() => undefined);
    await this.stream?.unsubscribe().catch(() => undefined);
    await this.draining;
  }
}

// The client's errors (unavailable, not leader, deadline exceeded …) leave the adapter as faults.
guardMethods(EsdbEventStore.prototype, ['append', 'readStream', 'readAll', 'headPosition', 'ping'], translate);
