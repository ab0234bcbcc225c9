/**
 * The explorer's jobs: a thin layer over the one job runner (core/jobs.ts, the same registry the command
 * line runs): job ids, the views the page polls, and how long finished jobs are kept. Each computation runs
 * in a worker thread of the runner's pool, so the server keeps answering (progress, cancel, other requests)
 * while it works; workers stay for the next jobs (a new one costs the loading of the library). Cancel asks a
 * job to stop and keep what it finished; one that does not stop within the grace time is ended.
 */
import type { JobEnd, JobRunner, JobStats, RunningJob } from '../core/jobs.js';
import { errorInfo } from '../core/pool.js';
import { jobRunner, type GrundyLine, type KeptAdmissibility, type LogicPanelResult, type jobs } from '../jobs/index.js';
import type { PlotResult } from '../plot/index.js';
import type { ErrorInfo, GrundyAnswer, Task } from './protocol.js';

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobView {
  id: string;
  state: JobState;
  progress: { done: number; total: number; label: string } | null;
  /** Seconds since the job started (to its end when finished). */
  elapsed: number;
  /**
   * Seconds left, estimated from the progress callback: the rate since the first report of the current
   * phase (a phase ends when the label changes or the count goes back), so the worker's start-up is left
   * out. Null until two reports of one phase differ, and when the job is not running.
   */
  eta: number | null;
  /** What the job is: `plot`, `grundy`, `logic` or `admissible`, and what it was asked (to restore a page). */
  op: Task['op'];
  request: Record<string, unknown>;
  result?: PlotResult | GrundyAnswer | LogicPanelResult | AdmissibilityAnswer;
  /**
   * What a cancelled job finished before it stopped, when there is something: a picture of the work
   * finished, the logic commands done, how far the admissibility search got.
   */
  partial?: PlotResult | LogicPanelResult | KeptAdmissibility;
  error?: ErrorInfo;
}

/** The admissibility panel's answer: the verdict as `sprague admissible --json` gives it. */
export type AdmissibilityAnswer = Record<string, unknown> & { admissible: boolean; method: string; certified: boolean };

interface Job {
  id: string;
  state: JobState;
  started: number;
  ended?: number;
  result?: JobView['result'];
  partial?: JobView['partial'];
  error?: ErrorInfo;
  run: RunningJob<unknown, unknown>;
  /** The progress when the job ended. */
  last?: { done: number; total: number; label: string };
  finished: Promise<void>;
  task: Task;
  /** The first progress report of the current phase, and the latest (for the ETA). */
  phase?: { t0: number; d0: number; t: number; done: number; total: number; label: string };
}

/** What a task asked, as the page sends it back to restore its fields. */
function requestOf(task: Task): Record<string, unknown> {
  switch (task.op) {
    case 'plot':
      return { ...task.request };
    case 'grundy':
      return { spec: task.spec, position: task.position };
    case 'logic':
      return { query: task.text };
    case 'admissible':
      return { ...task.args };
  }
}

export interface JobManagerOptions {
  /** Running jobs at once (default 4), the runner's threads; more are refused. */
  maxRunning?: number;
  /** Finished jobs are forgotten this long after they end (default 10 minutes). */
  keepMs?: number;
  /** How long a cancelled job may take to stop before it is ended (default 5 s). */
  graceMs?: number;
}

export class BusyError extends Error {
  constructor(running: number) {
    super(`${running} computations are running; cancel one or wait`);
    this.name = 'BusyError';
  }
}

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private readonly runner: JobRunner<typeof jobs>;
  private next = 1;

  constructor(private readonly options: JobManagerOptions = {}) {
    this.runner = jobRunner({ threads: this.maxRunning });
  }

  private get maxRunning(): number {
    return this.options.maxRunning ?? 4;
  }

  /** The jobs of the runner so far, by name and by where they ran (core/jobs.ts). */
  stats(): JobStats {
    return this.runner.stats();
  }

  get running(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.state === 'running') n++;
    return n;
  }

  /** Starts a task as a job of the runner. Throws BusyError when too many are running. */
  start(task: Task): JobView {
    this.sweep();
    if (this.running >= this.maxRunning) throw new BusyError(this.running);
    const id = `j${this.next++}`;
    let job: Job | undefined;
    const options = { onProgress: (done: number, total: number, label: string) => job && this.sample(job, done, total, label) };
    const run: RunningJob<unknown, unknown> =
      task.op === 'plot'
        ? this.runner.start('plot', task.request, options)
        : task.op === 'logic'
          ? this.runner.start('logicPanel', { text: task.text }, options)
          : task.op === 'admissible'
            ? this.runner.start('admissible', task.args, options)
            : this.runner.start('grundy', { spec: task.spec, positions: [task.position], ...(task.maxDepth === undefined ? {} : { maxDepth: task.maxDepth }) }, options);
    job = { id, state: 'running', started: Date.now(), run, finished: Promise.resolve(), task };
    const started = job;
    job.finished = run.result.then(
      (end) => this.ended(started, task, end),
      (e: unknown) => {
        started.error = errorInfo(e);
        this.end(started, 'failed');
      },
    );
    this.jobs.set(id, job);
    return this.view(job);
  }

  /** A progress report (every 250 ms from the runner): starts a new phase when the label changes or the count goes back. */
  private sample(job: Job, done: number, total: number, label: string): void {
    const t = Date.now();
    const p = job.phase;
    if (!p || p.label !== label || p.total !== total || done < p.done) job.phase = { t0: t, d0: done, t, done, total, label };
    else Object.assign(p, { t, done });
  }

  private eta(j: Job): number | null {
    const p = j.phase;
    if (j.state !== 'running' || !p || p.done <= p.d0 || p.t <= p.t0) return null;
    const rate = (p.done - p.d0) / (p.t - p.t0); // per millisecond
    // Counted from the last report, not from now: the job has gone on since.
    return Math.max(0, (p.total - p.done) / rate - (Date.now() - p.t)) / 1000;
  }

  private ended(job: Job, task: Task, end: JobEnd<unknown, unknown>): void {
    if (end.end === 'done') {
      if (task.op === 'grundy') {
        const [line] = end.value as GrundyLine[];
        job.result = { position: line!.formatted, grundy: line!.grundy, outcome: line!.outcome };
      } else job.result = end.value as JobView['result'];
      this.end(job, 'done');
    } else if (end.end === 'interrupted') {
      if (task.op !== 'grundy' && end.partial) job.partial = end.partial as JobView['partial'];
      this.end(job, 'cancelled');
    } else {
      job.error = { name: 'LimitError', message: end.message, limit: end.limit };
      this.end(job, 'failed');
    }
  }

  private end(job: Job, state: JobState): void {
    job.last = job.run.progress();
    job.state = state;
    job.ended = Date.now();
  }

  get(id: string): JobView | undefined {
    const j = this.jobs.get(id);
    return j && this.view(j);
  }

  /** Resolves when the job has ended (any state), or after `timeoutMs`. */
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

  /** Asks the job to stop, keeping what it finished; ends it after the grace time. */
  async cancel(id: string): Promise<JobView | undefined> {
    const j = this.jobs.get(id);
    if (!j) return undefined;
    if (j.state === 'running') {
      j.run.stop();
      await this.wait(id, this.options.graceMs ?? 5000);
      if (j.state === 'running') j.run.kill();
      await j.finished;
    }
    return this.view(j);
  }

  /** Stops every job and worker (server shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.jobs.values()].filter((j) => j.state === 'running').map((j) => this.cancel(j.id)));
    await this.runner.close();
  }

  private sweep(): void {
    const keep = this.options.keepMs ?? 10 * 60_000;
    const now = Date.now();
    for (const [id, j] of this.jobs) if (j.ended !== undefined && now - j.ended > keep) this.jobs.delete(id);
  }

  private view(j: Job): JobView {
    const p = j.state === 'running' ? j.run.progress() : j.last;
    return {
      id: j.id,
      state: j.state,
      progress: p && p.total > 0 ? p : null,
      elapsed: ((j.ended ?? Date.now()) - j.started) / 1000,
      eta: this.eta(j),
      op: j.task.op,
      request: requestOf(j.task),
      ...(j.result ? { result: j.result } : {}),
      ...(j.partial ? { partial: j.partial } : {}),
      ...(j.error ? { error: j.error } : {}),
    };
  }
}
