/**
 * Where census games run. An executor takes a task and resolves with its row, or rejects with the
 * error that failed it; the census loop does not care whether that happens on this machine's cores
 * (LocalExecutor) or on workers behind a Redis queue (QueueExecutor, src/census/queue.ts).
 * Phase B: the unified job runner replaces LocalExecutor.
 */
import { WorkerPool, defaultThreads } from '../core/pool.js';
import type { CensusTask } from './compute.js';
import type { CensusRow } from './row.js';

export interface Executor {
  /** Computes one game. */
  run(task: CensusTask): Promise<CensusRow>;
  /** Stops: tasks not finished are abandoned (their promises reject). */
  close(): Promise<void>;
}

/** One worker thread per core (the project's WorkerPool), each running computeGame. */
export class LocalExecutor implements Executor {
  private readonly pool: WorkerPool<CensusTask, CensusRow>;

  constructor(readonly threads = defaultThreads()) {
    this.pool = new WorkerPool<CensusTask, CensusRow>(new URL('./worker-thread.js', import.meta.url), threads);
  }

  run(task: CensusTask): Promise<CensusRow> {
    return this.pool.run(task);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
