/**
 * Structured logs: one JSON object per line on stdout (stderr for errors), so a log shipper can
 * index them. Callers pass fields, never request bodies or secrets.
 */
import type { Logger } from './deps';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface LoggerOptions {
  level?: LogLevel;
  /** Where a finished line goes (tests capture lines here); default stdout/stderr. */
  write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void;
  fields?: Record<string, unknown>;
}

function defaultWrite(line: string, level: Exclude<LogLevel, 'silent'>): void {
  (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
}

/** Errors are not JSON-serialisable as they are; keep name, message and stack. */
function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const min = rank[options.level ?? 'info'];
  const write = options.write ?? defaultWrite;
  const base = options.fields ?? {};
  const emit = (level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>): void => {
    if (rank[level] < min) return;
    const line = { time: new Date().toISOString(), level, msg, ...base, ...(fields ? serialise(fields) : {}) };
    let text: string;
    try {
      text = JSON.stringify(line);
    } catch {
      text = JSON.stringify({ time: line.time, level, msg, ...base, note: 'fields not serialisable' });
    }
    write(text, level);
  };
  return {
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  };
}
