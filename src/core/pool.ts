/**
 * The project's one worker pool (worker_threads). Generic: a pool runs tasks of one worker module,
 * whose code calls `serveTasks(handler)`. It keeps no waiting line: a task goes to an idle worker (or a new
 * one, up to `size`) at once, and `runAll` hands its tasks out as workers come free. Jobs that wait for a
 * worker wait in the job runner's line (core/jobs.ts), which knows their places, its cap and their
 * cancels. A task's result (or error) comes back as a promise, and what the handler posts while it works
 * (items, labels) comes to the task's `onMessage` first, in order: one port carries both. SharedArrayBuffers in a
 * task are shared, not copied, so kernels can fill one table from several threads and a caller can raise a
 * stop flag that a busy worker reads (core/stop.ts).
 *
 * Workers start when there is work and stay for the next task. A worker that dies (an uncaught error, out
 * of memory, `process.exit` in a task) or that is ended from outside (`RunningTask.terminate`) is replaced
 * by a new one on the next task; its task rejects with a WorkerExitError saying why, never hangs.
 */
import { Worker, isMainThread, parentPort, type ResourceLimits } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { CycleError, InputError, InterruptedError, LimitError, PositionError, SpecError } from './errors.js';
import type { LimitName } from './limits.js';

/** A thrown value as data, enough to give it its class again on the other side (see `errorFromInfo`). */
export interface ErrorInfo {
  name: string;
  message: string;
  /** LimitError: the limit's name. */
  limit?: LimitName;
  /** SpecError / PositionError: the text, the column and the reason. */
  spec?: string;
  text?: string;
  column?: number;
  reason?: string;
  /** CycleError: the positions of the cycle. */
  cycle?: string[];
}

/** What a worker posts: a message of the running task, or its end. */
type FromWorker<R, M> = { id: number; message: M } | { id: number; result: R } | { id: number; error: ErrorInfo };

/**
 * Why a task's worker ended before the task did.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export class WorkerExitError extends Error {
  constructor(
    message: string,
    /** 'terminated': ended from outside; 'memory': V8's heap limit; 'crash': an uncaught error; 'exit': process.exit. */
    readonly why: 'terminated' | 'memory' | 'crash' | 'exit',
  ) {
    super(message);
    this.name = 'WorkerExitError';
  }
}

/** The default number of threads: the machine's cores. */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

export interface PoolOptions {
  /** Heap limits of each worker (V8's defaults otherwise); a worker past them dies and its task fails. */
  resourceLimits?: ResourceLimits;
}

/** A task handed to the pool: its result, and a way to end it at once. */
export interface RunningTask<R> {
  readonly result: Promise<R>;
  /** Ends the task's worker now; the result rejects with WorkerExitError. */
  terminate(): Promise<void>;
}

interface Task<T, R, M> {
  id: number;
  task: T;
  onMessage: ((m: M) => void) | undefined;
  resolve(result: R): void;
  reject(error: Error): void;
  worker?: Worker;
  /** Set when the task is being ended from outside. */
  terminating?: boolean;
}

export class WorkerPool<T, R, M = never> {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Task<T, R, M>>();
  private nextId = 0;
  private closed = false;

  /** `module` is the compiled worker file (e.g. `new URL('./my-worker.js', import.meta.url)`). */
  constructor(
    private readonly module: URL,
    readonly size: number,
    private readonly options: PoolOptions = {},
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a pool needs at least one thread, got ${size}`);
  }

  /** Workers free for a task now: idle ones, and the ones not started yet. */
  get free(): number {
    return this.idle.length + this.size - this.workers.size;
  }

  /** Runs one task on a free worker; `onMessage` gets what the handler posts while it works. */
  run(task: T, onMessage?: (m: M) => void): Promise<R> {
    return this.start(task, onMessage).result;
  }

  /**
   * Like run, with a handle to end the task at once. A task needs a free worker (`free` > 0): the caller
   * that starts more than `size` at once keeps its own line (the job runner does; `runAll` below).
   */
  start(task: T, onMessage?: (m: M) => void): RunningTask<R> {
    let entry!: Task<T, R, M>;
    const result = new Promise<R>((resolve, reject) => {
      entry = { id: this.nextId++, task, onMessage, resolve, reject };
    });
    if (this.closed) entry.reject(new Error('the worker pool is closed'));
    else if (this.free === 0) entry.reject(new Error(`all ${this.size} workers of the pool are busy`));
    else this.post(entry);
    return { result, terminate: () => this.terminate(entry) };
  }

  /**
   * Runs the tasks, as many at once as the pool has workers (each takes the next task when it is done with
   * one), and none after `stopped()`: a stop waits only for the tasks running. The first failure rejects.
   */
  async runAll(tasks: T[], onResult?: (result: R, index: number) => void, stopped: () => boolean = () => false): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < tasks.length && !stopped()) {
        const i = next++;
        onResult?.(await this.run(tasks[i]!), i);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.size, tasks.length)) }, lane));
  }

  /** Stops every worker; running tasks are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const [, t] of this.running) t.reject(new Error('the worker pool was closed'));
    this.running.clear();
    const all = [...this.workers];
    this.workers.clear();
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }

  private async terminate(entry: Task<T, R, M>): Promise<void> {
    const worker = entry.worker;
    if (!worker || this.running.get(worker) !== entry) return;
    entry.terminating = true;
    // The 'exit' handler rejects the task and forgets the worker.
    await worker.terminate();
  }

  private spawn(): Worker {
    // Flags about the main script (e.g. --input-type of `node -e`) mean nothing to a worker file.
    const worker = new Worker(this.module, {
      execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    let failure: Error | undefined;
    worker.on('message', (m: FromWorker<R, M>) => this.receive(worker, m));
    worker.on('error', (e) => (failure = e));
    worker.on('exit', (code) => this.exited(worker, code, failure));
    this.workers.add(worker);
    return worker;
  }

  private post(entry: Task<T, R, M>): void {
    const worker = this.idle.pop() ?? this.spawn();
    entry.worker = worker;
    this.running.set(worker, entry);
    // A busy worker keeps the process alive (the caller awaits it); an idle one does not.
    worker.ref();
    worker.postMessage({ id: entry.id, task: entry.task });
  }

  private receive(worker: Worker, m: FromWorker<R, M>): void {
    const entry = this.running.get(worker);
    if (!entry || entry.id !== m.id) return;
    if ('message' in m) {
      entry.onMessage?.(m.message);
      return;
    }
    this.running.delete(worker);
    this.idle.push(worker);
    worker.unref();
    if ('error' in m) entry.reject(errorFromInfo(m.error));
    else entry.resolve(m.result);
  }

  private exited(worker: Worker, code: number, failure: Error | undefined): void {
    this.workers.delete(worker);
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
    const entry = this.running.get(worker);
    this.running.delete(worker);
    // The next task gets a new worker.
    if (entry && !this.closed) entry.reject(exitError(entry, code, failure));
  }
}

function exitError(entry: { terminating?: boolean }, code: number, failure: Error | undefined): WorkerExitError {
  if (entry.terminating) return new WorkerExitError('the task was ended from outside', 'terminated');
  const why = failure as (Error & { code?: string }) | undefined;
  if (why?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new WorkerExitError('its worker thread ran out of memory', 'memory');
  if (why) return new WorkerExitError(`its worker thread crashed: ${why.message.split('\n')[0]}`, 'crash');
  return new WorkerExitError(`its worker thread exited (code ${code}) without an answer`, 'exit');
}

/**
 * Worker side: answers each task message with handler(task, post); `post` sends a message to the task's
 * caller at once (it arrives before the answer). Call once at the top of a worker module.
 */
export function serveTasks<T, R, M = never>(handler: (task: T, post: (m: M) => void) => R | Promise<R>): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks must run inside a worker thread');
  const port = parentPort;
  port.on('message', async ({ id, task }: { id: number; task: T }) => {
    try {
      const result = await handler(task, (message) => port.postMessage({ id, message }));
      port.postMessage({ id, result });
    } catch (e) {
      port.postMessage({ id, error: errorInfo(e) });
    }
  });
}

/** A thrown value as data (the message's first line), with the fields that give the library's errors their class again. */
export function errorInfo(e: unknown): ErrorInfo {
  const err = e instanceof Error ? e : new Error(String(e));
  const info: ErrorInfo = { name: err.name, message: err.message.split('\n')[0]! };
  if (err instanceof LimitError) info.limit = err.limit;
  if (err instanceof SpecError) Object.assign(info, { spec: err.spec, column: err.column, reason: err.reason });
  if (err instanceof PositionError) Object.assign(info, { text: err.text, column: err.column, reason: err.reason });
  if (err instanceof CycleError) info.cycle = err.cycle;
  return info;
}

/**
 * The library's typed error again from its data, so the CLI maps it to the right exit code: SpecError,
 * PositionError, CycleError and LimitError with their fields; other bad input as InputError; anything
 * else an Error of the same name and message.
 */
export function errorFromInfo(info: ErrorInfo): Error {
  const { name, message } = info;
  if (name === 'SpecError' && info.spec !== undefined) return new SpecError(info.spec, info.column ?? 0, info.reason ?? '');
  if (name === 'PositionError' && info.text !== undefined) return new PositionError(info.text, info.column ?? 0, info.reason ?? '');
  if (name === 'CycleError' && info.cycle) return new CycleError(info.cycle);
  if (name === 'LimitError' && info.limit !== undefined) return new LimitError(message, info.limit);
  if (name === 'InterruptedError') return new InterruptedError();
  if (['InputError', 'SpecError', 'PositionError', 'CycleError', 'FlagError'].includes(name)) return new InputError(message);
  return Object.assign(new Error(message), { name });
}
