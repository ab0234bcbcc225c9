/** The job runner's worker thread: serves the registry's jobs (core/jobs.ts), one at a time. */
import { serveJobs } from '../core/jobs.js';
import { jobs } from './registry.js';

serveJobs(jobs);
