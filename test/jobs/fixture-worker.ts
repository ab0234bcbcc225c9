/** The worker of the runner's own tests. */
import { serveJobs } from '../../src/core/jobs.js';
import { fixtureJobs } from './fixture-jobs.js';

serveJobs(fixtureJobs);
