/**
 * The explorer's jobs: a thin layer over the one job runner (core/jobs.ts, the same registry the command
 * line runs): job ids, the views the page polls, and how long finished jobs are kept. A task is a job's
 * registry name and its arguments, checked by the job (jobs/registry.ts, checkTask); its result and what a
 * stop keeps are the job's own, sent as they are. Jobs wait for a worker in the runner's line, which
 * knows their places, refuses past its cap (BusyError) and drops a job cancelled while it waits. Each
 * computation runs in a worker thread of the runner's pool, so the server keeps answering (progress,
 * cancel, other requests) while it works; workers stay for the next jobs (a new one costs the loading of
 * the library).
 *
 * No job outlives its client. Every job has a time budget; a job the page polls is cancelled when nobody
 * has polled it for a while; a job whose answer a request waits for is cancelled when that request's
 * connection closes. All three go through the runner's stop signal: the job stops and keeps what it
 * finished (or leaves the line without starting), and one that does not stop within the grace time is
 * ended (its worker is replaced).
 */
import type { JobEnd, JobRunner, JobStats, RunningJob } from '../core/jobs.js';
import { limitDefault } from '../core/limits.js';
import { type ErrorInfo, errorInfo } from '../core/pool.js';
import { jobRunner, type Task, type jobs } from '../jobs/index.js';
import { HttpError } from './http.js';

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobView {
  id: string;
  /** A job waiting for a worker is `running` too, with its place in the line in `queued`. */
  state: JobState;
  /** While the job waits for a worker: its place in the line (1 = next). */
  queued?: number;
  progress: { done: number; total: number; label: string } | null;
  /** Seconds since the job was accepted (to its end when finished). */
  elapsed: number;
  /**
   * Seconds left, estimated from the progress callback: the rate since the first report of the current
   * phase (a phase ends when the label changes or the count goes back), so the worker's start-up is left
   * out. Null until two reports of one phase differ, and when the job is not running.
   */
  eta: number | null;
  /** The job's registry name and the arguments it was given (to restore a page). */
  job: Task['job'];
  args: unknown;
  /** The job's result, in the job's own shape. */
  result?: unknown;
  /** What a stopped job finished before it stopped, in the job's shape (its `keep`), when there is something. */
  partial?: unknown;
  error?: ErrorInfo;
  /** Why a job was cancelled when nobody asked for it: its client went away, or the server closed. */
  reason?: string;
  /** A running job asked to stop that has not stopped yet (it is drawing what it finished, or being ended). */
  stopping?: true;
}

/** How the server knows a job's client is still there. */
export type Watch =
  /** The page polls the job (GET /api/jobs/ID); no poll for `pollTimeoutMs` cancels it. */
  | 'poll'
  /** A request waits for the answer; its connection closing cancels the job (see `watchConnection`). */
  | 'connection';

interface Job {
  id: string;
  task: Task;
  watch: Watch;
  state: JobState;
  accepted: number;
  ended?: number;
  /** The last poll (watch 'poll'). */
  seen: number;
  /** Raised to stop the job (the runner's stop signal): DELETE, the budget, the client gone, shutdown. */
  stop: AbortController;
  /** Why it was stopped when the client did not ask: the budget, or the client gone. */
  why?: { budget: true } | { reason: string };
  run?: RunningJob<unknown, unknown>;
  budget?: NodeJS.Timeout;
  result?: unknown;
  partial?: unknown;
  error?: ErrorInfo;
  /** The progress when the job ended. */
  last?: { done: number; total: number; label: string } | undefined;
  finished: Promise<void>;
  settle(): void;
  /** The first progress report of the current phase, and the latest (for the ETA). */
  phase?: { t0: number; d0: number; t: number; done: number; total: number; label: string };
}

export interface JobManagerOptions {
  /** Jobs running at once (default 4), the runner's threads; more wait in line. */
  maxRunning?: number;
  /** Jobs waiting for a worker (default 16), the runner's line; past it a new job is refused with BusyError (503). */
  maxQueued?: number;
  /** The time budget of a job from when a worker takes it (default 300 s); past it the job stops and fails with what it finished. */
  budgetMs?: number;
  /** A polled job nobody has polled for this long is cancelled (default 30 s). */
  pollTimeoutMs?: number;
  /** Finished jobs are forgotten this long after they end (default 10 minutes). */
  keepMs?: number;
  /** How long a stopped job may take to stop before it is ended (default 5 s). */
  graceMs?: number;
}

/** The defaults of JobManagerOptions (docs/explorer.md, docs/cli.md). */
export const JOB_DEFAULTS = { maxRunning: 4, maxQueued: 16, budgetMs: 1000 * limitDefault('jobSeconds'), pollTimeoutMs: 30_000, keepMs: 10 * 60_000, graceMs: 5000 } as const;

/** Finished jobs kept at most (the oldest are forgotten first). */
const MAX_KEPT = 64;

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private readonly runner: JobRunner<typeof jobs>;
  private readonly options: Required<JobManagerOptions>;
  private readonly watchdog: NodeJS.Timeout;
  private next = 1;
  private closed = false;

  constructor(options: JobManagerOptions = {}) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...JOB_DEFAULTS, ...defined };
    this.runner = jobRunner({ threads: this.options.maxRunning, maxWaiting: this.options.maxQueued });
    // Cancels the polled jobs nobody polls; it does not keep the process alive.
    this.watchdog = setInterval(() => this.sweep(), Math.min(1000, this.options.pollTimeoutMs)).unref();
  }

  /** The jobs of the runner so far, by name and by where they ran (core/jobs.ts). */
  stats(): JobStats {
    return this.runner.stats();
  }

  /** Jobs on a worker now. */
  get running(): number {
    return this.runner.running;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.runner.waiting;
  }

  /** Jobs accepted since the server started (refused ones do not count). */
  get accepted(): number {
    return this.next - 1;
  }

  /** Seconds after which a refused job may find room: a stopped job frees its worker within the grace time. */
  get retryAfter(): number {
    return Math.max(1, Math.ceil(this.options.graceMs / 1000));
  }

  /**
   * Accepts a checked task (checkTask) as a job: on a worker now if one is free, else in the runner's
   * line. Throws BusyError when the line is full. `watch` says how its client is known to be there
   * (default: it polls).
   */
  start(task: Task, watch: Watch = 'poll'): JobView {
    if (this.closed) throw new HttpError(503, 'the server is closing', 'request', { 'retry-after': '1' });
    this.forget();
    let settle!: () => void;
    const finished = new Promise<void>((r) => (settle = r));
    const now = Date.now();
    const job: Job = { id: '', task, watch, state: 'running', accepted: now, seen: now, stop: new AbortController(), finished, settle };
    // The runner refuses here, before the job has an id, when its line is full.
    const run = this.runner.start(task.job, task.args as never, {
      signal: job.stop.signal,
      graceMs: this.options.graceMs,
      onProgress: (done: number, total: number, label: string) => this.sample(job, done, total, label),
      // The budget counts from when a worker takes the job, not while it waits.
      onStart: () => (job.budget = setTimeout(() => this.halt(job, { budget: true }), this.options.budgetMs)),
    });
    job.run = run;
    job.id = `j${this.next++}`;
    this.jobs.set(job.id, job);
    // Whatever happens in here (a bug reading the result included) ends the job.
    run.result
      .then((end) => this.ended(job, end))
      .catch((e: unknown) => {
        job.error = errorInfo(e);
        this.end(job, 'failed');
      });
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

  /** Stops a job the client did not cancel (budget, client gone, shutdown); the first reason sticks. */
  private halt(job: Job, why: NonNullable<Job['why']>): void {
    if (job.state !== 'running') return;
    job.why ??= why;
    job.stop.abort();
  }

  private ended(job: Job, end: JobEnd<unknown, unknown>): void {
    if (end.end === 'done') {
      job.result = end.value;
      this.end(job, 'done');
      return;
    }
    if (end.partial !== undefined) job.partial = end.partial;
    if (end.end === 'interrupted' && job.why && 'budget' in job.why) {
      const s = this.options.budgetMs / 1000;
      job.error = { name: 'LimitError', message: `the job ran past its time budget of ${s} s (sprague serve --job-budget SECONDS raises it)`, limit: 'jobSeconds' };
      this.end(job, 'failed');
    } else if (end.end === 'interrupted') this.end(job, 'cancelled');
    else {
      job.error = { name: 'LimitError', message: end.message, limit: end.limit };
      this.end(job, 'failed');
    }
  }

  private end(job: Job, state: JobState): void {
    if (job.ended !== undefined) return;
    clearTimeout(job.budget);
    job.last = job.run?.progress();
    job.state = state;
    job.ended = Date.now();
    job.settle();
  }

  /** The job as the page sees it; a poll, so a polled job is kept alive. */
  get(id: string): JobView | undefined {
    const j = this.jobs.get(id);
    if (!j) return undefined;
    j.seen = Date.now();
    return this.view(j);
  }

  /**
   * Cancels the job when the connection of the request waiting for it closes before the answer is sent
   * (the client went away). Call right after `start(task, 'connection')`.
   */
  watchConnection(id: string, res: { readonly writableEnded: boolean; readonly destroyed: boolean; once(event: 'close', f: () => void): unknown }): void {
    const j = this.jobs.get(id);
    if (!j) return;
    const gone = () => {
      if (!res.writableEnded) this.halt(j, { reason: 'its client closed the connection' });
    };
    if (res.destroyed) gone();
    else res.once('close', gone);
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

  /**
   * Asks the job to stop, keeping what it finished (it is ended after the grace time); a job still in
   * line leaves it without starting. Resolves when it has ended.
   */
  async cancel(id: string): Promise<JobView | undefined> {
    const j = this.jobs.get(id);
    if (!j) return undefined;
    j.stop.abort();
    await j.finished;
    return this.view(j);
  }

  /** Stops every job and worker (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const open = [...this.jobs.values()].filter((j) => j.state === 'running');
    for (const j of open) this.halt(j, { reason: 'the server closed' });
    await Promise.all(open.map((j) => j.finished));
    await this.runner.close();
  }

  /** Cancels polled jobs nobody polls, and forgets finished jobs past their keeping time. */
  private sweep(): void {
    const now = Date.now();
    for (const j of this.jobs.values()) {
      if (j.watch === 'poll' && j.state === 'running' && now - j.seen > this.options.pollTimeoutMs) {
        this.halt(j, { reason: `nobody polled it for ${this.options.pollTimeoutMs / 1000} s` });
      }
    }
    this.forget();
  }

  /** Forgets finished jobs past their keeping time, and the oldest past MAX_KEPT (their pictures can be megabytes each). */
  private forget(): void {
    const now = Date.now();
    const kept: string[] = [];
    for (const [id, j] of this.jobs) {
      if (j.ended === undefined) continue;
      if (now - j.ended > this.options.keepMs) this.jobs.delete(id);
      else kept.push(id);
    }
    // Map order is the order jobs were accepted: close enough to the order they ended.
    for (const id of kept.slice(0, Math.max(0, kept.length - MAX_KEPT))) this.jobs.delete(id);
  }

  private view(j: Job): JobView {
    const place = j.state === 'running' ? j.run!.place() : undefined;
    const p = j.state === 'running' ? j.run!.progress() : j.last;
    const why = j.state === 'cancelled' && j.why && 'reason' in j.why ? j.why.reason : undefined;
    return {
      id: j.id,
      state: j.state,
      ...(place === undefined ? {} : { queued: place }),
      progress: p && p.total > 0 ? p : null,
      elapsed: ((j.ended ?? Date.now()) - j.accepted) / 1000,
      eta: this.eta(j),
      job: j.task.job,
      args: j.task.args,
      ...(j.result === undefined ? {} : { result: j.result }),
      ...(j.partial === undefined ? {} : { partial: j.partial }),
      ...(j.error ? { error: j.error } : {}),
      ...(why ? { reason: why } : {}),
      ...(j.state === 'running' && j.stop.signal.aborted ? { stopping: true as const } : {}),
    };
  }
}
