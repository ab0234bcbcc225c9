/**
 * The census job: one game of a census computed (census/compute.ts), the same function on this machine's
 * cores (census/executor.ts LocalExecutor) and on a queue worker (census/queue.ts CensusWorker). A stopped
 * game keeps nothing: a census stores finished games only, and a rerun computes the game again.
 */
import type { JobContext } from '../core/jobs.js';
import type { CensusTask } from '../census/compute.js';
import type { CensusRow } from '../census/row.js';

export async function censusGame(task: CensusTask, ctx: JobContext): Promise<CensusRow> {
  const { computeGame } = await import('../census/compute.js');
  return computeGame(task, { signal: ctx.signal, onProgress: (done, total) => ctx.onProgress(done, total, task.spec) });
}
