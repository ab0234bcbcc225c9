/**
 * The registry's jobs one at a time: a runner that knows only the jobs loaded so far. The command line runs
 * one job, often inline (`sequence` to a period in a tenth of a second), and registry.ts imports every
 * job's module and theirs (the automata, the census, ...): a whole process paid some 15 ms of CPU for them.
 */
import { memoryBudgetSet } from '../core/budget.js';
import { JobRunner, type RunnerOptions } from '../core/jobs.js';
import { gameModules } from '../spec/parse.js';
import type { JobName, jobs } from './registry.js';

type Jobs = typeof jobs;

/** What a job's worker is given before the job: the game modules to load and the caller's memory budget. */
export interface JobSetup {
  modules: string[];
  memoryBudget: number | undefined;
}

/** The worker module that serves the whole registry. */
export const JOB_WORKER = new URL('./worker.js', import.meta.url);

/** The setup of a job's worker, taken in this thread when the job starts: the workers know the games this thread knows. */
export function jobSetup(): JobSetup {
  return { modules: gameModules(), memoryBudget: memoryBudgetSet() };
}

/** Each job's module, by the job's name (the mapped type makes a job missing here a compile error). */
const loaders: { [K in JobName]: () => Promise<Jobs[K]> } = {
  sequence: async () => (await import('./sequence.js')).sequenceJob,
  automaton: async () => (await import('./automaton.js')).automatonJob,
  ppositions: async () => (await import('./ppositions.js')).ppositionsJob,
  admissible: async () => (await import('./admissible.js')).admissibleJob,
  bitstring: async () => (await import('./wythoff.js')).bitstringJob,
  conjecture41: async () => (await import('./wythoff.js')).conjecture41Job,
  logic: async () => (await import('./logic.js')).logicJob,
  logicPanel: async () => (await import('./logic.js')).logicPanelJob,
  conformance: async () => (await import('./logic.js')).conformanceJob,
  grundy: async () => (await import('./grundy.js')).grundyJob,
  bluff: async () => (await import('./grids.js')).bluffJob,
  plot: async () => (await import('./plot.js')).plotJob,
  'census-game': async () => (await import('./census.js')).censusGameJob,
  reproduce: async () => (await import('./reproduce.js')).reproduceJob,
  quotient: async () => (await import('./quotient.js')).quotientJob,
};

/** The job `name` of the registry, its module loaded now. */
export function loadJob<K extends JobName>(name: K): Promise<Jobs[K]> {
  return loaders[name]();
}

/** A job runner (a pool of workers that serve the whole registry) with the jobs loaded in this thread so far. */
export interface LoadingJobRunner {
  /** The runner, once the job `name` is loaded here: it may run `name`, inline too. */
  load(name: JobName): Promise<JobRunner<Jobs>>;
  /** Ends the runner's workers. */
  close(): Promise<void>;
}

/** A runner of the registry's jobs whose registry in this thread (for inline runs) holds only the jobs loaded. */
export function loadingJobRunner(options: RunnerOptions = {}): LoadingJobRunner {
  const loaded: Partial<Record<JobName, Jobs[JobName]>> = {};
  const runner = new JobRunner(loaded as Jobs, JOB_WORKER, { setup: jobSetup, ...options });
  return {
    async load(name) {
      loaded[name] ??= await loadJob(name);
      return runner;
    },
    close: () => runner.close(),
  };
}
