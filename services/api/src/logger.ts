/**
 * Structured logs through pino: one JSON object per line on stdout (stderr for errors), so a log
 * shipper can index them. Behind the small Logger interface the rest of the code uses.
 *
 * - Every line written while a request is handled carries its `requestId` (an AsyncLocalStorage
 *   context the request-id middleware opens), wherever in the call chain the line is written.
 * - Errors keep what an operator needs: name, message, `code`, stack, their `cause` chain and the
 *   errors of an AggregateError.
 * - Secrets never reach a line: fields named like a password, token, key, cookie or secret are
 *   replaced, and e-mail addresses anywhere in a line (fields or message) are replaced by a short
 *   hash of the normalised address (the same hash the sign-in failure lines use), so lines about
 *   one account can still be correlated.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { pino, type DestinationStream, type Level } from 'pino';
import type { Logger } from './deps';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type LineLevel = Exclude<LogLevel, 'silent'>;

export interface LoggerOptions {
  level?: LogLevel;
  /** Where a finished line goes (tests capture lines here); default stdout, errors to stderr. */
  write?: (line: string, level: LineLevel) => void;
  fields?: Record<string, unknown>;
}

/** Fields added to every line written inside `withLogContext` (the request id). */
const context = new AsyncLocalStorage<Record<string, unknown>>();

export function withLogContext<T>(fields: Record<string, unknown>, run: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, run);
}

const SECRET_KEY = /pass(word|phrase)?$|secret|token|api[-_]?key|^key$|authorization|cookie|session[-_]?id|signature/i;
const EMAIL =
  /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+/g;
const MAX_DEPTH = 8;

/** `[email sha256:0123456789abcdef]`: the first 16 hex digits of SHA-256 of the lower-cased address. */
export function redactEmails(text: string): string {
  return text.replace(
    EMAIL,
    (address) =>
      `[email sha256:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 16)}]`,
  );
}

function serialiseError(error: Error, depth: number, seen: Set<unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { type: error.name, message: redactEmails(error.message) };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  // Own fields a library put on the error (status, errno, syscall …), redacted like any field.
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'cause' && key !== 'errors' && !(key in out)) out[key] = clean(key, value, depth + 1, seen);
  }
  if (error.stack) out.stack = redactEmails(error.stack);
  if (error.cause !== undefined) out.cause = clean('cause', error.cause, depth + 1, seen);
  if (error instanceof AggregateError) out.errors = clean('errors', error.errors, depth + 1, seen);
  return out;
}

/** A copy of a field value that is safe to log: errors serialised, secrets and e-mails replaced. */
function clean(key: string, value: unknown, depth: number, seen: Set<unknown>): unknown {
  if (SECRET_KEY.test(key) && value !== null && value !== undefined && typeof value !== 'boolean') return '[redacted]';
  if (typeof value === 'string') return redactEmails(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object')
    return typeof value === 'function' || typeof value === 'symbol' ? String(value) : value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (value instanceof Error) return serialiseError(value, depth, seen);
    if (value instanceof Date) return value.toISOString();
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (Array.isArray(value)) return value.slice(0, 100).map((v) => clean('', v, depth + 1, seen));
    if (value instanceof Map) return clean(key, Object.fromEntries(value), depth, new Set());
    if (value instanceof Set) return clean(key, [...value], depth, new Set());
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = clean(k, v, depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

export function cleanFields(fields: Record<string, unknown>): Record<string, unknown> {
  return clean('', fields, 0, new Set()) as Record<string, unknown>;
}

function destination(options: LoggerOptions): DestinationStream {
  const write = options.write;
  if (write) {
    return {
      write(chunk: string) {
        const line = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk;
        const level = (/"level":"(debug|info|warn|error)"/.exec(line)?.[1] ?? 'info') as LineLevel;
        write(line, level);
      },
    };
  }
  // Errors (and above) go to stderr only, everything else to stdout.
  return pino.multistream(
    [
      { level: 'debug', stream: pino.destination({ fd: 1, sync: true }) },
      { level: 'error', stream: pino.destination({ fd: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

function wrap(p: pino.Logger): Logger {
  const emit = (level: Level, msg: string, fields?: Record<string, unknown>) => {
    if (!p.isLevelEnabled(level)) return;
    p[level](fields ? cleanFields(fields) : {}, redactEmails(msg));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => wrap(p.child(cleanFields(fields))),
  };
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const root = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => context.getStore() ?? {},
    },
    destination(options),
  );
  return wrap(options.fields ? root.child(cleanFields(options.fields)) : root);
}

/** Writes nothing (tests, and callers that do not log). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLogger };
