/**
 * Jobs: each computation runs in a worker thread of its own, so the server keeps answering (progress,
 * cancel, other requests) while it works. Idle workers are kept for the next jobs (a new one costs
 * the loading of the library). A job is cancelled through a shared flag that the library's
 * AbortSignal reads; a worker that does not stop in time is terminated.
 */
import { Worker } from 'node:worker_threads';
import type { PlotResult } from '../plot/index.js';
import type { ErrorInfo, GrundyAnswer, Task, TaskMessage, WorkerMessage } from './protocol.js';
import { cancel, isCancelled, newCancelFlag } from './signal.js';

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobView {
  id: string;
  state: JobState;
  progress: { done: number; total: number; label: string } | null;
  /** Seconds since the job started (to its end when finished). */
  elapsed: number;
  result?: PlotResult | GrundyAnswer;
  /** A cancelled job's picture of the work finished before it stopped, when there is one. */
  partial?: PlotResult;
  error?: ErrorInfo;
}

interface Job {
  id: string;
  state: JobState;
  progress: JobView['progress'];
  started: number;
  ended?: number;
  result?: PlotResult | GrundyAnswer;
  partial?: PlotResult;
  error?: ErrorInfo;
  worker?: Worker;
  flag: Int32Array;
  finished: Promise<void>;
}

export interface JobManagerOptions {
  /** Running jobs at once (default 4); more are refused. */
  maxRunning?: number;
  /** Finished jobs are forgotten this long after they end (default 10 minutes). */
  keepMs?: number;
  /** How long a cancelled worker may take to stop before it is terminated (default 5 s). */
  graceMs?: number;
  /** Idle workers kept for later jobs (default 2). */
  idleWorkers?: number;
}

export class BusyError extends Error {
  constructor(running: number) {
    super(`${running} computations are running; cancel one or wait`);
    this.name = 'BusyError';
  }
}

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** A worker that does not keep the process alive by itself while idle. */
function newWorker(): Worker {
  // Flags about the main script (e.g. --input-type of `node -e`) mean nothing to a worker file.
  const w = new Worker(WORKER_URL, { execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')) });
  w.unref();
  return w;
}

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private readonly idle: Worker[] = [];
  private next = 1;

  constructor(private readonly options: JobManagerOptions = {}) {}

  get running(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.state === 'running') n++;
    return n;
  }

  /** Starts a task in a worker. Throws BusyError when too many are running. */
  start(task: Task): JobView {
    this.sweep();
    const max = this.options.maxRunning ?? 4;
    if (this.running >= max) throw new BusyError(this.running);
    const id = `j${this.next++}`;
    const flag = newCancelFlag();
    const worker = this.idle.pop() ?? newWorker();
    let resolve!: () => void;
    const job: Job = { id, state: 'running', progress: null, started: Date.now(), flag, worker, finished: new Promise((r) => (resolve = r)) };
    const end = (state: JobState, reusable: boolean) => {
      if (job.state !== 'running') return;
      job.state = state;
      job.ended = Date.now();
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      delete job.worker;
      if (reusable && this.idle.length < (this.options.idleWorkers ?? 2)) this.idle.push(worker);
      else if (reusable) void worker.terminate();
      resolve();
    };
    const onMessage = (m: WorkerMessage & { job: string }) => {
      if (m.job !== id) return;
      if (m.type === 'progress') job.progress = { done: m.done, total: m.total, label: m.label };
      else if (m.type === 'done') {
        job.result = m.result;
        end('done', true);
      } else if (m.type === 'cancelled') {
        if (m.partial) job.partial = m.partial;
        end('cancelled', true);
      } else {
        job.error = m.error;
        end('failed', true);
      }
    };
    const onError = (e: Error) => {
      job.error = { name: 'Error', message: `internal error: ${e.message.split('\n')[0]}` };
      end('failed', false);
    };
    const onExit = () => {
      if (isCancelled(flag)) end('cancelled', false);
      else {
        job.error = { name: 'Error', message: 'internal error: the computation stopped without an answer' };
        end('failed', false);
      }
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ job: id, task, flag } satisfies TaskMessage);
    this.jobs.set(id, job);
    return this.view(job);
  }

  get(id: string): JobView | undefined {
    const j = this.jobs.get(id);
    return j && this.view(j);
  }

  /** Resolves when the job has ended (any state). */
  async wait(id: string, timeoutMs?: number): Promise<JobView | undefined> {
    const j = this.jobs.get(id);
    if (!j) return undefined;
    if (timeoutMs === undefined) await j.finished;
    else {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([j.finished, new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
      clearTimeout(timer);
    }
    return this.view(j);
  }

  /** Asks the job to stop, keeping what it finished; terminates its worker after the grace time. */
  async cancel(id: string): Promise<JobView | undefined> {
    const j = this.jobs.get(id);
    if (!j) return undefined;
    if (j.state === 'running') {
      cancel(j.flag);
      const worker = j.worker;
      const grace = this.options.graceMs ?? 5000;
      await this.wait(id, grace);
      if (j.state === 'running' && worker) await worker.terminate();
      await j.finished;
    }
    return this.view(j);
  }

  /** Stops every job and worker (server shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.jobs.values()].filter((j) => j.state === 'running').map((j) => this.cancel(j.id)));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private sweep(): void {
    const keep = this.options.keepMs ?? 10 * 60_000;
    const now = Date.now();
    for (const [id, j] of this.jobs) if (j.ended !== undefined && now - j.ended > keep) this.jobs.delete(id);
  }

  private view(j: Job): JobView {
    return {
      id: j.id,
      state: j.state,
      progress: j.progress,
      elapsed: ((j.ended ?? Date.now()) - j.started) / 1000,
      ...(j.result ? { result: j.result } : {}),
      ...(j.partial ? { partial: j.partial } : {}),
      ...(j.error ? { error: j.error } : {}),
    };
  }
}
