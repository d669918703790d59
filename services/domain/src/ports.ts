/**
 * The write side's ports. Drivers live only in services/adapters; everything else sees these.
 *
 * Positions and revisions are plain numbers: stream revisions start at 0, global positions are
 * strictly increasing in commit order (an adapter maps its driver's own position onto this).
 */
import type { DrawnTable } from '@jsonable/contracts/alt-text';
import type { RecordedEvent } from '@jsonable/contracts/events';
import type { ImageFormat } from '@jsonable/contracts/formats';
import type { ImageFile } from '@jsonable/contracts/image-files';
import type { CanonicalTableRequest } from '@jsonable/contracts/table-request';

export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Unique event id (uuid). Appending the same ids again at the same expected revision appends nothing. */
  id: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

/** An event as the store recorded it: one definition, shared with the read side (contracts). */
export type { RecordedEvent };

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last event appended (or of the already-present last event on an idempotent retry). */
  position: number;
}

export interface ReadAllOptions {
  /** Exclusive: only events with position > after. Omit to read from the start. */
  after?: number;
  /** At most this many events (adapters may cap it). */
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive start position (a stored checkpoint); omit to start at the beginning. */
  after?: number;
  /** Called with batches of events in commit order; the next batch waits until it resolves. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** Called once when the subscription has caught up with the log and is live. */
  onLive?(): void;
  /** Called when the subscription stops because of an error (it is not retried by the adapter). */
  onError?(error: unknown): void;
  /** Largest batch handed to onEvents. */
  batchSize?: number;
}

export interface Subscription {
  /**
   * Ends delivery: no batch starts after this call, and the promise resolves once the batch in
   * flight (if any) has been handled. A handler may stop its own subscription from inside
   * onEvents or onLive, but must not await the promise there: it resolves only after that
   * handler has returned.
   */
  stop(): Promise<void>;
}

export interface EventStore {
  /** Throws ConcurrencyError when `expected` does not match the stream. */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Forward read; empty array for a stream that does not exist. */
  readStream(stream: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** Forward read of the whole log in commit order (system events of the server excluded). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to the whole log that goes live and keeps delivering new events. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  /** Cheap health check; throws when the store does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BlobInfo {
  key: string;
  contentType: string;
  length: number;
  metadata: Record<string, string>;
  createdAt: string;
}

export interface BlobStore {
  /** Stores bytes under key, replacing nothing: a put to an existing key overwrites atomically. */
  put(key: string, bytes: Uint8Array, contentType: string, metadata?: Record<string, string>): Promise<BlobInfo>;
  /** null when there is no such blob. */
  get(key: string): Promise<{ info: BlobInfo; stream: NodeJS.ReadableStream } | null>;
  head(key: string): Promise<BlobInfo | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with prefix (for sweeping orphans and expired files). */
  list(prefix: string): AsyncIterable<BlobInfo>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Free-form tag (e.g. 'magic-link') for logs and the outbox file name. */
  tag?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export interface Ids {
  /** A new random uuid (v4). */
  uuid(): string;
  /** A url-safe random secret of `bytes` random bytes (base64url). */
  secret(bytes?: number): string;
}

/** What the table engine (services/render) gives back for one table. */
export interface RenderOutput extends ImageFile {
  bytes: Uint8Array;
  /** e.g. a cell image that could not be fetched and was drawn as a placeholder. */
  warnings: string[];
  /** The text as drawn (issue #25: alt text, CSV and HTML twins); absent from stand-in renderers. */
  drawn?: DrawnTable;
  /**
   * options.split (issue #25): every image of the split, in order (the first is this output's own
   * fields); absent when the table was not split.
   */
  pages?: RenderOutput[];
}

export interface RenderInput {
  /** The table request, parsed once at the API's door (issue #27): every alias folded. */
  request: CanonicalTableRequest;
  /** The project's saved default styles (request → project defaults → system defaults). */
  projectStyles?: Record<string, unknown> | null;
  /** Forces a format over the request's own (request.format). */
  format?: ImageFormat;
  /** What the table's cell images may decode to and weigh in all (default imageBudgets.table). */
  imageBudget?: { pixels: number; bytes: number };
  /** Images the caller's allowance has left: a split into more is refused (402) before painting. */
  maxImages?: number | null;
}

/**
 * The table engine behind a worker pool. Bad input throws an error whose `status` is 400 or 413
 * and whose message is meant for the user; a render that runs away fails alone.
 */
export interface TableRenderer {
  /**
   * `lane` names who asked (`account:{userId}`, `ip:{address}`): the pool keeps one lane's renders
   * in order and lets lanes take turns, so one client's flood delays that client only.
   */
  render(input: RenderInput, options?: { lane?: string | undefined }): Promise<RenderOutput>;
  close(): Promise<void>;
}
