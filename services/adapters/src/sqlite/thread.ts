/**
 * A helper thread of an SQLite store (the document store's writer, the event store's reader):
 * a worker with its own connection to the store's file, started on first use, sent messages and
 * answering with `{ id, … }`. It is referenced only while an answer is awaited, so it never keeps
 * a process alive by itself; if it dies, everything awaited fails and the next use starts another.
 */
import { Worker } from 'node:worker_threads';

export interface ThreadReply {
  id: number;
}

export class SqliteThread<Reply extends ThreadReply> {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(
    /** A plain JavaScript module (no TypeScript loader is registered in the thread). */
    private readonly entry: URL,
    private readonly workerData: unknown,
    /** Names the thread in errors, e.g. "the document store's writer thread". */
    private readonly name: string,
  ) {}

  /**
   * A new exchange: `post` sends messages (the first starts the thread), `reply` settles with the
   * answer carrying `id`, or rejects if the thread dies first.
   */
  open(): { id: number; reply: Promise<Reply>; post: (message: Record<string, unknown>) => void } {
    const worker = this.start();
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    worker.ref();
    return { id, reply, post: (message) => worker.postMessage({ ...message, id }) };
  }

  /** Sends a message that gets no answer (it starts the thread when needed). */
  notify(message: Record<string, unknown>): void {
    this.start().postMessage(message);
  }

  /** Ends the thread; call once nothing is awaited any more. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage({ type: 'close' });
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, {
      workerData: this.workerData,
      // A parent started with `--import tsx` need not load it again: the thread is plain JavaScript.
      execArgv: [],
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      waiter.resolve(reply);
    });
    const stopped = (why: string): void => {
      if (this.worker === worker) this.worker = null;
      const waiters = [...this.waiting.values()];
      this.waiting.clear();
      for (const w of waiters) w.reject(new Error(`${this.name} stopped (${why})`));
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}
