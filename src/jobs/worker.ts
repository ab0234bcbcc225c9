/**
 * The job runner's worker thread: serves the registry's jobs (core/jobs.ts), one at a time, each after
 * loading the game modules its caller had loaded (jobRunner's setup), so a registered game parses here too.
 */
import { serveJobs } from '../core/jobs.js';
import { jobs } from './registry.js';

serveJobs(jobs, async (modules) => {
  // The spec parser only when there is something to register: a worker loads only what its job needs.
  if (Array.isArray(modules) && modules.length > 0) await (await import('../spec/parse.js')).loadGameModules(modules as string[]);
});
