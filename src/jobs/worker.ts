/**
 * The job runner's worker thread: serves the registry's jobs (core/jobs.ts), one at a time, each after
 * loading the game modules its caller had loaded (jobRunner's setup), so a registered game parses here too.
 */
import { setMemoryBudget } from '../core/budget.js';
import { serveJobs } from '../core/jobs.js';
import type { JobSetup } from './load.js';
import { jobs } from './registry.js';

serveJobs(jobs, async (setup) => {
  const { modules, memoryBudget } = setup as JobSetup;
  setMemoryBudget(memoryBudget);
  // The spec parser only when there is something to register: a worker loads only what its job needs.
  if (modules.length > 0) await (await import('../spec/parse.js')).loadGameModules(modules);
});
