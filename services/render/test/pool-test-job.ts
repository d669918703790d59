/**
 * A job module for the pool tests: behaves as the payload asks (echo, spin forever, crash,
 * exhaust memory, throw a user error), so the pool's failure handling can be tested without the
 * engine. It is a real module loaded by real worker threads; nothing in the pool is faked.
 */
import { resourceLimits, threadId } from 'node:worker_threads';
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import type { JobContext } from '../src/pool/protocol';

let warmUps = 0;
/** Renders running in this worker right now (the pool must never run two at once). */
let running = 0;

export async function warmUp(): Promise<void> {
  warmUps++;
  // A slow start (the pool tests' stand-in for loading fonts on a loaded machine).
  const ms = Number(process.env.POOL_TEST_WARMUP_MS ?? 0);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a job is asked to do, sent in place of the table request (poolJob). */
export type Payload = {
  echo?: string;
  bytes?: number;
  spin?: boolean;
  exit?: boolean;
  throwLater?: boolean;
  allocate?: boolean;
  fail?: { status?: number; message: string; name?: string };
  delayMs?: number;
  /** Answer the worker's own V8 limits (as JSON) instead of `echo`. */
  limits?: boolean;
  /**
   * Reserve this many MB of the pool's memory budget before the rest, and hold them (as the
   * ledger's count) until the job ends. The ledger is shared by every worker: [MB held now by all
   * jobs, the most ever held at once].
   */
  reserveMb?: number;
  ledger?: Int32Array;
};

class InputError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

export async function render(input: RenderInput, job: JobContext): Promise<RenderOutput> {
  running++;
  const p = (input.request ?? {}) as Payload;
  let held = 0;
  try {
    if (p.reserveMb !== undefined) {
      await job.reserveMemory(p.reserveMb);
      held = p.reserveMb;
      if (p.ledger) {
        const now = Atomics.add(p.ledger, 0, held) + held;
        for (let most = Atomics.load(p.ledger, 1); now > most; most = Atomics.load(p.ledger, 1))
          if (Atomics.compareExchange(p.ledger, 1, most, now) === most) break;
      }
    }
    return await renderJob(input, running);
  } finally {
    if (held && p.ledger) Atomics.sub(p.ledger, 0, held);
    running--;
  }
}

async function renderJob(input: RenderInput, concurrent: number): Promise<RenderOutput> {
  const p = (input.request ?? {}) as Payload;
  if (p.spin) for (;;);
  if (p.exit) process.exit(3);
  if (p.throwLater) {
    setTimeout(() => {
      throw new Error('boom');
    });
    await new Promise(() => {});
  }
  if (p.allocate) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
  }
  if (p.fail) {
    const error = new InputError(p.fail.status, p.fail.message);
    if (p.fail.name) error.name = p.fail.name;
    throw error;
  }
  if (p.delayMs) await new Promise((resolve) => setTimeout(resolve, p.delayMs));
  const bytes = p.bytes
    ? new Uint8Array(p.bytes).fill(7)
    : Buffer.from(p.limits ? JSON.stringify(resourceLimits) : (p.echo ?? ''));
  return {
    bytes,
    format: input.format ?? 'png',
    contentType: 'application/octet-stream',
    width: threadId,
    height: warmUps,
    size: bytes.byteLength,
    rows: concurrent,
    columns: Date.now() % 1_000_000,
    title: p.echo ?? null,
    warnings: [],
  };
}

/** A render input carrying `job`'s commands instead of a table (this module reads them back). */
export function poolJob(job: Payload): RenderInput {
  // styles and options as a canonical request has them: the pool estimates a render's cost from them.
  return { request: { styles: {}, options: {}, ...job } as unknown as RenderInput['request'] };
}
