/**
 * Census games on many machines: a BullMQ queue on Redis. The coordinator (QueueExecutor) turns each
 * game into a job whose id is derived from the task, so resubmitting a game never duplicates it, and
 * collects the finished jobs (their rows are the jobs' return values) for the census loop, which is the
 * only writer of the database. Workers (CensusWorker) take jobs and compute them on their own cores.
 *
 * Nothing is lost when a worker dies: a job's lock lapses after `lockDurationMs` without renewal and
 * another worker's stall check puts the job back in the queue. A job that fails `attempts` times is
 * reported as failed with its last error. Results not yet collected (the coordinator was stopped) stay in
 * Redis, and the next coordinator run of the same census collects them.
 */
import { createHash } from 'node:crypto';
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { onAbort } from '../core/stop.js';
import type { CensusTask } from '../census/compute.js';
import type { Executor, GameOptions } from '../census/executor.js';
import type { CensusRow } from '../census/row.js';
import { LocalExecutor } from './local.js';

/** The queue a coordinator and its workers share unless told another (`--queue-name`). */
export const QUEUE_NAME = 'sprague-census';

/**
 * Checks a queue name: censuses with different names on one Redis never see each other's jobs. BullMQ
 * keys are `bull:NAME:...`, so a colon (its key separator) is refused.
 */
export function parseQueueName(text: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(text)) throw new InputError(`bad queue name ${JSON.stringify(text)}: ${QUEUE_NAME_RULE}`);
  return text;
}

export const QUEUE_NAME_RULE = "letters, digits, '.', '_' and '-', at most 100, starting with a letter or digit";

/** Uncollected results are dropped by Redis after this long. */
const KEEP_SECONDS = 7 * 24 * 3600;

/** Checks a redis://HOST:PORT[/DB] URL; returns it normalised. */
export function parseRedisUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`bad Redis URL ${JSON.stringify(text)}: expected redis://HOST:PORT`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new InputError(`bad Redis URL ${JSON.stringify(text)}: the scheme must be redis://`);
  if (url.hostname === '') throw new InputError(`bad Redis URL ${JSON.stringify(text)}: no host`);
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d+$/.test(url.pathname)) {
    throw new InputError(`bad Redis URL ${JSON.stringify(text)}: the path may only be a database number`);
  }
  return url.toString();
}

/** Fails with one line when Redis cannot be reached, instead of retrying for ever. */
export async function checkRedis(url: string, timeoutMs = 5000): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw new InputError(`cannot reach Redis at ${url}: ${(e as Error).message || (e as { code?: string }).code || 'connection failed'}`);
  } finally {
    client.disconnect();
  }
}

function connection(url: string) {
  // BullMQ's blocking commands need maxRetriesPerRequest = null.
  return { url, maxRetriesPerRequest: null };
}

/** The job id of a task: the same game with the same settings is one job, however often it is submitted. */
export function jobId(task: CensusTask): string {
  const key = JSON.stringify([task.spec, task.computation, task.bound, task.automaton ?? null]);
  return `census-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export interface QueueExecutorOptions {
  /** Attempts per job before it is recorded as failed (default 3). */
  attempts?: number;
  /** How often finished jobs are collected, in milliseconds (default 250). */
  pollMs?: number;
  /** The queue on that Redis (default QUEUE_NAME); workers must be given the same. */
  queueName?: string;
}

interface Waiter {
  resolve(row: CensusRow): void;
  reject(error: Error): void;
}

/** The coordinator side: run(task) resolves when some worker has finished the task's job. */
export class QueueExecutor implements Executor {
  private readonly queue: Queue;
  private readonly waiting = new Map<string, Waiter[]>();
  private buffer: { id: string; task: CensusTask }[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private closed = false;
  private failure: Error | undefined;

  private constructor(
    readonly url: string,
    private readonly options: Required<QueueExecutorOptions>,
  ) {
    this.queue = new Queue(options.queueName, { connection: connection(url) });
    this.queue.on('error', () => {});
    this.timer = setInterval(() => void this.poll(), options.pollMs);
  }

  static async open(url: string, options: QueueExecutorOptions = {}): Promise<QueueExecutor> {
    const normalised = parseRedisUrl(url);
    const queueName = parseQueueName(options.queueName ?? QUEUE_NAME);
    await checkRedis(normalised);
    return new QueueExecutor(normalised, { attempts: options.attempts ?? 3, pollMs: options.pollMs ?? 250, queueName });
  }

  /** Resolves when a worker has finished the task; a stop (options.signal) gives up waiting for it. */
  run(task: CensusTask, options: GameOptions = {}): Promise<CensusRow> {
    const stop = options.signal;
    if (!stop) return this.submit(task);
    if (stop.aborted) return Promise.reject(new InterruptedError());
    return new Promise<CensusRow>((resolve, reject) => {
      const onStop = () => reject(new InterruptedError());
      // One listener for all the games on this signal (a census submits them all at once).
      const release = onAbort(stop, onStop);
      this.submit(task).then(
        (row) => {
          release();
          resolve(row);
        },
        (e) => {
          release();
          reject(e);
        },
      );
    });
  }

  private submit(task: CensusTask): Promise<CensusRow> {
    if (this.closed) return Promise.reject(new Error('the queue executor is closed'));
    if (this.failure) return Promise.reject(this.failure);
    const id = jobId(task);
    return new Promise<CensusRow>((resolve, reject) => {
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else {
        this.waiting.set(id, [{ resolve, reject }]);
        this.buffer.push({ id, task });
        // Tasks submitted in one tick go to Redis in one round trip.
        if (this.buffer.length === 1) queueMicrotask(() => (this.flushing = this.flushing.then(() => this.flush())));
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0 || this.closed) return;
    try {
      for (let i = 0; i < batch.length; i += 500) {
        await this.queue.addBulk(
          batch.slice(i, i + 500).map(({ id, task }) => ({
            name: 'census',
            data: task,
            opts: {
              jobId: id,
              attempts: this.options.attempts,
              backoff: { type: 'fixed', delay: 500 },
              removeOnComplete: { age: KEEP_SECONDS },
              removeOnFail: { age: KEEP_SECONDS },
            },
          })),
        );
      }
    } catch (e) {
      this.fail(new Error(`cannot add jobs to the queue at ${this.url}: ${(e as Error).message}`));
    }
  }

  /** Collects finished jobs of ours: completed ones give their rows, failed ones (attempts spent) their error. */
  private async poll(): Promise<void> {
    if (this.polling || this.closed || this.waiting.size === 0) return;
    this.polling = true;
    try {
      const finished: { job: Job; failed: boolean }[] = [];
      for (const state of ['completed', 'failed'] as const) {
        for (let start = 0; ; start += 1000) {
          const page = (await this.queue.getJobs(state, start, start + 999, true)) as Job[];
          for (const job of page) if (job?.id !== undefined && this.waiting.has(job.id)) finished.push({ job, failed: state === 'failed' });
          if (page.length < 1000) break;
        }
      }
      for (const { job, failed } of finished) {
        const waiters = this.waiting.get(job.id!);
        if (!waiters) continue;
        this.waiting.delete(job.id!);
        for (const w of waiters) {
          if (failed) w.reject(new Error(job.failedReason));
          else w.resolve(job.returnvalue as CensusRow);
        }
        // Collected: the coordinator commits the row now; a result lost between here and the commit is
        // only a game in flight, recomputed by the next run.
        await job.remove().catch(() => {});
      }
    } catch (e) {
      if (!this.closed) this.fail(new Error(`lost the queue at ${this.url}: ${(e as Error).message}`));
    } finally {
      this.polling = false;
    }
  }

  private fail(e: Error): void {
    this.failure = e;
    for (const [, waiters] of this.waiting) for (const w of waiters) w.reject(e);
    this.waiting.clear();
  }

  /** Stops collecting; the jobs still waiting for a worker are withdrawn (running ones finish and are kept). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flushing;
    const ids = [...this.waiting.keys()];
    for (const [, waiters] of this.waiting) for (const w of waiters) w.reject(new Error('the queue executor was closed'));
    this.waiting.clear();
    for (const id of ids) {
      const job = await this.queue.getJob(id).catch(() => undefined);
      if (job && (await job.isWaiting().catch(() => false))) await job.remove().catch(() => {});
    }
    await this.queue.close();
  }
}

export interface CensusWorkerOptions {
  /** Jobs computed at once, each on its own thread (default: the machine's cores). */
  threads?: number;
  /** A job's lock lapses after this long without renewal; a dead worker's job is retried then (default 30 s). */
  lockDurationMs?: number;
  /** The queue on that Redis (default QUEUE_NAME): the coordinator's. */
  queueName?: string;
  onActive?(task: CensusTask): void;
  onCompleted?(task: CensusTask, row: CensusRow): void;
  onFailed?(task: CensusTask, error: Error, attemptsMade: number): void;
}

/**
 * The worker side (`sprague worker`): takes jobs until stopped, computing each as the census job of the
 * job runner (LocalExecutor, the same function as a census on one machine) in a worker thread, so that
 * this thread stays free to renew the jobs' locks.
 */
export class CensusWorker {
  private releasing = false;

  private constructor(
    private readonly worker: Worker,
    private readonly executor: LocalExecutor,
  ) {}

  static async start(url: string, options: CensusWorkerOptions = {}): Promise<CensusWorker> {
    const normalised = parseRedisUrl(url);
    const queueName = parseQueueName(options.queueName ?? QUEUE_NAME);
    await checkRedis(normalised);
    const executor = new LocalExecutor(options.threads === undefined ? {} : { threads: options.threads });
    const lockDuration = options.lockDurationMs ?? 30_000;
    let self: CensusWorker | undefined;
    const worker = new Worker(
      queueName,
      async (job: Job, token?: string) => {
        const task = job.data as CensusTask;
        try {
          return await executor.run(task);
        } catch (e) {
          // Stopped with --release: hand the job back untouched instead of failing an attempt.
          if (self?.releasing && token !== undefined) {
            await job.moveToWait(token);
            throw new WaitingError();
          }
          // The error crosses Redis as its message only: a limit keeps its name there, as a local run stores it.
          if (e instanceof LimitError) throw new Error(`limit ${e.limit}: ${e.message}`);
          throw e;
        }
      },
      {
        connection: connection(normalised),
        concurrency: executor.threads,
        lockDuration,
        stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)),
        // A game whose workers keep dying is still retried a few times before it is called failed.
        maxStalledCount: 3,
      },
    );
    worker.on('error', () => {});
    worker.on('active', (job: Job) => options.onActive?.(job.data as CensusTask));
    worker.on('completed', (job: Job, row: CensusRow) => options.onCompleted?.(job.data as CensusTask, row));
    worker.on('failed', (job: Job | undefined, error: Error) => {
      if (job) options.onFailed?.(job.data as CensusTask, error, job.attemptsMade);
    });
    self = new CensusWorker(worker, executor);
    await worker.waitUntilReady();
    return self;
  }

  /**
   * Stops taking jobs. 'finish' waits for the running jobs to complete; 'release' stops them at once and
   * puts them back in the queue for another worker.
   */
  async stop(mode: 'finish' | 'release'): Promise<void> {
    if (mode === 'release') {
      this.releasing = true;
      const closing = this.worker.close();
      await this.executor.close();
      await closing;
      return;
    }
    await this.worker.close();
    await this.executor.close();
  }
}
