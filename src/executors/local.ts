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
 * Games wait for a free thread in the runner's line, which a stop or a kill leaves without starting.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class LocalExecutor implements Executor {
  readonly local = true;
  readonly threads: number;
  private readonly runner: JobRunner<typeof jobs>;
  private readonly graceMs: number | undefined;
  private readonly closing = new AbortController();

  constructor(options: LocalExecutorOptions | number = {}) {
    const o = typeof options === 'number' ? { threads: options } : options;
    this.threads = o.threads ?? defaultThreads();
    this.graceMs = o.graceMs;
    this.runner = jobRunner({ threads: this.threads });
  }

  async run(task: CensusTask, options: GameOptions = {}): Promise<CensusRow> {
    try {
      // A stopped census starts no game, even with a thread free.
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
    }
  }

  /** Ends the games running (they reject with InterruptedError) and the worker threads. */
  async close(): Promise<void> {
    // Ends the games running and takes the waiting ones out of the line (both reject with InterruptedError).
    this.closing.abort();
    await this.runner.close();
  }
}
