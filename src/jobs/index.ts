/**
 * The jobs of the job runner (core/jobs.ts) and a runner for them: the command line runs its long commands
 * through one (a single worker), the explorer through another (a few), a census through one of its own (a
 * worker per core: executors/local.ts), and queue workers the same way.
 */
import { JobRunner, type RunnerOptions } from '../core/jobs.js';
import { JOB_WORKER, jobSetup } from './load.js';
import { jobs } from './registry.js';

export { JOB_WORKER, loadJob, loadingJobRunner, type JobSetup, type LoadingJobRunner } from './load.js';
export { checkTask, jobs, requestJobs, type JobName, type Task } from './registry.js';
export { ArgsError } from './check.js';
export { keptAdmissibility, type AdmissibilityArgs, type KeptAdmissibility } from './admissible.js';
export { reviveAutomatonResult } from './automaton.js';
export type { BluffArgs } from './grids.js';
export type { GrundyArgs, GrundyLine } from './grundy.js';
export type { KeptCount } from './kept.js';
export type { LogicArgs, LogicLine, LogicPanelArgs, LogicPanelResult } from './logic.js';
export { keptPPositions, type KeptPPositions } from './ppositions.js';
export type { KeptSequence, SequenceArgs, SequenceRun } from './sequence.js';

/**
 * A runner of the registry's jobs on a pool of `threads` workers (default 1), started as jobs come. Its
 * workers load the game modules this thread loaded (spec/parse.ts, loadGameModules) before a job parses a
 * spec, so a game registered here is known there too, and take this thread's memory budget (jobSetup).
 */
export function jobRunner(options: RunnerOptions = {}): JobRunner<typeof jobs> {
  return new JobRunner(jobs, JOB_WORKER, { setup: jobSetup, ...options });
}
