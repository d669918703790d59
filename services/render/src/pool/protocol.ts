/** Messages between the pool (main thread) and a render worker. */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';

/** What a worker's job module exports (the engine in production, a fixture in tests). */
export interface RenderJobModule {
  /** Runs once when the worker starts (font registration, a warm-up render). */
  warmUp?(): Promise<void> | void;
  render(input: RenderInput, job: JobContext): Promise<RenderOutput>;
}

/** What the pool gives a running job. */
export interface JobContext {
  /**
   * Reserves `mb` of the pool's memory budget for this render, waiting until it fits; call it once,
   * before the render's memory is taken (the pool gives it back when the render ends). It rejects
   * when the render waited too long (the pool has then answered 503 busy).
   */
  reserveMemory(mb: number): Promise<void>;
}

export interface WorkerData {
  /** file: URL of the job module to import. */
  jobModule: string;
  /** The nice value the worker thread sets for itself before it loads anything. */
  niceness: number;
}

export interface JobRequest {
  type: 'render';
  id: number;
  input: RenderInput;
}

/** Messages to a worker: a job, or the answer to a job's memory reservation. */
export type PoolMessage = JobRequest | { type: 'memory'; id: number; granted: boolean };

export interface SerializedError {
  name: string;
  message: string;
  status?: number;
  code?: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'startup-failed'; error: SerializedError }
  | { type: 'reserve'; id: number; mb: number }
  | { type: 'done'; id: number; output: RenderOutput }
  | { type: 'failed'; id: number; error: SerializedError };
