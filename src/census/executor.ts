/**
 * Where census games run. An executor takes a task and resolves with its row, or rejects with the
 * error that failed it; the census loop does not care whether that happens on this machine's cores
 * (LocalExecutor, src/executors/local.ts) or on workers behind a Redis queue (QueueExecutor,
 * src/executors/queue.ts). Both sit above the job layer, which runs the census job; the census itself
 * knows only this interface.
 */
import type { CensusTask } from './compute.js';
import type { CensusRow } from './row.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface GameOptions {
  /** Asks the game to stop: its promise then rejects with InterruptedError (unless it had finished). */
  signal?: AbortSignal;
  /** Ends the game at once (its worker thread is ended and replaced); it rejects with InterruptedError. */
  kill?: AbortSignal;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface Executor {
  /** Its games run on this machine, so a task may name a folder here (CensusTask.checkpoint). */
  readonly local?: boolean;
  /** Computes one game. */
  run(task: CensusTask, options?: GameOptions): Promise<CensusRow>;
  /** Stops: games not finished are abandoned (their promises reject). */
  close(): Promise<void>;
}
