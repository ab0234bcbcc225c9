/**
 * The command line's side of the job runner (core/jobs.ts): a command's long call runs as a named job in a
 * worker thread, so the CLI's own thread stays free to notice Ctrl-C (interrupt.ts) and draw a progress bar.
 * One runner (one worker) serves the whole process.
 */
import { workerHeapMb } from '../core/budget.js';
import { InterruptedError, LimitError } from '../core/errors.js';
import type { ArgsOf, JobEnd, PartialOf, ResultOf } from '../core/jobs.js';
import type { JobName, LoadingJobRunner, jobs } from '../jobs/index.js';
import { ctrlC, installCtrlC, stopGrace } from './interrupt.js';
import { progressBar } from './io.js';

type Jobs = typeof jobs;

let runner: LoadingJobRunner | undefined;

export interface CommandJobOptions {
  /** The progress bar's title (drawn on stderr when it is a terminal). */
  title: string;
  /** Each item the job emits, as it comes. */
  onItem?: (item: unknown) => void;
  /** Try the job in this thread first (small inputs): see RunOptions.inline. */
  inline?: boolean;
  /** How much CPU time the first try in this thread may take, in milliseconds (default: core/jobs.ts's INLINE_MS). */
  inlineMs?: number;
  /** After the first Ctrl-C, how long the job may take to stop before it is ended. */
  graceMs?: number;
  /** The job's progress, for a command that runs many jobs under one bar of its own (no bar is drawn then). */
  onProgress?: (done: number, total: number, label: string) => void;
}

/** Runs a command's job under the Ctrl-C contract, with a progress bar; how it ended, typed. */
export async function runCommandJob<K extends JobName>(name: K, args: ArgsOf<Jobs[K]>, options: CommandJobOptions): Promise<JobEnd<ResultOf<Jobs[K]>, PartialOf<Jobs[K]>>> {
  installCtrlC();
  const bar = options.onProgress ? { update: options.onProgress, stop() {} } : progressBar(options.title);
  // The worker's heap is the memory budget (--max-memory): a job past it ends with exit 3, not V8's abort.
  // Only the job that runs is loaded (jobs/load.ts), with the first job: a command line that runs none
  // (--help, a bad flag) loads no job, and one that runs `sequence` inline not the automata or the census.
  runner ??= (await import('../jobs/load.js')).loadingJobRunner({ resourceLimits: { maxOldGenerationSizeMb: workerHeapMb() } });
  const loaded = await runner.load(name);
  try {
    const end = await loaded.run(name, args, {
      signal: ctrlC.stop,
      kill: ctrlC.kill,
      onProgress: (done, total, label) => bar.update(Math.floor(done), total, label),
      ...(options.onItem ? { onItem: options.onItem } : {}),
      ...(options.inline ? { inline: true, ...(options.inlineMs === undefined ? {} : { inlineMs: options.inlineMs }) } : {}),
      ...(options.graceMs === undefined ? {} : { graceMs: stopGrace(options.graceMs) }),
    });
    // For checking how a command ran: SPRAGUE_TRACE_JOBS=1 names each job, where it ran and how it ended
    // (a stopped job that did not stop by itself within its grace was ended from outside).
    if (process.env['SPRAGUE_TRACE_JOBS']) {
      const where = loaded.stats()[name]!;
      const how = end.end === 'interrupted' && end.killed ? 'interrupted, ended from outside' : end.end;
      process.stderr.write(`sprague: job ${name} ${how} (jobs of the runner so far: ${where.inline} inline, ${where.worker} in a worker)\n`);
    }
    return end;
  } finally {
    bar.stop();
  }
}

/** Ends the runner's worker (the CLI's entry, once the command is over). */
export async function closeCommandJobs(): Promise<void> {
  await runner?.close();
  runner = undefined;
}

/**
 * The error a command throws after printing what a stopped job kept: the CLI turns it into exit 130
 * (interrupted; `kept` says whether anything was printed) or 3 (a limit, its message naming the flag).
 */
export function stopped<R, P>(end: Exclude<JobEnd<R, P>, { end: 'done' }>, kept: boolean = end.partial !== undefined): Error {
  if (end.end === 'limit') return new LimitError(end.message, end.limit, end.partial);
  return new InterruptedError(kept ? (end.partial ?? {}) : undefined);
}
