/**
 * Runs a long library call in a worker thread, so the CLI's own thread stays free to notice Ctrl-C and draw
 * progress. The stop flag and the progress travel through shared memory (a message would wait for the work
 * to end); an interrupted call comes back as an InterruptedError whose `partial` is what it finished.
 */
import { InterruptedError, LimitError } from '../core/errors.js';
import { WorkerPool, retypeWorkerError } from '../core/pool.js';
import { raiseStop } from '../core/stop.js';
import type { JobArgs, JobName, JobResult } from './background-jobs.js';

export interface BackgroundTask {
  name: JobName;
  args: unknown;
  /** [stop flag: Int32 at byte 0][done, total: Float64 from byte 8]. */
  shared: SharedArrayBuffer;
}

/** How the job ended; a limit or an interruption keeps the job's partial result. */
export type BackgroundReply =
  | { end: 'done' | 'interrupted'; value: unknown }
  | { end: 'limit'; value: unknown; message: string; limit: string };

export interface BackgroundOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export async function runInBackground<K extends JobName>(name: K, args: JobArgs<K>, options: BackgroundOptions = {}): Promise<JobResult<K>> {
  const shared = new SharedArrayBuffer(8 + 16);
  const flag = new Int32Array(shared, 0, 1);
  const progress = new Float64Array(shared, 8, 2);
  const stop = () => raiseStop(flag);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop);
  const { onProgress } = options;
  const poll = onProgress ? setInterval(() => progress[1]! > 0 && onProgress(progress[0]!, progress[1]!), 250) : undefined;
  const pool = new WorkerPool<BackgroundTask, BackgroundReply>(new URL('./background-worker.js', import.meta.url), 1);
  try {
    const reply = await pool.run({ name, args, shared });
    if (reply.end === 'interrupted') throw new InterruptedError(reply.value);
    if (reply.end === 'limit') throw new LimitError(reply.message, reply.limit, reply.value);
    return reply.value as JobResult<K>;
  } catch (e) {
    throw retypeWorkerError(e);
  } finally {
    if (poll) clearInterval(poll);
    options.signal?.removeEventListener('abort', stop);
    await pool.close();
  }
}
