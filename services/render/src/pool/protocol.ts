/** Messages between the pool (main thread) and a render worker. */
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';

/** What a worker's job module exports (the engine in production, a fixture in tests). */
export interface RenderJobModule {
  /** Runs once when the worker starts (font registration, a warm-up render). */
  warmUp?(): Promise<void> | void;
  render(input: RenderInput): Promise<RenderOutput>;
}

export interface WorkerData {
  /** file: URL of the job module to import. */
  jobModule: string;
  /** The nice value the worker thread sets for itself before it loads anything. */
  niceness: number;
}

export interface JobRequest {
  id: number;
  input: RenderInput;
}

export interface SerializedError {
  name: string;
  message: string;
  status?: number;
  code?: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'startup-failed'; error: SerializedError }
  | { type: 'done'; id: number; output: RenderOutput }
  | { type: 'failed'; id: number; error: SerializedError };
