/**
 * The census job: one game of a census computed (census/compute.ts), the same function on this machine's
 * cores (executors/local.ts LocalExecutor) and on a queue worker (executors/queue.ts CensusWorker). A stopped
 * game keeps nothing: a census stores finished games only, and a rerun computes the game again.
 */
import { job, type JobContext } from '../core/jobs.js';
import type { CensusTask } from '../census/compute.js';
import type { CensusRow } from '../census/row.js';

export async function censusGame(task: CensusTask, ctx: JobContext): Promise<CensusRow> {
  const { computeGame } = await import('../census/compute.js');
  return computeGame(task, { signal: ctx.signal, onProgress: (done, total) => ctx.onProgress(done, total, task.spec) });
}

/**
 * One census game (`sprague census run`, `sprague worker`): its row. No `keep`: a census stores only
 * finished games, so a stopped one is computed again by the next run.
 */
export const censusGameJob = job({
  run: async (task: CensusTask, ctx) => censusGame(task, ctx),
});
