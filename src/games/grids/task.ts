/**
 * Long grid solves in a worker thread (through the project's WorkerPool): the caller's AbortSignal
 * raises a shared flag that the search polls, so an interrupted solve still saves its checkpoint.
 */
import { WorkerPool, retypeWorkerError } from '../../core/pool.js';
import { CramRuleset } from './cram.js';
import { DomineeringRuleset } from './domineering.js';
import { PushCramRuleset } from './push.js';
import type { BluffReport, GridRuleset, SolveProgress, SolveResult } from './solve.js';

export const TASK_FLAG = 1;
export const TASK_PROGRESS = 4;

/** The games the grid search knows (a ruleset names its own in `capabilities.gridSearch`). */
export type GridGame = 'cram' | 'pushcram' | 'domineering';

export interface GridTask {
  /** A GridGame; a name the search does not know is an InputError. */
  game: string;
  /** The position as typed (parseBoard grammar); parse it in the caller first to report bad input. */
  position: string;
  what: 'solve' | 'bluff';
  checkpoint?: string;
  checkpointEveryMs?: number;
  grundy?: boolean;
  tableBits?: number;
  shared: SharedArrayBuffer;
}

/** The grid ruleset of a spec name, or undefined. */
export function gridRuleset(name: string): GridRuleset | undefined {
  if (name === 'cram') return new CramRuleset();
  if (name === 'pushcram') return new PushCramRuleset();
  if (name === 'domineering') return new DomineeringRuleset();
  return undefined;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: SolveProgress) => void;
}

type Task = Omit<GridTask, 'shared'>;

export function runGridTask(task: Task & { what: 'solve' }, options?: RunOptions): Promise<SolveResult>;
export function runGridTask(task: Task & { what: 'bluff' }, options?: RunOptions): Promise<BluffReport>;
/** Runs a solve or a bluff test in a worker thread; rejects with the library's typed errors. */
export async function runGridTask(task: Task, options: RunOptions = {}): Promise<SolveResult | BluffReport> {
  const shared = new SharedArrayBuffer(8 + 8 * TASK_PROGRESS);
  const flag = new Int32Array(shared, 0, TASK_FLAG);
  const progress = new Float64Array(shared, 8, TASK_PROGRESS);
  const stop = () => Atomics.store(flag, 0, 1);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop);
  const poll = options.onProgress
    ? setInterval(() => options.onProgress!({ nodes: progress[0]!, entries: progress[1]!, rootDone: progress[2]!, rootTotal: progress[3]! }), 250)
    : undefined;
  const pool = new WorkerPool<GridTask, SolveResult | BluffReport>(new URL('./worker.js', import.meta.url), 1);
  try {
    return await pool.run({ ...task, shared });
  } catch (e) {
    throw retypeWorkerError(e, task.checkpoint ? { checkpoint: task.checkpoint } : undefined);
  } finally {
    if (poll) clearInterval(poll);
    options.signal?.removeEventListener('abort', stop);
    await pool.close();
  }
}
