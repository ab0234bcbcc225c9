/**
 * The project's one worker pool (worker_threads). Generic: a pool runs tasks of one worker module,
 * whose code calls `serveTasks(handler)`. Tasks are queued and handed to the first idle worker; a
 * task's result (or error) comes back as a promise. SharedArrayBuffers in a task are shared, not
 * copied, so kernels can fill one table from several threads.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { InputError, InterruptedError, LimitError } from './errors.js';
import type { LimitName } from './limits.js';

interface Pending<R> {
  resolve(result: R): void;
  reject(error: Error): void;
}

interface Queued<T, R> extends Pending<R> {
  task: T;
}

interface Reply<R> {
  id: number;
  result?: R;
  error?: { name: string; message: string; limit?: LimitName };
}

/** The default number of threads: the machine's cores. */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

export class WorkerPool<T, R> {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Queued<T, R>[] = [];
  private readonly running = new Map<Worker, { id: number } & Pending<R>>();
  private nextId = 0;
  private closed = false;

  /** `module` is the compiled worker file (e.g. `new URL('./my-worker.js', import.meta.url)`). */
  constructor(
    module: URL,
    readonly size: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a pool needs at least one thread, got ${size}`);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(module);
      worker.on('message', (reply: Reply<R>) => this.settle(worker, reply));
      worker.on('error', (e) => this.fail(worker, e));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(worker, new Error(`worker exited with code ${code}`));
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** Runs one task on the next free worker. */
  run(task: T): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  /** Runs every task, at most `size` at a time; results in task order. */
  runAll(tasks: T[], onResult?: (result: R, index: number) => void): Promise<R[]> {
    return Promise.all(
      tasks.map((t, i) =>
        this.run(t).then((r) => {
          onResult?.(r, i);
          return r;
        }),
      ),
    );
  }

  /** Stops every worker; queued tasks are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error('the worker pool was closed'));
    for (const [, p] of this.running) p.reject(new Error('the worker pool was closed'));
    this.running.clear();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const { task, resolve, reject } = this.queue.shift()!;
      const id = this.nextId++;
      this.running.set(worker, { id, resolve, reject });
      worker.postMessage({ id, task });
    }
  }

  private settle(worker: Worker, reply: Reply<R>): void {
    const p = this.running.get(worker);
    if (!p || p.id !== reply.id) return;
    this.running.delete(worker);
    this.idle.push(worker);
    if (reply.error) {
      const { name, message, limit } = reply.error;
      p.reject(Object.assign(new Error(message), { name }, limit === undefined ? {} : { limit }));
    } else {
      p.resolve(reply.result as R);
    }
    this.dispatch();
  }

  private fail(worker: Worker, e: Error): void {
    const p = this.running.get(worker);
    this.running.delete(worker);
    p?.reject(e);
    // A dead worker takes no more tasks; the rest of the pool goes on.
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
    const j = this.workers.indexOf(worker);
    if (j >= 0) this.workers.splice(j, 1);
    if (this.workers.length === 0) {
      for (const q of this.queue.splice(0)) q.reject(new Error(`no worker left: ${e.message}`));
    }
  }
}

/** Worker side: answers each task message with handler(task). Call once at the top of a worker module. */
export function serveTasks<T, R>(handler: (task: T) => R | Promise<R>): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks must run inside a worker thread');
  const port = parentPort;
  port.on('message', async ({ id, task }: { id: number; task: T }) => {
    try {
      port.postMessage({ id, result: await handler(task) });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      const limit = err instanceof LimitError ? { limit: err.limit } : {};
      port.postMessage({ id, error: { name: err.name, message: err.message, ...limit } });
    }
  });
}

/**
 * A worker's error comes back as name + message only: give the library's typed errors their class again, so
 * the CLI maps them to the right exit code. `interruptedPartial` is what an interruption kept, if anything.
 */
export function retypeWorkerError(e: unknown, interruptedPartial?: unknown): unknown {
  if (!(e instanceof Error) || e instanceof InterruptedError || e instanceof LimitError) return e;
  if (e.name === 'InterruptedError') return new InterruptedError(interruptedPartial);
  const { limit } = e as { limit?: LimitName };
  if (e.name === 'LimitError' && limit !== undefined) return new LimitError(e.message, limit);
  if (['InputError', 'PositionError', 'SpecError', 'CycleError'].includes(e.name)) return new InputError(e.message);
  return e;
}
