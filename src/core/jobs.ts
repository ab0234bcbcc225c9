/**
 * The one job runner (ARCHITECTURE.md): a registry of named jobs, each `(args, ctx) => result` with
 * `ctx = { signal, onProgress, emit }`, run on the one worker pool (pool.ts) for the command line, the
 * explorer and census workers alike.
 *
 * The cancellation contract. A job reads `ctx.signal` between steps; raising it (RunOptions.signal) asks the
 * job to stop and keep what it finished: the library throws InterruptedError with its partial result, which
 * the job's `keep` turns into the job's own typed shape. Ending a job at once (RunOptions.kill, or `graceMs`
 * after a stop) ends its worker thread, which the pool replaces; then only the items the job emitted are
 * kept. A worker that dies by itself fails its job with a one-line error, never a hang.
 *
 * The stop flag and the progress travel through shared memory (core/stop.ts): a worker busy in a kernel
 * reads no message. Emitted items travel on the worker's port, in order and before the job's end, so a job
 * ended from outside still delivers every item it emitted.
 */
import { InterruptedError, LimitError } from './errors.js';
import type { LimitName } from './limits.js';
import { WorkerExitError, WorkerPool, serveTasks, type PoolOptions } from './pool.js';
import { flagSignal, raiseStop } from './stop.js';

export interface JobContext {
  /** Raised when the job should stop and keep what it finished (read it between steps; it fires no events). */
  readonly signal: AbortSignal;
  /** How far the job is: `done` of `total`, with an optional label (e.g. the current length). */
  onProgress(done: number, total: number, label?: string): void;
  /** Hands one item to the caller now: it arrives even if the job is later ended from outside. */
  emit(item: unknown): void;
}

/**
 * A job: its work, and what an interruption or a limit keeps of it. `keep` reads the library's partial
 * result (thrown with InterruptedError or LimitError, in the worker) into the job's typed partial P, a value
 * that survives the trip between threads; without `keep` nothing but the emitted items is kept.
 */
export interface Job<A, R, P = never> {
  run(args: A, ctx: JobContext): R | Promise<R>;
  keep?(partial: unknown, args: A): P | undefined;
}

/** A job with its types inferred from its definition. */
export function job<A, R, P = never>(definition: Job<A, R, P>): Job<A, R, P> {
  return definition;
}

export type Registry = Record<string, Job<any, any, any>>;
export type ArgsOf<J> = J extends Job<infer A, any, any> ? A : never;
export type ResultOf<J> = J extends Job<any, infer R, any> ? Awaited<R> : never;
export type PartialOf<J> = J extends Job<any, any, infer P> ? P : never;

/**
 * How a job ended (the shape of fast-check's RunDetails): it finished, it was stopped on request, or it hit
 * a limit; each says what it kept. Bad input, a bug or a dead worker reject instead, with the typed error.
 */
export type JobEnd<R, P> =
  | { end: 'done'; value: R }
  /** `killed`: ended at once from outside, so only the emitted items were kept. */
  | { end: 'interrupted'; partial: P | undefined; killed: boolean }
  | { end: 'limit'; limit: LimitName; message: string; partial: P | undefined };

export interface RunOptions {
  /** Asks the job to stop and keep what it finished. */
  signal?: AbortSignal;
  /** Ends the job at once (its worker thread is ended and replaced). */
  kill?: AbortSignal;
  /** After `signal`, how long the job may take to stop by itself before it is ended (default: no limit). */
  graceMs?: number;
  /** Called every 250 ms while the job reports progress. */
  onProgress?: (done: number, total: number, label: string) => void;
  /** Each item the job emits, in order, as it comes. */
  onItem?: (item: unknown) => void;
  /**
   * Try the job in the calling thread first (small inputs, where a worker's start-up would be most of the run):
   * it gets `inlineMs` milliseconds there, then is abandoned (its items are dropped) and run in a worker, where
   * it can be interrupted. So an inline attempt never holds up a Ctrl-C for longer than that.
   */
  inline?: boolean;
  /** How long the inline try may take (default INLINE_MS). */
  inlineMs?: number;
}

/** How long a job may run in the calling thread before it moves to a worker. */
export const INLINE_MS = 150;

/** A job started: how it ends, how far it is, and the two ways to stop it. */
export interface RunningJob<R, P> {
  readonly result: Promise<JobEnd<R, P>>;
  /** The last progress the job reported (total 0 before any). */
  progress(): { done: number; total: number; label: string };
  /** Asks the job to stop and keep what it finished. */
  stop(): void;
  /** Ends the job at once. */
  kill(): void;
}

/** The task a job worker gets. */
interface JobTask {
  name: string;
  args: unknown;
  /** [stop flag: Int32 at byte 0][done, total: Float64 at bytes 8, 16]. */
  shared: SharedArrayBuffer;
  /** RunnerOptions.setup's value when the job started, for the worker's `prepare` (serveJobs). */
  setup: unknown;
}

type JobMessage = { item: unknown } | { label: string };

type JobReply = JobEnd<unknown, unknown>;

export interface RunnerOptions extends PoolOptions {
  /** Jobs at once (default 1). */
  threads?: number;
  /**
   * What a worker must do before a job can run there, as data taken in the calling thread when each job
   * starts (e.g. the modules that registered games in this thread): the worker's `prepare` (serveJobs)
   * gets it before the job runs. A job run inline needs none of it.
   */
  setup?: () => unknown;
}

/** Jobs run by a runner, by name: how many ended in the calling thread (inline) and in a worker. */
export type JobStats = Record<string, { inline: number; worker: number }>;

export class JobRunner<J extends Registry> {
  private pool: WorkerPool<JobTask, JobReply, JobMessage> | undefined;
  private readonly counts: JobStats = {};

  /**
   * `jobs` is the registry (for inline runs); `worker` the compiled module that serves the same registry in a
   * worker thread (it calls `serveJobs(jobs)`).
   */
  constructor(
    private readonly jobs: J,
    private readonly worker: URL,
    private readonly options: RunnerOptions = {},
  ) {}

  /** Runs a job to its end. */
  run<K extends keyof J & string>(name: K, args: ArgsOf<J[K]>, options: RunOptions = {}): Promise<JobEnd<ResultOf<J[K]>, PartialOf<J[K]>>> {
    return this.start(name, args, options).result;
  }

  /** Starts a job; its handle says how far it is and stops it. */
  start<K extends keyof J & string>(name: K, args: ArgsOf<J[K]>, options: RunOptions = {}): RunningJob<ResultOf<J[K]>, PartialOf<J[K]>> {
    if (!(name in this.jobs)) throw new Error(`no job named ${name}`);
    const shared = new SharedArrayBuffer(24);
    const flag = new Int32Array(shared, 0, 1);
    const numbers = new Float64Array(shared, 8, 2);
    let label = '';
    let killed = false;
    let running: { terminate(): Promise<void> } | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const kill = () => {
      killed = true;
      raiseStop(flag);
      void running?.terminate();
    };
    const stop = () => {
      raiseStop(flag);
      if (options.graceMs !== undefined && grace === undefined) grace = setTimeout(kill, options.graceMs);
    };
    if (options.signal?.aborted) stop();
    if (options.kill?.aborted) killed = true;
    options.signal?.addEventListener('abort', stop);
    options.kill?.addEventListener('abort', kill);
    const progress = () => ({ done: numbers[0]!, total: numbers[1]!, label });
    const { onProgress } = options;
    const poll = onProgress ? setInterval(() => numbers[1]! > 0 && onProgress(numbers[0]!, numbers[1]!, label), 250) : undefined;

    const inWorker = async (): Promise<JobReply> => {
      this.pool ??= new WorkerPool<JobTask, JobReply, JobMessage>(this.worker, this.options.threads ?? 1, this.options);
      if (killed) throw new WorkerExitError('the job was ended before it started', 'terminated');
      const task = this.pool.start({ name, args, shared, setup: this.options.setup?.() }, (m) => {
        if ('item' in m) options.onItem?.(m.item);
        else label = m.label;
      });
      running = task;
      return task.result;
    };
    const result = (async (): Promise<JobEnd<ResultOf<J[K]>, PartialOf<J[K]>>> => {
      try {
        const count = (this.counts[name] ??= { inline: 0, worker: 0 });
        let reply: JobReply | undefined;
        if (options.inline && !killed) reply = await this.tryInline(name, args, flag, numbers, options);
        if (reply) count.inline++;
        else {
          count.worker++;
          reply = await inWorker();
        }
        return reply as JobEnd<ResultOf<J[K]>, PartialOf<J[K]>>;
      } catch (e) {
        if (e instanceof WorkerExitError) {
          if (e.why === 'terminated') return { end: 'interrupted', partial: undefined, killed: true };
          if (e.why === 'memory') return { end: 'limit', limit: 'jobMemory', message: `the job ${name} ran out of memory (its worker thread's heap is full)`, partial: undefined };
          throw new Error(`the job ${name} failed: ${e.message}`);
        }
        throw e;
      } finally {
        if (poll) clearInterval(poll);
        if (grace) clearTimeout(grace);
        options.signal?.removeEventListener('abort', stop);
        options.kill?.removeEventListener('abort', kill);
      }
    })();
    return { result, progress, stop, kill };
  }

  /**
   * The job in this thread for at most INLINE_MS: its end (items passed on), or undefined when it ran out
   * of time (items dropped) and should run in a worker. A stop requested meanwhile still counts.
   */
  private async tryInline(name: string, args: unknown, flag: Int32Array, numbers: Float64Array, options: RunOptions): Promise<JobReply | undefined> {
    const deadline = performance.now() + (options.inlineMs ?? INLINE_MS);
    const userStop = flagSignal(flag);
    let late = false;
    const signal = {
      get aborted() {
        if (userStop.aborted) return true;
        if (performance.now() > deadline) late = true;
        return late;
      },
      addEventListener() {},
      removeEventListener() {},
    } as unknown as AbortSignal;
    const items: unknown[] = [];
    const ctx: JobContext = {
      signal,
      onProgress: (done, total) => {
        numbers[0] = done;
        numbers[1] = total;
      },
      emit: (item) => items.push(item),
    };
    const reply = await runJob(this.jobs[name]!, args, ctx);
    if (late && !userStop.aborted && reply.end === 'interrupted') {
      // The worker starts over: progress from the abandoned try would promise work that is not kept.
      numbers.fill(0);
      return undefined;
    }
    for (const item of items) options.onItem?.(item);
    return reply;
  }

  /** The jobs started so far, by name and by where they ran. */
  stats(): JobStats {
    return structuredClone(this.counts);
  }

  /** Ends every worker. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}

/** A job's end as data: its result, or what its interruption or limit kept (in the job's shape). */
async function runJob(j: Job<unknown, unknown, unknown>, args: unknown, ctx: JobContext): Promise<JobReply> {
  try {
    return { end: 'done', value: await j.run(args, ctx) };
  } catch (e) {
    if (e instanceof InterruptedError) return { end: 'interrupted', partial: j.keep?.(e.partial, args), killed: false };
    if (e instanceof LimitError) return { end: 'limit', limit: e.limit, message: e.message, partial: j.keep?.(e.partial, args) };
    throw e;
  }
}

/**
 * Worker side: runs the registry's jobs, one task at a time, each after `prepare` has been given what the
 * runner's `setup` took in the calling thread. Call once at the top of the worker module.
 */
export function serveJobs(jobs: Registry, prepare?: (setup: unknown) => void | Promise<void>): void {
  serveTasks<JobTask, JobReply, JobMessage>(async (task, post) => {
    if (prepare) await prepare(task.setup);
    const flag = new Int32Array(task.shared, 0, 1);
    const numbers = new Float64Array(task.shared, 8, 2);
    let label = '';
    let posted = 0;
    const ctx: JobContext = {
      signal: flagSignal(flag),
      onProgress: (done, total, next) => {
        numbers[0] = done;
        numbers[1] = total;
        // A label changes rarely; at most ten messages a second even when it does.
        if (next !== undefined && next !== label && performance.now() - posted > 100) {
          label = next;
          posted = performance.now();
          post({ label });
        }
      },
      emit: (item) => post({ item }),
    };
    const j = jobs[task.name];
    if (!j) throw new Error(`no job named ${task.name}`);
    return runJob(j, task.args, ctx);
  });
}
