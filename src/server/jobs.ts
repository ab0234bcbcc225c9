/**
 * Jobs: each computation runs in its own worker thread, so the server keeps answering (progress,
 * cancel, other requests) while it works. A job is cancelled through a shared flag that the
 * library's AbortSignal reads; a worker that does not stop in time is terminated.
 */
import { Worker } from 'node:worker_threads';
import type { PlotResult } from '../plot/index.js';
import type { ErrorInfo, GrundyAnswer, Task, WorkerMessage } from './protocol.js';
import { cancel, newCancelFlag } from './signal.js';

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
  /** How long a cancelled worker may take to stop before it is terminated (default 2 s). */
  graceMs?: number;
}

export class BusyError extends Error {
  constructor(running: number) {
    super(`${running} computations are running; cancel one or wait`);
    this.name = 'BusyError';
  }
}

const WORKER_URL = new URL('./worker.js', import.meta.url);

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private next = 1;

  constructor(private readonly options: JobManagerOptions = {}) {}

  get running(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.state === 'running') n++;
    return n;
  }

  /** Starts a task in a new worker. Throws BusyError when too many are running. */
  start(task: Task): JobView {
    this.sweep();
    const max = this.options.maxRunning ?? 4;
    if (this.running >= max) throw new BusyError(this.running);
    const id = `j${this.next++}`;
    const flag = newCancelFlag();
    const worker = new Worker(WORKER_URL, { workerData: { task, flag } });
    let resolve!: () => void;
    const job: Job = { id, state: 'running', progress: null, started: Date.now(), flag, worker, finished: new Promise((r) => (resolve = r)) };
    const end = (state: JobState) => {
      if (job.state !== 'running') return;
      job.state = state;
      job.ended = Date.now();
      delete job.worker;
      resolve();
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') job.progress = { done: m.done, total: m.total, label: m.label };
      else if (m.type === 'done') {
        job.result = m.result;
        end('done');
      } else if (m.type === 'cancelled') {
        if (m.partial) job.partial = m.partial;
        end('cancelled');
      } else {
        job.error = m.error;
        end('failed');
      }
    });
    worker.on('error', (e) => {
      job.error = { name: 'Error', message: `internal error: ${e.message.split('\n')[0]}` };
      end('failed');
    });
    worker.on('exit', () => {
      if (Atomics.load(flag, 0) === 1) end('cancelled');
      else if (job.state === 'running') {
        job.error = { name: 'Error', message: 'internal error: the computation stopped without an answer' };
        end('failed');
      }
    });
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
      const grace = this.options.graceMs ?? 2000;
      await this.wait(id, grace);
      if (j.state === 'running' && worker) await worker.terminate();
      await j.finished;
    }
    return this.view(j);
  }

  /** Stops every job (server shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.jobs.values()].filter((j) => j.state === 'running').map((j) => this.cancel(j.id)));
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
