/**
 * The one job runner (ARCHITECTURE.md): a registry of named jobs, each `(args, ctx) => result` with
 * `ctx = { signal, onProgress, emit }`, run on the one worker pool (pool.ts) for the command line, the
 * explorer and census workers alike.
 *
 * The waiting line. A job waits here for a worker while all `threads` are taken: the runner's line is the
 * only one (the pool keeps none, and the explorer and the census executor keep none of their own), so one
 * place knows each job's place in it (`RunningJob.place`), refuses a job past its cap (`maxWaiting`:
 * BusyError, at once) and takes out a job stopped or ended while it waits, which then never starts.
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
import { isStopped, onAbort, raiseStop, stopAny, stopOnFlag, type Stop } from './stop.js';

export interface JobContext {
  /** Raised when the job should stop and keep what it finished (read it between steps; it fires no events). */
  readonly signal: Stop;
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
  /**
   * The job's arguments from a request that comes from outside (the explorer's JSON body), checked: the
   * fields it may have, their types and values, the specs parsed, in the caller's thread and before any
   * worker starts. Throws an error that names the field (jobs/check.ts, ArgsError). A job without `check`
   * is run only by code that builds its arguments itself (the CLI, the census), never from a request.
   */
  check?(body: unknown): A | Promise<A>;
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
  /** Asks the job to stop and keep what it finished (a face's real signal: the runner listens to it and raises the job's flag). */
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
   * it gets `inlineMs` milliseconds of CPU time there (and four times that of wall time at most), then is
   * abandoned (its items are dropped) and run in a worker, where it can be interrupted. So an inline attempt
   * never holds up a Ctrl-C for longer than that.
   */
  inline?: boolean;
  /** How much CPU time the inline try may take, in milliseconds (default INLINE_MS). */
  inlineMs?: number;
  /** Called when a worker takes the job (at once when one is free), not when it ends inline. */
  onStart?: () => void;
}

/** How long a job may run in the calling thread before it moves to a worker: milliseconds of CPU time (inlineDeadline). */
export const INLINE_MS = 150;
/** The inline try's wall-clock cap, as a multiple of its CPU budget (inlineDeadline). */
const INLINE_WALL_FACTOR = 4;

/**
 * The end of an inline try: `ms` of this process's CPU time, or INLINE_WALL_FACTOR times that of wall
 * time, whichever comes first. CPU time, because on a busy machine the wall clock runs on while the try
 * waits for a core: a try cut off by the wall clock is started over in a worker, and a run that needed
 * 0.1 s of CPU then cost twice that (0.16 to 2^19 at a load average of 20). The wall cap keeps a Ctrl-C
 * answered soon. The CPU clock (a system call) is read only once the wall clock has passed `ms`.
 */
function inlineDeadline(ms: number): Stop {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  return {
    get aborted() {
      const wall = performance.now() - start;
      if (wall < ms) return false;
      if (wall >= INLINE_WALL_FACTOR * ms) return true;
      const used = process.cpuUsage(cpu0);
      return (used.user + used.system) / 1000 >= ms;
    },
  };
}

/** A job started: how it ends, how far it is, and the two ways to stop it. */
export interface RunningJob<R, P> {
  readonly result: Promise<JobEnd<R, P>>;
  /** The last progress the job reported (total 0 before any). */
  progress(): { done: number; total: number; label: string };
  /** Asks the job to stop and keep what it finished. */
  stop(): void;
  /** Ends the job at once. */
  kill(): void;
  /** While the job waits for a worker, its place in the line (1 = next); else undefined. */
  place(): number | undefined;
}

/**
 * A job refused because every worker is taken and the line is full (RunnerOptions.maxWaiting): the
 * explorer answers it with 503.
 */
export class BusyError extends Error {
  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {
    super(`all ${running} workers are taken and the line of ${waiting} waiting jobs is full`);
    this.name = 'BusyError';
  }
}

/** A job waiting for a worker: told true when one takes it, false when the job left the line. */
type Seat = (taken: boolean) => void;

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
  /** Jobs that may wait for a worker (default: no bound); past it `start` throws BusyError. */
  maxWaiting?: number;
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
  /** Jobs waiting for a worker, in order. */
  private readonly line: Seat[] = [];
  /** Jobs that hold a worker (their task is on the pool, or about to be). */
  private busy = 0;

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

  /** Jobs on a worker now. */
  get running(): number {
    return this.busy;
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.line.length;
  }

  private get threads(): number {
    return this.options.threads ?? 1;
  }

  /**
   * Starts a job; its handle says how far it is, where it waits, and stops it. Throws BusyError when every
   * worker is taken and the line is full (checked here, also for a job that tries inline first).
   */
  start<K extends keyof J & string>(name: K, args: ArgsOf<J[K]>, options: RunOptions = {}): RunningJob<ResultOf<J[K]>, PartialOf<J[K]>> {
    if (!(name in this.jobs)) throw new Error(`no job named ${name}`);
    if (this.busy >= this.threads && this.line.length >= (this.options.maxWaiting ?? Infinity)) throw new BusyError(this.busy, this.line.length);
    const shared = new SharedArrayBuffer(24);
    const flag = new Int32Array(shared, 0, 1);
    const numbers = new Float64Array(shared, 8, 2);
    let label = '';
    let killed = false;
    let seat: Seat | undefined;
    let running: { terminate(): Promise<void> } | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const leave = () => {
      if (seat) this.leave(seat);
    };
    const kill = () => {
      killed = true;
      raiseStop(flag);
      leave();
      void running?.terminate();
    };
    const stop = () => {
      raiseStop(flag);
      leave();
      if (options.graceMs !== undefined && grace === undefined) grace = setTimeout(kill, options.graceMs);
    };
    if (options.signal?.aborted) stop();
    if (options.kill?.aborted) killed = true;
    // One listener per signal however many jobs share it (a census runs all its games on one).
    const unwatch = [options.signal && onAbort(options.signal, stop), options.kill && onAbort(options.kill, kill)];
    const progress = () => ({ done: numbers[0]!, total: numbers[1]!, label });
    const place = () => (seat ? this.line.indexOf(seat) + 1 || undefined : undefined);
    const { onProgress } = options;
    const poll = onProgress ? setInterval(() => numbers[1]! > 0 && onProgress(numbers[0]!, numbers[1]!, label), 250) : undefined;

    // A job ended before it started, or stopped while it would wait or waits, ends without starting. (One
    // stopped with a worker free starts and keeps what it finishes before its first check.)
    const notStarted = (): JobReply => ({ end: 'interrupted', partial: undefined, killed });
    const count = (this.counts[name] ??= { inline: 0, worker: 0 });
    const inWorker = async (): Promise<JobReply> => {
      if (killed) return notStarted();
      const taken = await this.thread(flag, (s) => (seat = s));
      seat = undefined;
      if (!taken) return notStarted();
      try {
        count.worker++;
        options.onStart?.();
        this.pool ??= new WorkerPool<JobTask, JobReply, JobMessage>(this.worker, this.threads, this.options);
        const task = this.pool.start({ name, args, shared, setup: this.options.setup?.() }, (m) => {
          if ('item' in m) options.onItem?.(m.item);
          else label = m.label;
        });
        running = task;
        return await task.result;
      } finally {
        this.busy--;
        this.dispatch();
      }
    };
    const result = (async (): Promise<JobEnd<ResultOf<J[K]>, PartialOf<J[K]>>> => {
      try {
        let reply: JobReply | undefined;
        if (options.inline && !killed) reply = await this.tryInline(name, args, flag, numbers, options);
        if (reply) count.inline++;
        else reply = await inWorker();
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
        for (const u of unwatch) u?.();
      }
    })();
    return { result, progress, stop, kill, place };
  }

  /**
   * A worker for one job: at once when one is free, else at its turn in the line; false when it left the
   * line, or would have joined it already stopped.
   */
  private thread(flag: Int32Array, sit: (seat: Seat) => void): Promise<boolean> {
    if (this.busy < this.threads && this.line.length === 0) {
      this.busy++;
      return Promise.resolve(true);
    }
    if (isStopped(flag)) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.line.push(resolve);
      sit(resolve);
    });
  }

  /** Takes a waiting job out of the line (stopped or ended before it started). */
  private leave(seat: Seat): void {
    const i = this.line.indexOf(seat);
    if (i < 0) return;
    this.line.splice(i, 1);
    seat(false);
  }

  /** Gives the free workers to the first jobs in line. */
  private dispatch(): void {
    while (this.busy < this.threads && this.line.length > 0) {
      this.busy++;
      this.line.shift()!(true);
    }
  }

  /**
   * The job in this thread for at most INLINE_MS of CPU time (inlineDeadline): its end (items passed on), or undefined when it ran out
   * of time (items dropped) and should run in a worker. A stop requested meanwhile still counts.
   */
  private async tryInline(name: string, args: unknown, flag: Int32Array, numbers: Float64Array, options: RunOptions): Promise<JobReply | undefined> {
    const userStop = stopOnFlag(flag);
    const late = inlineDeadline(options.inlineMs ?? INLINE_MS);
    const signal = stopAny(userStop, late);
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

  /** Ends every worker; the jobs still waiting end without starting (interrupted). */
  async close(): Promise<void> {
    for (const seat of this.line.splice(0)) seat(false);
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
    let postedAt = -1;
    const ctx: JobContext = {
      signal: stopOnFlag(flag),
      onProgress: (done, total, next) => {
        numbers[0] = done;
        numbers[1] = total;
        // At most ten messages a second while a step's label changes, and always the label of a new step:
        // the step after a quick one may be long, and a busy worker posts nothing until its next call
        // (a logic job showed its first command's label through the whole of a 20 s second one).
        if (next !== undefined && next !== label && (done !== postedAt || performance.now() - posted > 100)) {
          label = next;
          posted = performance.now();
          postedAt = done;
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
