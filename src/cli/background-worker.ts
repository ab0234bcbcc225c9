/** Worker side of runInBackground: one job per task, its stop flag and progress in shared memory. */
import { InterruptedError, LimitError } from '../core/errors.js';
import { serveTasks } from '../core/pool.js';
import { flagSignal } from '../core/stop.js';
import { jobs } from './background-jobs.js';
import type { BackgroundReply, BackgroundTask } from './background.js';

serveTasks((task: BackgroundTask): BackgroundReply => {
  const progress = new Float64Array(task.shared, 8, 2);
  const ctx = {
    signal: flagSignal(new Int32Array(task.shared, 0, 1)),
    onProgress: (done: number, total: number) => {
      progress[0] = done;
      progress[1] = total;
    },
  };
  try {
    return { end: 'done', value: (jobs[task.name] as (args: unknown, c: typeof ctx) => unknown)(task.args, ctx) };
  } catch (e) {
    if (e instanceof InterruptedError && e.partial !== undefined) return { end: 'interrupted', value: e.partial };
    if (e instanceof LimitError) return { end: 'limit', value: e.partial, message: e.message, limit: e.limit };
    throw e;
  }
});
