/**
 * Runs a long library call in a worker thread, so the CLI's own thread stays free to notice Ctrl-C and draw
 * progress. The stop flag and the progress travel through shared memory (a message would wait for the work
 * to end); an interrupted call comes back as an InterruptedError whose `partial` is what it finished.
 * Items a job emits as it goes (e.g. one per logic command) come over a BroadcastChannel at once, so they
 * survive even when a job that does not poll the stop flag has to be ended from outside.
 */
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import { InterruptedError, LimitError } from '../core/errors.js';
import type { LimitName } from '../core/limits.js';
import { WorkerPool, retypeWorkerError } from '../core/pool.js';
import { raiseStop } from '../core/stop.js';
import { type JobArgs, type JobContext, type JobName, type JobResult, jobs } from './background-jobs.js';
import { progressBar } from './io.js';

export interface BackgroundTask {
  name: JobName;
  args: unknown;
  /** [stop flag: Int32 at byte 0][done, total: Float64 from byte 8]. */
  shared: SharedArrayBuffer;
  /** The BroadcastChannel the job's emitted items go to. */
  channel: string;
}

/** How the job ended (a limit or an interruption keeps the job's partial result) and how many items it emitted. */
export type BackgroundReply =
  | { end: 'done' | 'interrupted'; value: unknown; emitted: number }
  | { end: 'limit'; value: unknown; message: string; limit: LimitName; emitted: number }
  | { end: 'error'; name: string; message: string; emitted: number };

export interface BackgroundOptions {
  /** Asks the job to stop; it comes back with what it finished (InterruptedError.partial). */
  signal?: AbortSignal;
  /** Ends the worker at once: for jobs that do not poll `signal`, or a second Ctrl-C. Nothing but the emitted items is kept. */
  kill?: AbortSignal;
  /** After `signal`, how long the job may take to stop by itself before its worker is ended (default: no limit). */
  graceMs?: number;
  onProgress?: (done: number, total: number) => void;
  /** Each item the job emits, in order, while it runs. */
  onItem?: (item: unknown) => void;
  /**
   * Run in this thread instead (for small inputs, where a worker's start-up, ~40 ms plus its imports, is most of
   * the run). The job cannot be interrupted then.
   */
  inline?: boolean;
}

/** How long the items a job sent before its reply may take to arrive. */
const ITEM_WAIT_MS = 10_000;

export async function runInBackground<K extends JobName>(name: K, args: JobArgs<K>, options: BackgroundOptions = {}): Promise<JobResult<K>> {
  if (options.inline) return runHere(name, args, options);
  const shared = new SharedArrayBuffer(8 + 16);
  const flag = new Int32Array(shared, 0, 1);
  const progress = new Float64Array(shared, 8, 2);
  const pool = new WorkerPool<BackgroundTask, BackgroundReply>(new URL('./background-worker.js', import.meta.url), 1);
  const channelName = `sprague-job-${randomUUID()}`;
  const channel = new BroadcastChannel(channelName);
  let received = 0;
  let caughtUp: (() => void) | undefined;
  let needed = Infinity;
  channel.onmessage = (ev) => {
    options.onItem?.((ev as MessageEvent).data);
    if (++received >= needed) caughtUp?.();
  };
  let killed = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const kill = () => {
    killed = true;
    void pool.close();
  };
  const stop = () => {
    raiseStop(flag);
    if (options.graceMs !== undefined && grace === undefined) grace = setTimeout(kill, options.graceMs);
  };
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop);
  options.kill?.addEventListener('abort', kill);
  const { onProgress } = options;
  const poll = onProgress ? setInterval(() => progress[1]! > 0 && onProgress(progress[0]!, progress[1]!), 250) : undefined;
  try {
    let reply: BackgroundReply;
    try {
      reply = await pool.run({ name, args, shared, channel: channelName });
    } catch (e) {
      if (killed) throw new InterruptedError();
      throw e;
    }
    // The reply and the items travel on different ports: wait for the items sent before the reply.
    if (received < reply.emitted) {
      needed = reply.emitted;
      // Posted items do arrive; should one not, fail loudly rather than hang or drop a line unseen.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve, reject) => {
        caughtUp = resolve;
        timer = setTimeout(() => reject(new Error(`${reply.emitted - received} of the job's ${reply.emitted} items never arrived`)), ITEM_WAIT_MS);
      }).finally(() => clearTimeout(timer));
    }
    if (reply.end === 'interrupted') throw new InterruptedError(reply.value);
    if (reply.end === 'limit') throw new LimitError(reply.message, reply.limit, reply.value);
    if (reply.end === 'error') throw Object.assign(new Error(reply.message), { name: reply.name });
    return reply.value as JobResult<K>;
  } catch (e) {
    throw retypeWorkerError(e);
  } finally {
    if (poll) clearInterval(poll);
    if (grace) clearTimeout(grace);
    options.signal?.removeEventListener('abort', stop);
    options.kill?.removeEventListener('abort', kill);
    channel.close();
    await pool.close();
  }
}

/** The same job in the calling thread: items go straight to onItem. */
async function runHere<K extends JobName>(name: K, args: JobArgs<K>, options: BackgroundOptions): Promise<JobResult<K>> {
  const ctx: JobContext = {
    signal: options.signal ?? new AbortController().signal,
    onProgress: options.onProgress ?? (() => {}),
    emit: options.onItem ?? (() => {}),
  };
  return (await (jobs[name] as (a: unknown, c: JobContext) => unknown)(args, ctx)) as JobResult<K>;
}

export interface CtrlCOptions extends Pick<BackgroundOptions, 'graceMs' | 'onItem' | 'inline'> {
  /** The progress bar's title (drawn on stderr when it is a terminal). */
  title: string;
}

/**
 * A command's job run so that Ctrl-C asks it to stop and keep what it finished (a second Ctrl-C ends it at
 * once), with a progress bar while it runs.
 */
export async function runStoppable<K extends JobName>(name: K, args: JobArgs<K>, options: CtrlCOptions): Promise<JobResult<K>> {
  const bar = progressBar(options.title);
  const stop = new AbortController();
  const kill = new AbortController();
  const onSigint = () => (stop.signal.aborted ? kill.abort() : stop.abort());
  process.on('SIGINT', onSigint);
  try {
    return await runInBackground(name, args, {
      signal: stop.signal,
      kill: kill.signal,
      onProgress: (d, t) => bar.update(d, t),
      ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
      ...(options.onItem ? { onItem: options.onItem } : {}),
      ...(options.inline ? { inline: true } : {}),
    });
  } finally {
    process.off('SIGINT', onSigint);
    bar.stop();
  }
}
