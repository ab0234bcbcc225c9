/**
 * The named jobs of the job runner (core/jobs.ts): what the command line, the explorer and census workers
 * run off their own thread. Each job lives in the module of its family beside its arguments and what it
 * keeps (sequence.ts, ppositions.ts, grundy.ts, ...): it takes plain, cloneable arguments and a context
 * (stop signal, progress, emit), and declares with `keep` what an interruption or a limit keeps, in a typed
 * shape that survives the trip between threads (structured clones keep data but not classes: see
 * reviveAutomatonResult). A job imports its modules when it starts, so a worker loads only what its job
 * needs, and this list stays light enough for the CLI to import for inline runs.
 */
import type { Registry } from '../core/jobs.js';
import { admissibleJob } from './admissible.js';
import { automatonJob } from './automaton.js';
import { censusGameJob } from './census.js';
import { ArgsError } from './check.js';
import { bluffJob } from './grids.js';
import { grundyJob } from './grundy.js';
import { conformanceJob, logicJob, logicPanelJob } from './logic.js';
import { plotJob } from './plot.js';
import { ppositionsJob } from './ppositions.js';
import { quotientJob } from './quotient.js';
import { reproduceJob } from './reproduce.js';
import { sequenceJob } from './sequence.js';
import { bitstringJob, conjecture41Job } from './wythoff.js';

export const jobs = {
  sequence: sequenceJob,
  automaton: automatonJob,
  ppositions: ppositionsJob,
  admissible: admissibleJob,
  bitstring: bitstringJob,
  quotient: quotientJob,
  conjecture41: conjecture41Job,
  logic: logicJob,
  logicPanel: logicPanelJob,
  conformance: conformanceJob,
  grundy: grundyJob,
  bluff: bluffJob,
  plot: plotJob,
  'census-game': censusGameJob,
  reproduce: reproduceJob,
};

export type JobName = keyof typeof jobs;

/** A job asked for from outside (the explorer): its registry name and its arguments, checked by the job. */
export interface Task {
  job: JobName;
  args: unknown;
}

/** The jobs that take requests from outside: those with a `check`. */
export function requestJobs(): JobName[] {
  return (Object.keys(jobs) as JobName[]).filter((name) => (jobs as Registry)[name]!.check !== undefined);
}

/**
 * A request `{ job, args }` as a task: a job that takes requests, and its arguments checked by the job's
 * own `check` (which names the field it refuses). The only place the server learns what a job takes.
 */
export async function checkTask(job: unknown, args: unknown): Promise<Task> {
  if (job === undefined || job === null || job === '') throw new ArgsError('job', `missing "job"; one of ${requestJobs().join(', ')}`);
  const j = typeof job === 'string' && Object.hasOwn(jobs, job) ? (jobs as Registry)[job] : undefined;
  if (!j?.check) throw new ArgsError('job', `no job ${JSON.stringify(job)} takes requests; one of ${requestJobs().join(', ')}`);
  return { job: job as JobName, args: await j.check(args ?? {}) };
}
