/** Census games on this machine's cores: the census job (`census-game`) on the project's job runner. */
import { InterruptedError, LimitError } from '../core/errors.js';
import type { JobRunner } from '../core/jobs.js';
import { defaultThreads } from '../core/pool.js';
import type { CensusTask } from '../census/compute.js';
import type { Executor, GameOptions } from '../census/executor.js';
import type { CensusRow } from '../census/row.js';
import { jobRunner, type jobs } from '../jobs/index.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface LocalExecutorOptions {
  /** Games at once, each in its own worker thread (default: the machine's cores). */
  threads?: number;
  /** After a stop, how long a game may take to notice it before its thread is ended (default: no limit). */
  graceMs?: number;
}

/**
 * The census job (`census-game`, src/jobs/census.ts) on the project's job runner, one worker thread per
 * core. The runner carries the stop flag into the kernels and replaces a worker that dies or is ended; a
 * worker past its heap ends its game with the `jobMemory` limit, which the census stores as a failed row.
 * Games wait here for a free thread, so a stop never starts the ones still waiting.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class LocalExecutor implements Executor {
  readonly threads: number;
  private readonly runner: JobRunner<typeof jobs>;
  private readonly graceMs: number | undefined;
  private readonly closing = new AbortController();
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(options: LocalExecutorOptions | number = {}) {
    const o = typeof options === 'number' ? { threads: options } : options;
    this.threads = o.threads ?? defaultThreads();
    this.graceMs = o.graceMs;
    this.runner = jobRunner({ threads: this.threads });
  }

  async run(task: CensusTask, options: GameOptions = {}): Promise<CensusRow> {
    await this.slot();
    try {
      if (options.signal?.aborted || options.kill?.aborted || this.closing.signal.aborted) throw new InterruptedError();
      const kill = options.kill ? AbortSignal.any([options.kill, this.closing.signal]) : this.closing.signal;
      const end = await this.runner.run('census-game', task, {
        kill,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(this.graceMs === undefined ? {} : { graceMs: this.graceMs }),
      });
      if (end.end === 'done') return end.value;
      if (end.end === 'limit') throw new LimitError(end.message, end.limit);
      throw new InterruptedError();
    } catch (e) {
      // A game ended by the executor's close is interrupted, whatever the pool said about it.
      if (this.closing.signal.aborted && !(e instanceof InterruptedError)) throw new InterruptedError();
      throw e;
    } finally {
      this.release();
    }
  }

  /** Waits for one of the threads to be free. */
  private slot(): Promise<void> {
    if (this.running < this.threads) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }

  /** Ends the games running (they reject with InterruptedError) and the worker threads. */
  async close(): Promise<void> {
    this.closing.abort();
    // The games waiting for a thread start, see the executor closed and reject at once.
    while (this.queue.length > 0) this.queue.shift()!();
    await this.runner.close();
  }
}
