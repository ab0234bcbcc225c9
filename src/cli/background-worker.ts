/** Worker side of runInBackground: one job per task, its stop flag and progress in shared memory. */
import { BroadcastChannel } from 'node:worker_threads';
import { InterruptedError, LimitError } from '../core/errors.js';
import { serveTasks } from '../core/pool.js';
import { flagSignal } from '../core/stop.js';
import { type JobContext, jobs } from './background-jobs.js';
import type { BackgroundReply, BackgroundTask } from './background.js';

serveTasks(async (task: BackgroundTask): Promise<BackgroundReply> => {
  const progress = new Float64Array(task.shared, 8, 2);
  const channel = new BroadcastChannel(task.channel);
  let emitted = 0;
  const ctx: JobContext = {
    signal: flagSignal(new Int32Array(task.shared, 0, 1)),
    onProgress: (done, total) => {
      progress[0] = done;
      progress[1] = total;
    },
    emit: (item) => {
      channel.postMessage(item);
      emitted++;
    },
  };
  try {
    if (task.modules.length > 0) await (await import('../spec/parse.js')).loadGameModules(task.modules);
    return { end: 'done', value: await (jobs[task.name] as (args: unknown, c: JobContext) => unknown)(task.args, ctx), emitted };
  } catch (e) {
    if (e instanceof InterruptedError && e.partial !== undefined) return { end: 'interrupted', value: e.partial, emitted };
    if (e instanceof LimitError) return { end: 'limit', value: e.partial, message: e.message, limit: e.limit, emitted };
    // As a reply, not a thrown error, so that the caller still waits for the items emitted before it.
    const err = e instanceof Error ? e : new Error(String(e));
    return { end: 'error', name: err.name, message: err.message, emitted };
  } finally {
    channel.close();
  }
});
