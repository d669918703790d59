/**
 * A render worker: imports its job module, warms it up once (fonts, caches), then renders one
 * job at a time, in the order they arrive. The output bytes are transferred, not copied, back to
 * the main thread.
 */
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type {
  JobContext,
  JobRequest,
  PoolMessage,
  RenderJobModule,
  SerializedError,
  WorkerData,
  WorkerMessage,
} from './protocol';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

const data = workerData as WorkerData;

function serialize(error: unknown): SerializedError {
  if (error instanceof Error) {
    const { status, code } = error as Error & { status?: unknown; code?: unknown };
    return {
      name: error.name,
      message: error.message,
      ...(typeof status === 'number' ? { status } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { name: 'Error', message: String(error) };
}

function post(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

/** The output as a Uint8Array over an ArrayBuffer of its own, which can then be transferred. */
function transferable(bytes: Uint8Array): { bytes: Uint8Array; buffer: ArrayBuffer } {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return { bytes, buffer };
  }
  // A view into a shared pool (e.g. a small Buffer) cannot be detached: one copy, here.
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  return { bytes: own, buffer: own.buffer };
}

// On Linux a nice value is per thread: pid 0 is this worker thread alone, not the process (on
// other systems it would be the whole process, so it is left alone there).
if (data.niceness > 0 && process.platform === 'linux') {
  try {
    setPriority(data.niceness);
  } catch {
    /* not permitted here */
  }
}

let job: RenderJobModule;
try {
  job = (await import(data.jobModule)) as RenderJobModule;
  await job.warmUp?.();
} catch (error) {
  post({ type: 'startup-failed', error: serialize(error) });
  throw error;
}

/** Memory reservations waiting for the pool's answer, by job id. */
const reservations = new Map<number, { resolve(): void; reject(error: Error): void }>();

/**
 * A full collection at the end of a render that reserved at least COLLECT_AFTER_MB, before it
 * answers (so before the pool gives its reservation to another render): its pixel copies, filtered
 * rows and deflate buffers are ArrayBuffers freed only when V8 collects them, and an idle worker
 * does not collect (nor shrink a heap a PDF grew), so without it they would stay until the worker's
 * next render. `--expose-gc` set now applies to contexts made from here on.
 */
const COLLECT_AFTER_MB = 64;
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function context(id: number, reserved: { mb: number }): JobContext {
  let asked = false;
  return {
    reserveMemory(mb) {
      // One reservation per render: a render that held memory and waited for more could wait on
      // another that does the same.
      if (asked) return Promise.reject(new Error('reserveMemory called twice for one render'));
      asked = true;
      reserved.mb = mb;
      return new Promise<void>((resolve, reject) => {
        reservations.set(id, { resolve, reject });
        post({ type: 'reserve', id, mb });
      });
    },
  };
}

async function run({ id, input }: JobRequest): Promise<void> {
  const reserved = { mb: 0 };
  const collectIfLarge = () => {
    if (reserved.mb >= COLLECT_AFTER_MB) collect();
  };
  try {
    const output = await job.render(input, context(id, reserved));
    collectIfLarge();
    const { bytes, buffer } = transferable(output.bytes);
    try {
      post({ type: 'done', id, output: { ...output, bytes } }, [buffer]);
    } catch {
      // Some native-backed buffers cannot be detached; send a copy instead of failing the job.
      const copy = new Uint8Array(bytes);
      post({ type: 'done', id, output: { ...output, bytes: copy } }, [copy.buffer]);
    }
  } catch (error) {
    collectIfLarge();
    post({ type: 'failed', id, error: serialize(error) });
  }
}

// The pool may send the next job before this one is done (so that no worker waits on the main
// thread between jobs); they still run one after the other, in the order sent.
let tail = Promise.resolve();
port.on('message', (message: PoolMessage) => {
  if (message.type === 'memory') {
    const waiting = reservations.get(message.id);
    reservations.delete(message.id);
    if (message.granted) waiting?.resolve();
    else waiting?.reject(Object.assign(new Error('Renderer busy, try again'), { status: 503, code: 'busy' }));
    return;
  }
  tail = tail.then(() => run(message));
});

post({ type: 'ready' });
